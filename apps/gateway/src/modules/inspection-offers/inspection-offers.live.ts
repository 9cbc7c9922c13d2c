import { OffersLiveInitSchema, OPEN_OFFERS_TOPIC, WS_OFFERS_PATH, type LiveOfferItem, type OffersLiveMessage } from '@panel/contracts/inspection-offers';
import type { LiveChannelDeclaration } from '../../live/live-channel';

// The live channel `/ws/offers` of offer monitoring on the shared live kit (decisions 062, 033):
// one topic, the open offers; an offer that closes (accepted, expired, removed) is sent as its
// tombstone `{ id, version, removed: true, state }`.

export function offersChannel(snapshot: () => Promise<LiveOfferItem[]>): LiveChannelDeclaration<LiveOfferItem> {
  return {
    path: WS_OFFERS_PATH,
    channel: 'offer_changes',
    topic(message) {
      return OffersLiveInitSchema.safeParse(message).success ? OPEN_OFFERS_TOPIC : undefined;
    },
    invalidInit: 'پیام نامعتبر است؛ ابتدا {type: "init", data: "open"} بفرستید',
    snapshot: () => snapshot(),
    message: (offers): OffersLiveMessage => ({ offers }),
  };
}
