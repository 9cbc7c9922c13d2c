import type { DispatchEvent } from '@panel/contracts/dispatch';
import { adoptEarly } from '../../../lib/early-live';
import { useLiveLink, type LiveLink } from '../../../lib/live-link';
import { applyDelta, applySnapshot, type CellStore } from '../state/cell-store';
import { earlyFeedKey, watchDate } from './sheet-calls';

export type { LinkStatus, LiveLink } from '../../../lib/live-link';

/**
 * Keeps the cell store of `date` in step with the server on the web's live kit (lib/live-link):
 * the first event is a snapshot, then deltas go into the store (coalesced per frame there).
 */
export function useDispatchLive(date: string | null, store: CellStore): LiveLink {
  return useLiveLink<DispatchEvent>(
    date === null ? null : store,
    // The feed the page's first calls opened for this date (api/preload.ts), else a new one.
    (lastEventId, handlers) => (lastEventId === null ? adoptEarly(earlyFeedKey(date!), handlers) : undefined) ?? watchDate(date!, lastEventId, handlers),
    (event) => {
      if (event.date !== date) return false;
      if (event.type === 'snapshot') applySnapshot(store, event.cells);
      else if (event.type === 'delta') applyDelta(store, event.cells);
      else return false;
      return true;
    },
  );
}

