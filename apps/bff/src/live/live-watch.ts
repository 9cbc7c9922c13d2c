import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { Context } from '../context';
import { confirmStaffSession } from '../gateway/session-check';
import { isGatewayFailure } from '../gateway/gateway-error';
import { toTRPCError } from '../trpc';
import type { LiveFeedDeclaration } from './live-feed';
import { hubFor, type LiveHub } from './live-hub';
import { mergeByKey, type Wire } from './live-ring';
import { eventId, type FeedEvent, type FeedListener, type TopicFeed } from './live-topic';
import type { UpstreamCredential } from './live-upstream';
import type { SharedFrames, WireMarker } from './live-wire';
import { liveDropped, liveResumes, liveStart } from './live-metrics';

// The browser's live subscription of any declared feed (DESIGN §6, decision 062): snapshot
// first, then deltas with 'epoch:offset' ids; a reconnect with the last id replays exactly the
// missed deltas from the hub's ring, or gets a fresh snapshot when they are gone or the upstream
// session changed.
//
// One subscription is one `LiveWatch` object for its whole life, driven by the feed's events and
// writing to a sink (decision 145): on the API's websocket the sink writes frames to the socket
// (socket-protocol.ts), so a watching browser holds no suspended loop, promise or closure of its
// own; any other transport (the server-side caller, tRPC's HTTP stream) iterates the same watch
// through a small queue.

// A browser is too slow when more than LIVE_MAX_QUEUED_EVENTS events wait for it, or its socket
// holds more than LIVE_MAX_UNSENT_BYTES unsent (BFF environment): it is dropped and recovers by replay.

function parseId(id: string | null | undefined): { epoch: string; offset: number } | undefined {
  const m = id ? /^([0-9a-f]+):(\d+)$/.exec(id) : null;
  return m ? { epoch: m[1]!, offset: Number(m[2]) } : undefined;
}

/** The session is confirmed with the gateway again at least this often (and at each token expiry). */
export const SESSION_RECHECK_MAX_MS = 5 * 60_000;
const SESSION_RECHECK_MIN_MS = 1_000;

/** What the subscription reads of the procedure's context. */
export type LiveContext = Pick<Context, 'gateway' | 'session' | 'env' | 'log' | 'live'>;

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

/** Where one subscription's events go. */
export interface LiveSink<Event> {
  /** Events go out once-serialized (a browser's websocket: `sendWire`), else as objects (`send`). */
  readonly wire: boolean;
  send(id: string, event: Event): void;
  /** A once-serialized event; `frames` when the whole frame can be shared with other browsers. */
  sendWire(id: string, marker: WireMarker, frames?: SharedFrames): void;
  /** Runs `write`, its events leaving together (a socket's: one write to the network, not one an event). */
  together(write: () => void): void;
  /** Bytes written and not yet sent (a socket's buffer). */
  unsentBytes(): number;
  /** Events not yet taken by the reader (a queue's length). */
  unreadEvents(): number;
  /** Too slow: a socket is cut (its client reconnects with its last id); a queue ends with `reconnect`. */
  drop(id: string, reconnect: Event): void;
  /** The stream is over: cleanly, or with the error the browser is to get. Called once. */
  end(error?: unknown): void;
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

function observeStart(feed: string, stage: 'session' | 'first_event', started: number) {
  liveStart.observe({ feed, stage }, (performance.now() - started) / 1000);
}

function onRecheckDue(watch: { due(): void }) {
  watch.due();
}

type DeltaEvent<Item> = Extract<FeedEvent<Item>, { kind: 'delta' }>;

/**
 * One browser's live subscription of one topic. Until its first events are out, and while its
 * session is being confirmed again, the feed's events wait in a queue (and go out merged); the
 * rest of the time each event is written as it comes.
 */
export class LiveWatch<Item, Event extends object> implements FeedListener<Item> {
  /** The id of the last event written: `epoch:cursor`. */
  epoch = '';
  cursor = 0;
  #queue: FeedEvent<Item>[] | undefined;
  #overflow = false;
  /** Its first events, or a session check, are on their way: the feed's events wait. */
  #busy = true;
  #recheckDue = false;
  #done = false;
  #recheck: NodeJS.Timeout | undefined;
  #feed: TopicFeed<Item, Event> | undefined;
  #hub: LiveHub<Item, Event> | undefined;
  #credential: SessionCredential | undefined;
  #stopEnd: (() => void) | undefined;

  constructor(
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    private readonly ctx: LiveContext,
    private readonly topic: string,
    private readonly sink: LiveSink<Event>,
  ) {}

  /** Confirms the session, joins the topic and writes the first events: a replay from `lastEventId`, or a snapshot. */
  async start(lastEventId: string | null | undefined): Promise<void> {
    const { ctx, declaration } = this;
    const started = performance.now();
    try {
      // Nothing streams before the gateway has confirmed the session (issue 11).
      await confirm(ctx);
      if (this.#done) return;
      observeStart(declaration.name, 'session', started);
      this.#credential = new SessionCredential(ctx);
      // Replicas sharing Redis follow one numbering (decision 129); one BFF numbers its own.
      this.#hub = hubFor(declaration, ctx.env.GATEWAY_WS_URL, ctx.log, ctx.live);
      const feed = (this.#feed = this.#hub.acquire(this.topic, this.#credential));
      // Subscribed before anything is read, so nothing falls between the backlog and the live events.
      feed.subscribe(this);
      this.#scheduleRecheck();
      // A token revoked through this BFF (issue 18) is confirmed upstream at once, and refused.
      this.#stopEnd = ctx.session.onEnd(() => this.due());
      await feed.ready();
      if (this.#done) return;
      const last = parseId(lastEventId);
      // Shared: a browser that comes from a replica further along the stream waits for this one.
      const caughtUp = last ? feed.catchUp(last.epoch, last.offset) : undefined;
      if (caughtUp) await caughtUp;
      if (this.#done) return;
      this.epoch = feed.epoch;
      this.cursor = feed.offset;
      const found = last ? feed.missed(last.epoch, last.offset) : undefined;
      // Shared: what this replica's ring no longer holds is read from the stream (up to the cursor).
      const missed = found instanceof Promise ? await found : found;
      if (this.#done) return;
      if (last) liveResumes.inc({ feed: declaration.name, outcome: missed ? 'replay' : 'snapshot' });
      observeStart(declaration.name, 'first_event', started);
      // A browser back from a dead replica can have missed dozens of deltas: one write for them all.
      this.sink.together(() => {
        if (last && missed) {
          for (const delta of missed) this.#deliver(delta.offset, delta.items, delta.wire);
        } else {
          this.#sendSnapshot();
        }
        if (feed.upstream !== 'live') this.sink.send(this.#id(), declaration.status(this.topic, feed.upstream));
      });
      // The first events alone can be more than a browser that stopped reading can take.
      if (this.#congested()) return this.#drop();
      this.#busy = false;
      this.#drain();
    } catch (error) {
      this.#finish(error);
    }
  }

  /** The feed's listener. */
  take(event: FeedEvent<Item>): void {
    if (this.#done) return;
    if (this.#busy || this.#queue?.length) this.#enqueue(event);
    else this.#handle(event);
  }

  /** The session is to be confirmed before the next event (its recheck timer, or a revoked token). */
  due(): void {
    this.#recheckDue = true;
    this.#drain();
  }

  /** The browser left: nothing more is written for it. */
  stop(): void {
    this.#finish();
  }

  #id(): string {
    return eventId(this.epoch, this.cursor);
  }

  #enqueue(event: FeedEvent<Item>): void {
    const queue = (this.#queue ??= []);
    if (queue.length >= this.ctx.env.LIVE_MAX_QUEUED_EVENTS) this.#overflow = true;
    else if (!this.#overflow) queue.push(event);
  }

  #drain(): void {
    while (!this.#done && !this.#busy) {
      if (this.#recheckDue) return this.#confirmAgain();
      if (this.#overflow) return this.#drop();
      const event = this.#queue?.shift();
      if (!event) {
        this.#queue = undefined;
        return;
      }
      this.#handle(event);
    }
  }

  #confirmAgain(): void {
    this.#recheckDue = false;
    this.#busy = true;
    confirm(this.ctx).then(
      () => {
        if (this.#done) return;
        this.#scheduleRecheck();
        this.#busy = false;
        this.#drain();
      },
      // A session that no longer holds ends the stream; the browser goes to sign-in.
      (error: unknown) => this.#finish(error),
    );
  }

  #scheduleRecheck(): void {
    const untilExpiry = (this.ctx.session.accessExpiresAt ?? 0) - Date.now();
    const delay = Math.min(SESSION_RECHECK_MAX_MS, Math.max(SESSION_RECHECK_MIN_MS, untilExpiry));
    this.#recheck = setTimeout(onRecheckDue, delay, this);
  }

  #congested(): boolean {
    const { sink } = this;
    return sink.unsentBytes() > this.ctx.env.LIVE_MAX_UNSENT_BYTES || sink.unreadEvents() >= this.ctx.env.LIVE_MAX_QUEUED_EVENTS;
  }

  /** Too slow: dropped. Its client reconnects with its last id and catches up by replay. */
  #drop(): void {
    liveDropped.inc({ feed: this.declaration.name });
    this.sink.drop(this.#id(), this.declaration.reconnect(this.topic));
    this.#finish();
  }

  #handle(event: FeedEvent<Item>): void {
    const { declaration, topic, sink } = this;
    if (this.#congested()) return this.#drop();
    switch (event.kind) {
      case 'shutdown':
        sink.send(this.#id(), declaration.reconnect(topic));
        return this.#finish();
      case 'status':
        return sink.send(this.#id(), declaration.status(topic, event.upstream));
      case 'reset': {
        const feed = this.#feed!;
        // Already at the newest upstream session (the first snapshot, or an earlier reset, had it).
        if (feed.epoch === this.epoch) return;
        this.epoch = feed.epoch;
        this.cursor = feed.offset;
        // Deltas of this epoch up to the cursor are inside the snapshot; older epochs are gone.
        const queue = this.#queue;
        if (queue) this.#queue = queue.filter((e) => e.kind !== 'delta' || (e.epoch === this.epoch && e.offset > this.cursor));
        return this.#sendSnapshot();
      }
      case 'delta':
        return this.#takeDelta(event);
    }
  }

  #takeDelta(event: DeltaEvent<Item>): void {
    if (event.epoch !== this.epoch || event.offset <= this.cursor) return;
    const queue = this.#queue;
    const contiguous = (next: FeedEvent<Item> | undefined, to: number): next is DeltaEvent<Item> =>
      next?.kind === 'delta' && next.epoch === this.epoch && next.from === to + 1;
    // The browser has every change before `from` (a delta it already holds part of starts after the cursor).
    const from = Math.max(event.from, this.cursor + 1);
    if (from === event.from && !contiguous(queue?.[0], event.offset)) return this.#deliver(event.offset, event.items, event.wire, event.frames);
    // A browser that fell behind gets the queued deltas of this epoch as one event: the id is
    // the last offset, so a replay from it is still exact, and each item keeps its newest
    // version (a removal included). Browsers that fell behind alike share one serialized merge.
    const behind: Item[][] = [event.items];
    let to = event.offset;
    while (contiguous(queue?.[0], to)) {
      const delta = queue!.shift() as DeltaEvent<Item>;
      behind.push(delta.items);
      to = delta.offset;
    }
    const shared = this.sink.wire ? this.#feed!.merged(from, to) : undefined;
    if (shared) return this.#deliver(to, shared.items, shared.wire);
    this.#deliver(to, mergeByKey(this.declaration.key, behind));
  }

  /** A delta up to `offset`: over a websocket, the hub's once-serialized text (its shared frame when it is one delta). */
  #deliver(offset: number, items: Item[], wire?: Wire, frames?: SharedFrames): void {
    this.cursor = offset;
    const id = this.#id();
    if (this.sink.wire && wire) this.sink.sendWire(id, wire.marker, frames);
    else this.sink.send(id, this.declaration.delta(this.topic, items));
  }

  #sendSnapshot(): void {
    const feed = this.#feed!;
    const id = this.#id();
    if (this.sink.wire) this.sink.sendWire(id, feed.snapshotMarker());
    else this.sink.send(id, this.declaration.snapshot(this.topic, feed.snapshot(), new Date().toISOString()));
  }

  #finish(error?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#stopEnd?.();
    clearTimeout(this.#recheck);
    this.#queue = undefined;
    if (this.#feed) {
      this.#feed.unsubscribe(this);
      this.#hub!.release(this.#feed, this.#credential!);
    }
    this.sink.end(error);
  }
}

/** A subscription read by a transport other than the API's websocket: its events in a queue. */
class QueueSink<Event> implements LiveSink<Event> {
  readonly wire = false;
  readonly events: TrackedEnvelope<Event>[] = [];
  ended = false;
  error: unknown;
  wake: (() => void) | undefined;

  send(id: string, event: Event): void {
    this.events.push(tracked(id, event));
    this.wake?.();
  }

  sendWire(): void {
    throw new Error('a queued subscription takes events, not frames');
  }

  together(write: () => void): void {
    write();
  }

  unsentBytes(): number {
    return 0;
  }

  unreadEvents(): number {
    return this.events.length;
  }

  drop(id: string, reconnect: Event): void {
    this.events.push(tracked(id, reconnect));
  }

  end(error?: unknown): void {
    this.ended = true;
    this.error = error;
    this.wake?.();
  }
}

export interface WatchOptions {
  ctx: LiveContext;
  /** The topic, already validated by the procedure's input schema. */
  topic: string;
  /** Set by tRPC from the browser's last `tracked()` id when it reconnects. */
  lastEventId?: string | null;
  /** The transport's: the browser left. The API's websocket stops the watch itself instead. */
  signal: AbortSignal | undefined;
}

async function* iterate<Item, Event extends object>(
  declaration: LiveFeedDeclaration<Item, Event>,
  { ctx, topic, lastEventId, signal }: WatchOptions,
): AsyncGenerator<TrackedEnvelope<Event>, void, unknown> {
  const sink = new QueueSink<Event>();
  const watch = new LiveWatch(declaration, ctx, topic, sink);
  const stop = () => watch.stop();
  signal?.addEventListener('abort', stop);
  void watch.start(lastEventId);
  try {
    for (;;) {
      const next = sink.events.shift();
      if (next) {
        yield next;
        continue;
      }
      if (sink.ended) {
        if (sink.error !== undefined) throw sink.error;
        return;
      }
      await new Promise<void>((resolve) => {
        sink.wake = resolve;
      });
      sink.wake = undefined;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    watch.stop();
  }
}

/**
 * What a live subscription procedure returns. The API's websocket starts it on the socket
 * (`start`); any other transport iterates it.
 */
export class LiveStream<Item, Event extends object> implements AsyncIterable<TrackedEnvelope<Event>, void, unknown> {
  constructor(
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    private readonly options: WatchOptions,
  ) {}

  /** Starts the watch writing to `sink`; the transport calls `stop()` on it when the browser leaves. */
  start(sink: LiveSink<Event>): LiveWatch<Item, Event> {
    const { ctx, topic, lastEventId } = this.options;
    const watch = new LiveWatch(this.declaration, ctx, topic, sink);
    void watch.start(lastEventId);
    return watch;
  }

  [Symbol.asyncIterator](): AsyncGenerator<TrackedEnvelope<Event>, void, unknown> {
    return iterate(this.declaration, this.options);
  }
}

/**
 * The body of a module's subscription procedure: `.subscription(({ ctx, input, signal }) =>
 * watchLive(feed, { ctx, topic: input.date, lastEventId: input.lastEventId, signal }))`.
 */
export function watchLive<Item, Event extends object>(declaration: LiveFeedDeclaration<Item, Event>, options: WatchOptions): LiveStream<Item, Event> {
  return new LiveStream(declaration, options);
}
