import { useCallback, useEffect, useRef, useState } from 'react';
import type { BuyerOffer, OffersEvent } from '@panel/contracts/concierge-sale';
import { useLiveLink, type LiveLink } from '../../../lib/live-link';
import { trpcClient } from '../../../lib/trpc';

/** Applies a delta: by key, a newer version wins; an offer no longer open leaves (decision 062). */
export function applyOffers(current: ReadonlyMap<number, BuyerOffer>, offers: readonly BuyerOffer[]): Map<number, BuyerOffer> {
  const next = new Map(current);
  for (const offer of offers) {
    const held = next.get(offer.id);
    if (held && held.version >= offer.version) continue;
    if (offer.state !== 'open') next.delete(offer.id);
    else next.set(offer.id, offer);
  }
  return next;
}

/**
 * The open buyers' offers, live on the web's live kit (lib/live-link): a snapshot first, then
 * deltas; a reconnect comes back with the last event id, so the BFF replays exactly what was
 * missed (or sends a fresh snapshot). `onChange` runs after each delta (the screen refreshes the
 * sales on offer).
 */
export function useOffersLive(onChange: () => void): { link: LiveLink; offers: Map<number, BuyerOffer> } {
  const [offers, setOffers] = useState<Map<number, BuyerOffer>>(() => new Map());
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const apply = useCallback((event: OffersEvent) => {
    if (event.type === 'snapshot') {
      setOffers(applyOffers(new Map(), event.offers));
      return true;
    }
    if (event.type !== 'delta') return false;
    setOffers((current) => applyOffers(current, event.offers));
    changed.current();
    return true;
  }, []);
  const link = useLiveLink<OffersEvent>('open', (lastEventId, handlers) => trpcClient.conciergeSale.watchOffers.subscribe({ lastEventId }, handlers), apply);
  return { link, offers };
}
