import { INSPECTION_OFFERS_ACCESS, OffersEventSchema } from '@panel/contracts/inspection-offers';
import {
  OPEN_OFFERS_TOPIC,
  OffersLiveMessageSchema,
  WS_OFFERS_PATH,
  WatchOffersInputSchema,
  type LiveOffer,
  type LiveOfferItem,
  type OffersEvent,
} from '@panel/contracts/inspection-offers';
import type { LiveFeedDeclaration } from '../../live/live-feed';
import { hubFor } from '../../live/live-hub';
import { watchLive } from '../../live/live-watch';
import { procedureFor } from '../../trpc';

// Offer monitoring's live feed (decisions 062, 033) on the shared live kit: one topic, the open
// offers, keyed by id; an offer that closes (accepted, expired, removed) arrives as a tombstone
// and leaves the browser's store.

const isOpen = (offer: LiveOfferItem): offer is LiveOffer => !('removed' in offer);

export const offersFeed: LiveFeedDeclaration<LiveOfferItem, OffersEvent> = {
  name: 'offers',
  path: WS_OFFERS_PATH,
  init: (topic) => ({ type: 'init', data: topic }),
  items(message) {
    const parsed = OffersLiveMessageSchema.safeParse(message);
    return parsed.success ? parsed.data.offers : undefined;
  },
  key: (offer) => offer.id,
  version: (offer) => offer.version,
  removed: (offer) => !isOpen(offer),
  snapshot: (_topic, offers, at) => ({ type: 'snapshot', offers: offers.filter(isOpen), at }),
  delta: (_topic, offers) => ({ type: 'delta', offers }),
  status: (_topic, upstream) => ({ type: 'status', upstream }),
  reconnect: () => ({ type: 'reconnect' }),
};

/** The offers hub of one gateway (tests look inside it). */
export const offersHub = (wsUrl: string) => hubFor(offersFeed, wsUrl);

export const watchOffersProcedure = procedureFor(INSPECTION_OFFERS_ACCESS.read)
  .meta({ summary: 'جریان زنده پیشنهادهای باز سفارش به کارشناسان: یک snapshot و سپس تغییرها', output: OffersEventSchema })
  .input(WatchOffersInputSchema)
  .subscription(({ ctx, input, signal }) => watchLive(offersFeed, { ctx, topic: OPEN_OFFERS_TOPIC, lastEventId: input.lastEventId, signal }));
