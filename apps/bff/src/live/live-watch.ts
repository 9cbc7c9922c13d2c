import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { Context } from '../context';
import { confirmStaffSession } from '../gateway/session-check';
import { isGatewayFailure } from '../gateway/gateway-error';
import { toTRPCError } from '../trpc';
import type { LiveFeedDeclaration } from './live-feed';
import { hubFor } from './live-hub';
import { mergeByKey, type Wire } from './live-ring';
import { eventId, type FeedEvent } from './live-topic';
import type { UpstreamCredential } from './live-upstream';
import { probe, type WireMarker } from './live-wire';
import { liveDropped, liveResumes, liveStart } from './live-metrics';

// The browser's live subscription of any declared feed (DESIGN §6, decision 062): snapshot
// first, then deltas with 'epoch:offset' ids; a reconnect with the last id replays exactly the
// missed deltas from the hub's ring, or gets a fresh snapshot when they are gone or the upstream
// session changed.

// A browser is too slow when more than LIVE_MAX_QUEUED_EVENTS events wait for it, or its socket
// holds more than LIVE_MAX_UNSENT_BYTES unsent (BFF environment): it is dropped and recovers by replay.

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

/** What the subscription reads of the procedure's context. */
export type LiveContext = Pick<Context, 'gateway' | 'session' | 'env' | 'log' | 'res' | 'live'>;

/** Confirms the watcher's session upstream; a failure ends the stream with its tRPC error. */
async function confirm(ctx: Pick<LiveContext, 'gateway' | 'session'>) {
  try {
    await confirmStaffSession(ctx.gateway, ctx.session);
  } catch (error) {
    // Errors thrown while a subscription streams bypass the procedure's middleware.
    if (isGatewayFailure(error)) throw toTRPCError(error);
    throw error;
  }
}

export interface WatchOptions {
  ctx: LiveContext;
  /** The topic, already validated by the procedure's input schema. */
  topic: string;
  /** Set by tRPC from the browser's last `tracked()` id when it reconnects. */
  lastEventId?: string | null;
  signal: AbortSignal | undefined;
}

/**
 * The body of a module's subscription procedure: `.subscription(({ ctx, input, signal }) =>
 * watchLive(feed, { ctx, topic: input.date, lastEventId: input.lastEventId, signal }))`.
 */
export async function* watchLive<Item, Event extends object>(
  declaration: LiveFeedDeclaration<Item, Event>,
  { ctx, topic, lastEventId, signal }: WatchOptions,
): AsyncGenerator<TrackedEnvelope<Event>, void, unknown> {
  const started = performance.now();
  const since = (stage: 'session' | 'first_event') => liveStart.observe({ feed: declaration.name, stage }, (performance.now() - started) / 1000);
  // Nothing streams before the gateway has confirmed the session (issue 11).
  await confirm(ctx);
  since('session');
  const credential: UpstreamCredential = {
    current() {
      const { access } = ctx.session.get();
      const expiresAt = ctx.session.accessExpiresAt;
      return access && expiresAt ? { token: access, expiresAt } : undefined;
    },
    renew: () => confirm(ctx),
  };
  // Replicas sharing Redis follow one numbering (decision 129); one BFF numbers its own.
  const hub = hubFor(declaration, ctx.env.GATEWAY_WS_URL, ctx.log, ctx.live);
  const feed = hub.acquire(topic, credential);
  const socket = socketOf(ctx.res);
  const { LIVE_MAX_QUEUED_EVENTS: maxQueued, LIVE_MAX_UNSENT_BYTES: maxUnsent } = ctx.env;
  /** This subscription's envelope head on its socket, once the encoder has checked a frame of it. */
  let head: string | undefined;
  const learn = (seen: string) => {
    head = seen;
  };
  /** A once-serialized event for the socket; until the head is known it asks the encoder for it. */
  const wired = (marker: WireMarker) => (head === undefined ? probe(marker, learn) : marker) as unknown as Event;
  /** The delta as the browser gets it: over a websocket, the hub's once-serialized text. */
  const deltaEvent = (items: Item[], wire: Wire | undefined): Event =>
    socket && wire ? wired(wire.marker) : declaration.delta(topic, items);
  const snapshotEvent = (): Event =>
    socket ? wired(feed.snapshotMarker()) : declaration.snapshot(topic, feed.snapshot(), new Date().toISOString());
  const queue: FeedEvent<Item>[] = [];
  let wake: (() => void) | undefined;
  let overflow = false;
  let epoch = '';
  let cursor = 0;
  /**
   * The direct lane (live-wire.ts): while the generator waits with nothing queued, every
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
  // A token revoked through this BFF (issue 18) is confirmed upstream at once, and refused.
  const stopEnd = ctx.session.onEnd(() => {
    recheckDue = true;
    wake?.();
  });
  try {
    await feed.ready(signal);
    const last = parseId(lastEventId);
    // Shared: a browser that comes from a replica further along the stream waits for this one.
    const caughtUp = last ? feed.catchUp(last.epoch, last.offset, signal) : undefined;
    if (caughtUp) await caughtUp;
    epoch = feed.epoch;
    cursor = feed.offset;
    const found = last ? feed.missed(last.epoch, last.offset) : undefined;
    // Shared: what this replica's ring no longer holds is read from the stream (up to the cursor).
    const missed = found instanceof Promise ? await found : found;
    if (last) liveResumes.inc({ feed: declaration.name, outcome: missed ? 'replay' : 'snapshot' });
    since('first_event');
    if (last && missed) {
      for (const delta of missed) {
        yield tracked(eventId(epoch, delta.offset), deltaEvent(delta.items, delta.wire));
      }
    } else {
      yield tracked(eventId(epoch, cursor), snapshotEvent());
    }
    if (feed.upstream !== 'live') {
      yield tracked(eventId(epoch, cursor), declaration.status(topic, feed.upstream));
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
        liveDropped.inc({ feed: declaration.name });
        if (socket) socket.terminate();
        else yield tracked(eventId(epoch, cursor), declaration.reconnect(topic));
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
        yield tracked(eventId(epoch, cursor), declaration.reconnect(topic));
        return;
      }
      if (event.kind === 'status') {
        yield tracked(eventId(epoch, cursor), declaration.status(topic, event.upstream));
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
      // the last offset, so a replay from it is still exact, and each item keeps its newest
      // version (a removal included).
      let items = event.items;
      let wire: Wire | undefined = event.wire;
      const from = event.offset;
      const behind: Item[][] = [event.items];
      cursor = event.offset;
      while (queue[0]?.kind === 'delta' && queue[0].epoch === epoch && queue[0].offset === cursor + 1) {
        const next = queue.shift() as Extract<FeedEvent<Item>, { kind: 'delta' }>;
        behind.push(next.items);
        cursor = next.offset;
      }
      if (cursor > from) {
        // Browsers that fell behind alike share one serialized merge of the same range.
        const shared = socket ? feed.merged(from, cursor) : undefined;
        if (shared) {
          items = shared.items;
          wire = shared.wire;
        } else {
          items = mergeByKey(declaration.key, behind);
          wire = undefined;
        }
      }
      yield tracked(eventId(epoch, cursor), deltaEvent(items, wire));
    }
  } finally {
    stopEnd();
    clearTimeout(recheck);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
    hub.release(feed, credential);
  }
}
