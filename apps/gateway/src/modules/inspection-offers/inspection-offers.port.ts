import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import type { DispatchPort, OffersPort } from '../../deps';
import { createLiveChannel } from '../../live/live-channel';
import { offersChannel } from './inspection-offers.live';
import { offersService, openOffers } from './inspection-offers.service';

/**
 * What offers do for other modules (decision 033), wired by the app layer: the dispatch sheet's
 * "resend to offer" sends a real offer, published on `/ws/offers` like any other.
 */
export function offersPort(db: Db, dispatch: DispatchPort): OffersPort {
  const live = createLiveChannel(db, offersChannel(() => openOffers(kyselyOf(db))));
  const service = offersService(db, { dispatch, live });
  return {
    async send(actor, inspectionId) {
      const sent = await service.sendOffer(actor, inspectionId);
      return { pk: inspectionId, code: sent.code, offer_sent_at: sent.offer_sent_at };
    },
  };
}
