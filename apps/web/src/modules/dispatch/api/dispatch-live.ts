import { useEffect, useState } from 'react';
import type { DispatchEvent } from '@panel/contracts/dispatch';
import { isRetryingSlowly, reconnectDelayMs } from '../../../lib/reconnect';
import { trpcClient } from '../../../lib/trpc';
import { applyDelta, applySnapshot, type CellStore } from '../state/cell-store';

/** `retrying`: the spec's five quick attempts failed; the sheet keeps trying, more slowly. */
export type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'retrying';

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
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe: () => void } | null = null;
    setLink({ status: 'connecting', lastSyncedAt: null });

    /** The stream failed or the BFF is going away: come back with the last id, at the policy's pace. */
    const restart = () => {
      clearTimeout(retry);
      const delay = reconnectDelayMs(attempt);
      setLink((l) => ({ ...l, status: isRetryingSlowly(attempt) ? 'retrying' : 'reconnecting' }));
      attempt += 1;
      retry = setTimeout(() => !closed && start(), delay);
    };

    const start = () => {
      clearTimeout(retry);
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
                restart();
                return;
            }
            everLive = true;
            attempt = 0;
            setLink({ status: 'live', lastSyncedAt: Date.now() });
          },
          // Subscribed (again): the stream is live now, even if nothing changes for a while, and
          // a resumed stream is in step as of now (the BFF replays what was missed right after).
          onStarted: () => {
            attempt = 0;
            setLink((l) => ({ status: 'live', lastSyncedAt: everLive ? Date.now() : l.lastSyncedAt }));
          },
          onConnectionStateChange: (state) => {
            if (state.state === 'connecting') setLink((l) => ({ ...l, status: everLive ? 'reconnecting' : 'connecting' }));
          },
          onError: () => restart(),
        },
      );
    };
    start();
    // The light follows the transport: offline is "reconnecting" at once; back online restarts
    // the stream at once instead of waiting for a retry.
    const offline = () => setLink((l) => ({ ...l, status: 'reconnecting' }));
    const online = () => {
      attempt = 0;
      start();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      closed = true;
      clearTimeout(retry);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      subscription?.unsubscribe();
    };
  }, [date, store]);

  return link;
}
