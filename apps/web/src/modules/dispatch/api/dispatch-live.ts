import { useEffect, useState } from 'react';
import type { DispatchEvent } from '@panel/contracts/dispatch';
import { trpcClient } from '../../../lib/trpc';
import { applyDelta, applySnapshot, type CellStore } from '../state/cell-store';

export type LinkStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveLink {
  status: LinkStatus;
  /** When the last snapshot or delta arrived (browser clock, ms). */
  lastSyncedAt: number | null;
}

type Tracked = { id: string; data: DispatchEvent };
const unwrap = (value: DispatchEvent | Tracked): { id: string | null; event: DispatchEvent } =>
  'data' in value && 'id' in value ? { id: value.id, event: value.data } : { id: null, event: value as DispatchEvent };

/**
 * Keeps the cell store of `date` in step with the server: the first event is a snapshot, then
 * deltas go into the store (coalesced per frame there). On a reconnect the last event id goes
 * back so the BFF replays exactly what was missed, or sends a fresh snapshot.
 */
export function useDispatchLive(date: string | null, store: CellStore): LiveLink {
  const [link, setLink] = useState<LiveLink>({ status: 'connecting', lastSyncedAt: null });

  useEffect(() => {
    if (!date) return;
    let lastEventId: string | null = null;
    let everLive = false;
    let closed = false;
    let subscription: { unsubscribe: () => void } | null = null;
    setLink({ status: 'connecting', lastSyncedAt: null });

    const start = () => {
      subscription?.unsubscribe();
      subscription = trpcClient.dispatch.watch.subscribe(
        { date, lastEventId },
        {
          onData: (value) => {
            const { id, event } = unwrap(value as DispatchEvent | Tracked);
            if (id) lastEventId = id;
            if (event.date !== date) return;
            switch (event.type) {
              case 'snapshot':
                applySnapshot(store, event.cells);
                break;
              case 'delta':
                applyDelta(store, event.cells);
                break;
              case 'status':
                setLink((l) => ({ ...l, status: event.upstream === 'live' ? 'live' : 'reconnecting' }));
                return;
              case 'reconnect':
                // The BFF is going away; come back (to any replica) with the last id.
                setLink((l) => ({ ...l, status: 'reconnecting' }));
                setTimeout(() => !closed && start(), 1000);
                return;
            }
            everLive = true;
            setLink({ status: 'live', lastSyncedAt: Date.now() });
          },
          onConnectionStateChange: (state) => {
            if (state.state === 'connecting') setLink((l) => ({ ...l, status: everLive ? 'reconnecting' : 'connecting' }));
          },
          onError: () => {
            setLink((l) => ({ ...l, status: 'reconnecting' }));
            setTimeout(() => !closed && start(), 1000);
          },
        },
      );
    };
    start();
    // Coming back online restarts the stream at once instead of waiting for a retry.
    const online = () => start();
    window.addEventListener('online', online);
    return () => {
      closed = true;
      window.removeEventListener('online', online);
      subscription?.unsubscribe();
    };
  }, [date, store]);

  return link;
}
