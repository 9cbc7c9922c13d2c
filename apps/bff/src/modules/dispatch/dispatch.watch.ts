import { tracked } from '@trpc/server';
import { WatchDateInputSchema, type Cell, type DispatchEvent } from '@panel/contracts/dispatch';
import { confirmStaffSession } from '../../gateway/session-check';
import type { GatewayClient } from '../../gateway/gateway-client';
import { isGatewayFailure } from '../../gateway/gateway-error';
import type { Session } from '../../session';
import { staffProcedure, toTRPCError } from '../../trpc';
import { eventId, hubFor, type FeedEvent, type UpstreamCredential, type Wire } from './dispatch.hub';
import { probe, type WireMarker } from './dispatch.wire';

// The browser's live subscription (DESIGN §6): snapshot first, then deltas with 'epoch:offset'
// ids; a reconnect with the last id replays exactly the missed deltas from the hub's ring, or
// gets a fresh snapshot when they are gone or the upstream session changed.

// A browser is too slow when more than LIVE_MAX_QUEUED_EVENTS events wait for it, or its socket
// holds more than LIVE_MAX_UNSENT_BYTES unsent (BFF environment): it is dropped and recovers by replay.

function mergeCells(older: Cell[], newer: Cell[]): Cell[] {
  const byPk = new Map(older.map((cell) => [cell.pk, cell]));
  for (const cell of newer) byPk.set(cell.pk, cell);
  return [...byPk.values()];
}

function parseId(id: string | null | undefined): { epoch: string; offset: number } | undefined {
  const m = id ? /^([0-9a-f]+):(\d+)$/.exec(id) : null;
  return m ? { epoch: m[1]!, offset: Number(m[2]) } : undefined;
}

/** The transport's socket (`ws`) when the subscription runs over websockets. */
interface BrowserSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean }): void;
  terminate(): void;
}
const OPEN = 1;

function socketOf(res: unknown): BrowserSocket | undefined {
  const s = res as Partial<Record<keyof BrowserSocket, unknown>> | undefined;
  return s && typeof s.bufferedAmount === 'number' && typeof s.send === 'function' && typeof s.terminate === 'function' ? (s as BrowserSocket) : undefined;
}

/** The session is confirmed with the gateway again at least this often (and at each token expiry). */
export const SESSION_RECHECK_MAX_MS = 5 * 60_000;
const SESSION_RECHECK_MIN_MS = 1_000;

/** Confirms the watcher's session upstream; a failure ends the stream with its tRPC error. */
async function confirm(ctx: { gateway: GatewayClient; session: Session }) {
  try {
    await confirmStaffSession(ctx.gateway, ctx.session);
  } catch (error) {
    // Errors thrown while a subscription streams bypass the procedure's middleware.
    if (isGatewayFailure(error)) throw toTRPCError(error);
    throw error;
  }
}

export const watchProcedure = staffProcedure.input(WatchDateInputSchema).subscription(async function* ({ ctx, input, signal }) {
  // Nothing streams before the gateway has confirmed the session (issue 11).
  await confirm(ctx);
  const credential: UpstreamCredential = {
    current() {
      const { access } = ctx.session.get();
      const expiresAt = ctx.session.accessExpiresAt;
      return access && expiresAt ? { token: access, expiresAt } : undefined;
    },
    renew: () => confirm(ctx),
  };
  const hub = hubFor(ctx.env.GATEWAY_WS_URL, ctx.log);
  const feed = hub.acquire(input.date, credential);
  const date = input.date;
  const socket = socketOf(ctx.res);
  const { LIVE_MAX_QUEUED_EVENTS: maxQueued, LIVE_MAX_UNSENT_BYTES: maxUnsent } = ctx.env;
  /** This subscription's envelope head on its socket, once the encoder has checked a frame of it. */
  let head: string | undefined;
  const learn = (seen: string) => {
    head = seen;
  };
  /** A once-serialized event for the socket; until the head is known it asks the encoder for it. */
  const wired = (marker: WireMarker) => (head === undefined ? probe(marker, learn) : marker) as unknown as DispatchEvent;
  /** The delta as the browser gets it: over a websocket, the hub's once-serialized text. */
  const deltaEvent = (cells: Cell[], wire: Wire | undefined): DispatchEvent =>
    socket && wire ? wired(wire.marker) : { type: 'delta', date, cells };
  const snapshotEvent = (): DispatchEvent =>
    socket ? wired(feed.snapshotMarker()) : { type: 'snapshot', date, cells: feed.snapshot(), at: new Date().toISOString() };
  const queue: FeedEvent[] = [];
  let wake: (() => void) | undefined;
  let overflow = false;
  let epoch = '';
  let cursor = 0;
  /**
   * The direct lane (dispatch.wire.ts): while the generator waits with nothing queued, every
   * frame tRPC was asked to send has gone out, so the next live delta can be written to the
   * socket at once, in order, without tRPC's per-event work. Anything else ends the lane until
   * the generator has caught up again.
   */
  let direct = false;
  /** The browser left (the abort signal fired): nothing more is written for it. */
  let stopped = false;
  // Subscribed before anything is read, so nothing falls between the backlog and the live events.
  const unsubscribe = feed.subscribe((event) => {
    if (direct && socket && head && event.kind === 'delta' && event.epoch === epoch && event.offset === cursor + 1 && !stopped) {
      if (socket.readyState !== OPEN) return;
      if (socket.bufferedAmount <= maxUnsent) {
        socket.send(event.frames.frame(head), { binary: false });
        cursor = event.offset;
        return;
      }
      overflow = true;
    }
    direct = false;
    if (queue.length >= maxQueued) overflow = true;
    else if (!overflow) queue.push(event);
    wake?.();
  });
  const onAbort = () => {
    stopped = true;
    wake?.();
  };
  signal?.addEventListener('abort', onAbort);
  /** Set when the session is due to be confirmed again; the loop does it before the next event. */
  let recheckDue = false;
  let recheck: NodeJS.Timeout | undefined;
  const scheduleRecheck = () => {
    const untilExpiry = (ctx.session.accessExpiresAt ?? 0) - Date.now();
    const delay = Math.min(SESSION_RECHECK_MAX_MS, Math.max(SESSION_RECHECK_MIN_MS, untilExpiry));
    recheck = setTimeout(() => {
      recheckDue = true;
      wake?.();
    }, delay);
  };
  scheduleRecheck();
  try {
    await feed.ready(signal);
    epoch = feed.epoch;
    cursor = feed.offset;
    const last = parseId(input.lastEventId);
    const missed = last ? feed.since(last.epoch, last.offset) : undefined;
    if (last && missed) {
      for (const delta of missed) {
        yield tracked(eventId(epoch, delta.offset), deltaEvent(delta.cells, delta.wire));
      }
    } else {
      yield tracked(eventId(epoch, cursor), snapshotEvent());
    }
    if (feed.upstream !== 'live') {
      yield tracked(eventId(epoch, cursor), { type: 'status', date, upstream: feed.upstream } satisfies DispatchEvent);
    }

    while (!signal?.aborted) {
      if (recheckDue) {
        recheckDue = false;
        direct = false;
        // A session that no longer holds ends the stream; the browser goes to sign-in.
        await confirm(ctx);
        scheduleRecheck();
        continue;
      }
      if (overflow || (socket && socket.bufferedAmount > maxUnsent)) {
        // Too slow: dropped. Its client reconnects with its last id and catches up by replay.
        if (socket) socket.terminate();
        else yield tracked(eventId(epoch, cursor), { type: 'reconnect', date } satisfies DispatchEvent);
        return;
      }
      const event = queue.shift();
      if (!event) {
        direct = head !== undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
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
        yield tracked(eventId(epoch, cursor), snapshotEvent());
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
    clearTimeout(recheck);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
    hub.release(feed, credential);
  }
});
