import { CONCIERGE_OFFERS_TOPIC, CONCIERGE_SALE_ACCESS, OffersEventSchema, OffersLiveMessageSchema, WS_CONCIERGE_OFFERS_PATH, WatchOffersInputSchema, type BuyerOffer, type OffersEvent } from '@panel/contracts/concierge-sale';
import type { LiveFeedDeclaration } from '../../live/live-feed';
import { hubFor } from '../../live/live-hub';
import { watchLive } from '../../live/live-watch';
import { procedureFor } from '../../trpc';

// Live offer monitoring (issue 15) on the shared live kit (decision 062): one topic, an item a
// buyer's offer keyed by id; an offer that is no longer open leaves the screen (a tombstone).

export const offersFeed: LiveFeedDeclaration<BuyerOffer, OffersEvent> = {
  name: 'concierge-offers',
  path: WS_CONCIERGE_OFFERS_PATH,
  init: () => ({ type: 'init', data: CONCIERGE_OFFERS_TOPIC }),
  items(message) {
    const parsed = OffersLiveMessageSchema.safeParse(message);
    return parsed.success ? parsed.data.offers : undefined;
  },
  key: (offer) => offer.id,
  version: (offer) => offer.version,
  removed: (offer) => offer.state !== 'open',
  snapshot: (topic, offers, at) => ({ type: 'snapshot', topic, offers, at }),
  delta: (topic, offers) => ({ type: 'delta', topic, offers }),
  status: (topic, upstream) => ({ type: 'status', topic, upstream }),
  reconnect: (topic) => ({ type: 'reconnect', topic }),
};

/** The offers hub of one gateway (tests look inside it). */
export const offersHub = (wsUrl: string) => hubFor(offersFeed, wsUrl);

// The gateway's live channels take a staff token (decision 014): supervisors and staff watch.
export const watchOffersProcedure = procedureFor(CONCIERGE_SALE_ACCESS.watch)
  .meta({ summary: 'جریان زنده پیشنهادهای باز خریداران: یک snapshot و سپس تغییرها', output: OffersEventSchema })
  .input(WatchOffersInputSchema)
  .subscription(({ ctx, input, signal }) => watchLive(offersFeed, { ctx, topic: CONCIERGE_OFFERS_TOPIC, lastEventId: input.lastEventId, signal }));
