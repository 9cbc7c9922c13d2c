import { useCallback, useState } from 'react';
import type { LiveOffer, OffersEvent } from '@panel/contracts/inspection-offers';
import { useLiveLink, type LiveLink } from '../../../lib/live-link';
import { trpcClient } from '../../../lib/trpc';

/**
 * The open offers, kept in step with the server on the web's live kit (lib/live-link): a
 * snapshot replaces them, a delta applies each offer newer than the one held, and a tombstone
 * (an offer accepted, expired or removed) takes it off the screen.
 */
export function useOpenOffers(): { offers: LiveOffer[]; link: LiveLink } {
  const [offers, setOffers] = useState<ReadonlyMap<number, LiveOffer>>(new Map());
  const apply = useCallback((event: OffersEvent) => {
    if (event.type === 'snapshot') {
      setOffers(new Map(event.offers.map((offer) => [offer.id, offer])));
      return true;
    }
    if (event.type !== 'delta') return false;
    setOffers((held) => {
      const next = new Map(held);
      for (const item of event.offers) {
        const current = next.get(item.id);
        if (current && current.version >= item.version) continue;
        if ('removed' in item) next.delete(item.id);
        else next.set(item.id, item);
      }
      return next;
    });
    return true;
  }, []);
  const link = useLiveLink<OffersEvent>('open', (lastEventId, handlers) => trpcClient.inspectionOffers.watch.subscribe({ lastEventId }, handlers), apply);
  const sorted = [...offers.values()].sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline) || a.id - b.id);
  return { offers: sorted, link };
}
