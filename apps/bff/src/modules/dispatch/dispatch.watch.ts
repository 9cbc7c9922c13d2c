import { tracked } from '@trpc/server';
import { WatchDateInputSchema, type Cell, type DispatchEvent } from '@panel/contracts/dispatch';
import { staffProcedure } from '../../trpc';
import { hubFor, type FeedEvent, type Wire } from './dispatch.hub';

// The browser's live subscription (DESIGN §6): snapshot first, then deltas with 'epoch:offset'
// ids; a reconnect with the last id replays exactly the missed deltas from the hub's ring, or
// gets a fresh snapshot when they are gone or the upstream session changed.

/** Events waiting for one browser; past it the browser is dropped and recovers by replay. */
export const MAX_QUEUED_EVENTS = 1024;
/** Bytes the browser's socket may have unsent before it counts as too slow. */
export const MAX_SEND_BUFFER_BYTES = 4 * 1024 * 1024;

function mergeCells(older: Cell[], newer: Cell[]): Cell[] {
  const byPk = new Map(older.map((cell) => [cell.pk, cell]));
  for (const cell of newer) byPk.set(cell.pk, cell);
  return [...byPk.values()];
}

const eventId = (epoch: string, offset: number) => `${epoch}:${offset}`;

function parseId(id: string | null | undefined): { epoch: string; offset: number } | undefined {
  const m = id ? /^([0-9a-f]+):(\d+)$/.exec(id) : null;
  return m ? { epoch: m[1]!, offset: Number(m[2]) } : undefined;
}

/** The transport's socket when the subscription runs over websockets. */
function socketOf(res: unknown): { bufferedAmount: number; terminate(): void } | undefined {
  const s = res as { bufferedAmount?: unknown; terminate?: unknown } | undefined;
  return s && typeof s.bufferedAmount === 'number' && typeof s.terminate === 'function' ? (s as never) : undefined;
}

export const watchProcedure = staffProcedure.input(WatchDateInputSchema).subscription(async function* ({ ctx, input, signal }) {
  const hub = hubFor(ctx.env.GATEWAY_WS_URL);
  const feed = hub.acquire(input.date);
  const socket = socketOf(ctx.res);
  /** The delta as the browser gets it: over a websocket, the hub's once-serialized text. */
  const deltaEvent = (cells: Cell[], wire: Wire | undefined): DispatchEvent =>
    socket && wire ? (wire.marker as unknown as DispatchEvent) : { type: 'delta', date: input.date, cells };
  const queue: FeedEvent[] = [];
  let wake: (() => void) | undefined;
  let overflow = false;
  // Subscribed before anything is read, so nothing falls between the backlog and the live events.
  const unsubscribe = feed.subscribe((event) => {
    if (queue.length >= MAX_QUEUED_EVENTS) overflow = true;
    else queue.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    await feed.ready(signal);
    const date = input.date;
    let epoch = feed.epoch;
    let cursor = feed.offset;
    const last = parseId(input.lastEventId);
    const missed = last ? feed.since(last.epoch, last.offset) : undefined;
    if (last && missed) {
      for (const delta of missed) {
        yield tracked(eventId(epoch, delta.offset), deltaEvent(delta.cells, delta.wire));
      }
    } else {
      yield tracked(eventId(epoch, cursor), {
        type: 'snapshot',
        date,
        cells: feed.snapshot(),
        at: new Date().toISOString(),
      } satisfies DispatchEvent);
    }
    if (feed.upstream !== 'live') {
      yield tracked(eventId(epoch, cursor), { type: 'status', date, upstream: feed.upstream } satisfies DispatchEvent);
    }

    while (!signal?.aborted) {
      const event = queue.shift();
      if (!event) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      if (overflow || (socket && socket.bufferedAmount > MAX_SEND_BUFFER_BYTES)) {
        // Too slow: dropped. Its client reconnects with its last id and catches up by replay.
        if (socket) socket.terminate();
        else yield tracked(eventId(epoch, cursor), { type: 'reconnect', date } satisfies DispatchEvent);
        return;
      }
      if (event.kind === 'shutdown') {
        yield tracked(eventId(epoch, cursor), { type: 'reconnect', date } satisfies DispatchEvent);
        return;
      }
      if (event.kind === 'status') {
        yield tracked(eventId(epoch, cursor), { type: 'status', date, upstream: event.upstream } satisfies DispatchEvent);
        continue;
      }
      if (event.kind === 'reset') {
        // Already at the newest upstream session (the first snapshot, or an earlier reset, had it).
        if (feed.epoch === epoch) continue;
        epoch = feed.epoch;
        cursor = feed.offset;
        // Deltas of this epoch up to the cursor are inside the snapshot; older epochs are gone.
        for (let i = queue.length - 1; i >= 0; i--) {
          const e = queue[i]!;
          if (e.kind === 'delta' && (e.epoch !== epoch || e.offset <= cursor)) queue.splice(i, 1);
        }
        yield tracked(eventId(epoch, cursor), { type: 'snapshot', date, cells: feed.snapshot(), at: new Date().toISOString() } satisfies DispatchEvent);
        continue;
      }
      if (event.epoch !== epoch || event.offset <= cursor) continue;
      // A browser that fell behind gets the queued deltas of this epoch as one event: the id is
      // the last offset, so a replay from it is still exact, and each cell keeps its newest version.
      let cells = event.cells;
      let wire: Wire | undefined = event.wire;
      const from = event.offset;
      const behind: Cell[][] = [];
      cursor = event.offset;
      while (queue[0]?.kind === 'delta' && queue[0].epoch === epoch && queue[0].offset === cursor + 1) {
        const next = queue.shift() as Extract<FeedEvent, { kind: 'delta' }>;
        behind.push(next.cells);
        cursor = next.offset;
      }
      if (cursor > from) {
        // Browsers that fell behind alike share one serialized merge of the same range.
        const shared = socket ? feed.merged(from, cursor) : undefined;
        if (shared) {
          cells = shared.cells;
          wire = shared.wire;
        } else {
          for (const more of behind) cells = mergeCells(cells, more);
          wire = undefined;
        }
      }
      yield tracked(eventId(epoch, cursor), deltaEvent(cells, wire));
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
    hub.release(feed);
  }
});
