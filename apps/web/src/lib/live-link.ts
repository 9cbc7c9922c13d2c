import { useEffect, useRef, useState } from 'react';
import { isRetryingSlowly, reconnectDelayMs } from './reconnect';

// The browser's side of every live screen (decisions 062, 033): one subscription to a BFF live
// feed, kept up across failures at the reconnect policy's pace, coming back with the last event
// id so the BFF replays exactly what was missed (or sends a fresh snapshot), and the connection
// state a screen shows with `ConnectionIndicator`. A module says only how to subscribe and what
// its snapshot and delta events do to its own store.

/** `retrying`: the spec's five quick attempts failed; the screen keeps trying, more slowly. */
export type LinkStatus = 'connecting' | 'live' | 'reconnecting' | 'retrying';

export interface LiveLink {
  status: LinkStatus;
  /** When the last snapshot or delta arrived (browser clock, ms). */
  lastSyncedAt: number | null;
}

/** The kit's events every feed has; a feed's snapshot and delta are its own. */
type KitEvent = { type: 'status'; upstream: 'live' | 'reconnecting' } | { type: 'reconnect' };

export interface LiveHandlers {
  onData(value: unknown): void;
  onStarted(): void;
  onConnectionStateChange(state: { state: string }): void;
  onError(): void;
}

type Tracked<E> = { id: string; data: E };
const unwrap = <E>(value: E | Tracked<E>): { id: string | null; event: E } =>
  typeof value === 'object' && value !== null && 'data' in value && 'id' in value ? { id: value.id, event: value.data } : { id: null, event: value as E };

/**
 * Keeps a live feed subscribed while `key` is not null (a new key starts over): `subscribe` opens
 * the tRPC subscription from `lastEventId`; `apply` takes each snapshot or delta event and
 * answers whether it was the screen's (true: the screen is in step as of now).
 */
export function useLiveLink<E extends { type: string }>(
  key: unknown,
  subscribe: (lastEventId: string | null, handlers: LiveHandlers) => { unsubscribe(): void },
  apply: (event: E) => boolean,
): LiveLink {
  const [link, setLink] = useState<LiveLink>({ status: 'connecting', lastSyncedAt: null });
  const calls = useRef({ subscribe, apply });
  calls.current = { subscribe, apply };

  useEffect(() => {
    if (key === null || key === undefined) return;
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
      subscription = calls.current.subscribe(lastEventId, {
        onData: (value) => {
          const { id, event } = unwrap(value as E | KitEvent);
          if (id) lastEventId = id;
          const kit = event as KitEvent;
          if (kit.type === 'status') {
            // Live is said once the screen is in step: before its first snapshot, it is still connecting.
            setLink((l) => ({ ...l, status: kit.upstream === 'live' ? (everLive ? 'live' : l.status) : 'reconnecting' }));
            return;
          }
          if (kit.type === 'reconnect') {
            // The BFF is going away; come back (to any replica) with the last id.
            restart();
            return;
          }
          if (!calls.current.apply(event as E)) return;
          everLive = true;
          attempt = 0;
          setLink({ status: 'live', lastSyncedAt: Date.now() });
        },
        // Subscribed again: the stream is live now, even if nothing changes for a while, and in
        // step as of now (the BFF replays what was missed right after). Subscribed the first time,
        // the screen is live with its snapshot, which comes next: the cells are empty until then.
        onStarted: () => {
          attempt = 0;
          if (everLive) setLink({ status: 'live', lastSyncedAt: Date.now() });
        },
        onConnectionStateChange: (state) => {
          if (state.state === 'connecting') setLink((l) => ({ ...l, status: everLive ? 'reconnecting' : 'connecting' }));
        },
        onError: () => restart(),
      });
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
  }, [key]);

  return link;
}
