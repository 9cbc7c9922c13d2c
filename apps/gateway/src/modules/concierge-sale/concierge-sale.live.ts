import { CONCIERGE_OFFERS_TOPIC, OffersInitMessageSchema, WS_CONCIERGE_OFFERS_PATH, type BuyerOffer } from '@panel/contracts/concierge-sale';
import type { LiveChannelDeclaration } from '../../live/live-channel';

// Live offer monitoring (issue 15) on the shared live kit (decision 062): one topic, the open
// buyers' offers of every sale on offer. An offer that is accepted or closed is sent once more
// with its new state and version: the BFF's feed treats it as leaving the topic.

export function buyerOffersChannel(snapshot: () => Promise<BuyerOffer[]>): LiveChannelDeclaration<BuyerOffer> {
  return {
    path: WS_CONCIERGE_OFFERS_PATH,
    channel: 'concierge_offer_changes',
    topic(message) {
      return OffersInitMessageSchema.safeParse(message).success ? CONCIERGE_OFFERS_TOPIC : undefined;
    },
    invalidInit: `پیام نامعتبر است؛ ابتدا {type: "init", data: "${CONCIERGE_OFFERS_TOPIC}"} بفرستید`,
    snapshot: () => snapshot(),
    message: (offers) => ({ offers }),
  };
}
