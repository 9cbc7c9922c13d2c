import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { Context } from '../context';
import { confirmStaffSession } from '../gateway/session-check';
import { isGatewayFailure } from '../gateway/gateway-error';
import { toTRPCError } from '../trpc';
import type { LiveFeedDeclaration } from './live-feed';
import { hubFor } from './live-hub';
import { mergeByKey, type Wire } from './live-ring';
import { eventId, type FeedEvent, type TopicFeed } from './live-topic';
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

/** The watcher's session as the upstream link may use it. */
class SessionCredential implements UpstreamCredential {
  constructor(private readonly ctx: Pick<LiveContext, 'gateway' | 'session'>) {}

  current() {
    const { access } = this.ctx.session.get();
    const expiresAt = this.ctx.session.accessExpiresAt;
    return access && expiresAt ? { token: access, expiresAt } : undefined;
  }

  renew() {
    return confirm(this.ctx);
  }
}

/**
 * One subscription's state between the feed, the abort signal, the session's recheck timer and
 * the generator's loop. It lives as long as the browser watches, so it is one object with
 * methods rather than a closure per helper (decision 143: each closure cost a watching browser
 * ~300 bytes under tsx).
 */
class Watcher<Item, Event extends object> {
  readonly queue: FeedEvent<Item>[] = [];
  wake: (() => void) | undefined;
  overflow = false;
  epoch = '';
  cursor = 0;
  /**
   * The direct lane (live-wire.ts): while the generator waits with nothing queued, every
   * frame tRPC was asked to send has gone out, so the next live delta can be written to the
   * socket at once, in order, without tRPC's per-event work. Anything else ends the lane until
   * the generator has caught up again.
   */
  direct = false;
  /** The browser left (the abort signal fired): nothing more is written for it. */
  stopped = false;
  /** This subscription's envelope head on its socket, once the encoder has checked a frame of it. */
  head: string | undefined;
  /** Set when the session is due to be confirmed again; the loop does it before the next event. */
  recheckDue = false;
  recheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    private readonly topic: string,
    private readonly feed: TopicFeed<Item, Event>,
    private readonly socket: BrowserSocket | undefined,
    private readonly session: LiveContext['session'],
    private readonly maxQueued: number,
    private readonly maxUnsent: number,
  ) {}

  /** The feed's listener. */
  take(event: FeedEvent<Item>): void {
    const { socket, head } = this;
    if (this.direct && socket && head && event.kind === 'delta' && event.epoch === this.epoch && event.offset === this.cursor + 1 && !this.stopped) {
      if (socket.readyState !== OPEN) return;
      if (socket.bufferedAmount <= this.maxUnsent) {
        socket.send(event.frames.frame(head), { binary: false });
        this.cursor = event.offset;
        return;
      }
      this.overflow = true;
    }
    this.direct = false;
    if (this.queue.length >= this.maxQueued) this.overflow = true;
    else if (!this.overflow) this.queue.push(event);
    this.wake?.();
  }

  /** The abort signal's listener (an EventListener object). */
  handleEvent(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** The session is to be confirmed before the next event. */
  due(): void {
    this.recheckDue = true;
    this.wake?.();
  }

  scheduleRecheck(): void {
    const untilExpiry = (this.session.accessExpiresAt ?? 0) - Date.now();
    const delay = Math.min(SESSION_RECHECK_MAX_MS, Math.max(SESSION_RECHECK_MIN_MS, untilExpiry));
    this.recheck = setTimeout(onRecheckDue, delay, this);
  }

  /** A once-serialized event for the socket; until the head is known it asks the encoder for it. */
  #wired(marker: WireMarker): Event {
    if (this.head !== undefined) return marker as unknown as Event;
    return probe(marker, (seen) => void (this.head = seen)) as unknown as Event;
  }

  /** The delta as the browser gets it: over a websocket, the hub's once-serialized text. */
  deltaEvent(items: Item[], wire: Wire | undefined): Event {
    return this.socket && wire ? this.#wired(wire.marker) : this.declaration.delta(this.topic, items);
  }

  snapshotEvent(): Event {
    return this.socket ? this.#wired(this.feed.snapshotMarker()) : this.declaration.snapshot(this.topic, this.feed.snapshot(), new Date().toISOString());
  }
}

function onRecheckDue<Item, Event extends object>(watcher: Watcher<Item, Event>) {
  watcher.due();
}

function observeStart(feed: string, stage: 'session' | 'first_event', started: number) {
  liveStart.observe({ feed, stage }, (performance.now() - started) / 1000);
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
  // Nothing streams before the gateway has confirmed the session (issue 11).
  await confirm(ctx);
  observeStart(declaration.name, 'session', started);
  const credential = new SessionCredential(ctx);
  // Replicas sharing Redis follow one numbering (decision 129); one BFF numbers its own.
  const hub = hubFor(declaration, ctx.env.GATEWAY_WS_URL, ctx.log, ctx.live);
  const feed = hub.acquire(topic, credential);
  const socket = socketOf(ctx.res);
  const watch = new Watcher(declaration, topic, feed, socket, ctx.session, ctx.env.LIVE_MAX_QUEUED_EVENTS, ctx.env.LIVE_MAX_UNSENT_BYTES);
  const { queue } = watch;
  const maxUnsent = ctx.env.LIVE_MAX_UNSENT_BYTES;
  // Subscribed before anything is read, so nothing falls between the backlog and the live events.
  const unsubscribe = feed.subscribe((event) => watch.take(event));
  signal?.addEventListener('abort', watch);
  watch.scheduleRecheck();
  // A token revoked through this BFF (issue 18) is confirmed upstream at once, and refused.
  const stopEnd = ctx.session.onEnd(() => watch.due());
  try {
    await feed.ready(signal);
    const last = parseId(lastEventId);
    // Shared: a browser that comes from a replica further along the stream waits for this one.
    const caughtUp = last ? feed.catchUp(last.epoch, last.offset, signal) : undefined;
    if (caughtUp) await caughtUp;
    watch.epoch = feed.epoch;
    watch.cursor = feed.offset;
    const found = last ? feed.missed(last.epoch, last.offset) : undefined;
    // Shared: what this replica's ring no longer holds is read from the stream (up to the cursor).
    const missed = found instanceof Promise ? await found : found;
    if (last) liveResumes.inc({ feed: declaration.name, outcome: missed ? 'replay' : 'snapshot' });
    observeStart(declaration.name, 'first_event', started);
    if (last && missed) {
      for (const delta of missed) {
        yield tracked(eventId(watch.epoch, delta.offset), watch.deltaEvent(delta.items, delta.wire));
      }
    } else {
      yield tracked(eventId(watch.epoch, watch.cursor), watch.snapshotEvent());
    }
    if (feed.upstream !== 'live') {
      yield tracked(eventId(watch.epoch, watch.cursor), declaration.status(topic, feed.upstream));
    }

    while (!signal?.aborted) {
      if (watch.recheckDue) {
        watch.recheckDue = false;
        watch.direct = false;
        // A session that no longer holds ends the stream; the browser goes to sign-in.
        await confirm(ctx);
        watch.scheduleRecheck();
        continue;
      }
      if (watch.overflow || (socket && socket.bufferedAmount > maxUnsent)) {
        // Too slow: dropped. Its client reconnects with its last id and catches up by replay.
        liveDropped.inc({ feed: declaration.name });
        if (socket) socket.terminate();
        else yield tracked(eventId(watch.epoch, watch.cursor), declaration.reconnect(topic));
        return;
      }
      const event = queue.shift();
      if (!event) {
        watch.direct = watch.head !== undefined;
        await new Promise<void>((resolve) => {
          watch.wake = resolve;
        });
        watch.wake = undefined;
        continue;
      }
      if (event.kind === 'shutdown') {
        yield tracked(eventId(watch.epoch, watch.cursor), declaration.reconnect(topic));
        return;
      }
      if (event.kind === 'status') {
        yield tracked(eventId(watch.epoch, watch.cursor), declaration.status(topic, event.upstream));
        continue;
      }
      if (event.kind === 'reset') {
        // Already at the newest upstream session (the first snapshot, or an earlier reset, had it).
        if (feed.epoch === watch.epoch) continue;
        watch.epoch = feed.epoch;
        watch.cursor = feed.offset;
        // Deltas of this epoch up to the cursor are inside the snapshot; older epochs are gone.
        for (let i = queue.length - 1; i >= 0; i--) {
          const e = queue[i]!;
          if (e.kind === 'delta' && (e.epoch !== watch.epoch || e.offset <= watch.cursor)) queue.splice(i, 1);
        }
        yield tracked(eventId(watch.epoch, watch.cursor), watch.snapshotEvent());
        continue;
      }
      if (event.epoch !== watch.epoch || event.offset <= watch.cursor) continue;
      // A browser that fell behind gets the queued deltas of this epoch as one event: the id is
      // the last offset, so a replay from it is still exact, and each item keeps its newest
      // version (a removal included).
      let items = event.items;
      let wire: Wire | undefined = event.wire;
      const from = event.offset;
      const behind: Item[][] = [event.items];
      watch.cursor = event.offset;
      while (queue[0]?.kind === 'delta' && queue[0].epoch === watch.epoch && queue[0].offset === watch.cursor + 1) {
        const next = queue.shift() as Extract<FeedEvent<Item>, { kind: 'delta' }>;
        behind.push(next.items);
        watch.cursor = next.offset;
      }
      if (watch.cursor > from) {
        // Browsers that fell behind alike share one serialized merge of the same range.
        const shared = socket ? feed.merged(from, watch.cursor) : undefined;
        if (shared) {
          items = shared.items;
          wire = shared.wire;
        } else {
          items = mergeByKey(declaration.key, behind);
          wire = undefined;
        }
      }
      yield tracked(eventId(watch.epoch, watch.cursor), watch.deltaEvent(items, wire));
    }
  } finally {
    stopEnd();
    clearTimeout(watch.recheck);
    signal?.removeEventListener('abort', watch);
    unsubscribe();
    hub.release(feed, credential);
  }
}
