import { randomBytes } from 'node:crypto';
import { createUpstreamHealth, type UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration, UpstreamState } from './live-feed';
import { DeltaRing, FLUSH_MS, type Delta, type Wire } from './live-ring';
import { liveShares, SharedTopic, type LiveShare, type SharedView } from './live-share';
import { UpstreamLink, type UpstreamCredential } from './live-upstream';
import { encodeOnce, SharedFrames, type WireMarker } from './live-wire';
import { Gauge } from '@panel/observability';
import { registry } from '../metrics';
import { liveChanges, liveFanout, liveUpstreamResets } from './live-metrics';

// The live hub of DESIGN §6, for every live feed a module declares (decision 062): one upstream
// websocket per watched topic (dispatch: a date), shared by every browser watching it. Each
// upstream session is an epoch; its first message is the whole topic (the snapshot), every
// later one a delta numbered by offset within the epoch. A bounded ring of recent deltas lets a
// reconnecting browser catch up exactly (live-ring.ts); the connection itself, its credential,
// heartbeat and backoff are the upstream link's (live-upstream.ts). With BFF replicas sharing
// Redis (live-share.ts, decision 129) the epochs and offsets are the shared stream's: one
// replica reads the gateway and every replica's feed follows the stream.

export { FLUSH_MS };
const FANOUTS_KEPT = 4096;
/** A topic nobody watches keeps its upstream this long, so a page reload does not reconnect it. */
const LINGER_MS = 30_000;

export type FeedEvent<Item> =
  | { kind: 'reset'; epoch: string }
  | { kind: 'delta'; epoch: string; offset: number; items: Item[]; wire: Wire; frames: SharedFrames }
  | { kind: 'status'; upstream: UpstreamState }
  | { kind: 'shutdown' };

/** A live event's id: the upstream session and the delta's offset within it. */
export const eventId = (epoch: string, offset: number) => `${epoch}:${offset}`;

export class TopicFeed<Item, Event extends object> implements SharedView<Item> {
  epoch = '';
  offset = 0;
  upstream: UpstreamState = 'reconnecting';
  /**
   * The topic's items by key, as of `epoch:offset`; empty until the first snapshot. Tombstones
   * stay (so a late, older change cannot bring an item back) until the next upstream session.
   */
  readonly items = new Map<ItemKey, Item>();
  hasSnapshot = false;
  private readonly ring: DeltaRing<Item>;
  /** One BFF: this feed's own upstream connection. */
  private readonly link: UpstreamLink | undefined;
  /** Replicas sharing Redis: the shared numbering this feed follows (and produces while it holds the lease). */
  readonly shared: SharedTopic<Item, Event> | undefined;
  private readonly advanceListeners = new Set<() => void>();
  private readonly listeners = new Set<(event: FeedEvent<Item>) => void>();
  private awaitingSnapshot = true;
  private readyWaiters: (() => void)[] = [];
  private pending = new Map<ItemKey, Item>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** Bumped on every change of `items`: the shared snapshot text is good while it stands. */
  private revision = 0;
  private snapshotWire: { revision: number; marker: WireMarker } | undefined;
  /** How long each recent delta's fan-out to the subscribers took (ms): the event loop is held that long. */
  readonly fanouts: number[] = [];
  refs = 0;
  linger: NodeJS.Timeout | undefined;
  /** This feed's labels on the live metrics (decision 121). */
  private readonly metricLabels: { feed: string };

  constructor(
    readonly declaration: LiveFeedDeclaration<Item, Event>,
    readonly url: string,
    readonly topic: string,
    health?: UpstreamHealth,
    share?: LiveShare,
  ) {
    this.metricLabels = { feed: declaration.name };
    this.ring = new DeltaRing(declaration.key, (items) => encodeOnce(declaration.delta(topic, items)));
    if (share) {
      this.link = undefined;
      this.shared = new SharedTopic(share, declaration, url, topic, this, health);
      return;
    }
    this.shared = undefined;
    this.link = new UpstreamLink(
      url,
      {
        connecting: () => {
          this.awaitingSnapshot = true;
        },
        init: () => declaration.init(topic),
        message: (text) => this.onMessage(text),
        lost: () => this.onLost(),
      },
      health,
    );
  }

  /** Lends a browser's session to the upstream connection for as long as it watches. */
  lend(credential: UpstreamCredential): void {
    if (this.shared) this.shared.lend(credential);
    else this.link?.lend(credential);
  }

  unlend(credential: UpstreamCredential): void {
    if (this.shared) this.shared.unlend(credential);
    else this.link?.unlend(credential);
  }

  subscribe(listener: (event: FeedEvent<Item>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** Resolves once the feed holds a snapshot (or at once if it already does). */
  ready(signal?: AbortSignal): Promise<void> {
    if (this.hasSnapshot) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.readyWaiters.push(resolve);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }

  /** The deltas after `offset` in this epoch, or undefined when the ring no longer holds them all. */
  since(epoch: string, offset: number): Delta<Item>[] | undefined {
    if (epoch !== this.epoch || offset > this.offset) return undefined;
    if (offset === this.offset) return [];
    return this.ring.after(offset);
  }

  /**
   * What a browser back with its last id missed: `since`, and for replicas sharing Redis what
   * this replica's ring no longer holds (or never held) read from the stream while it holds it.
   */
  missed(epoch: string, offset: number): Delta<Item>[] | undefined | Promise<Delta<Item>[] | undefined> {
    const held = this.since(epoch, offset);
    if (held || !this.shared || epoch !== this.epoch || offset > this.offset) return held;
    return this.shared.range(epoch, offset, this.offset).then((changes) =>
      changes?.map(({ offset: at, items }) => ({ offset: at, items, wire: { marker: encodeOnce(this.declaration.delta(this.topic, items)) } })),
    );
  }

  /**
   * Shared: waits (briefly) until this replica has reached a browser's last id that another
   * replica, further along the same stream, gave it; one BFF has nothing to wait for.
   */
  catchUp(epoch: string, offset: number, signal?: AbortSignal): Promise<void> | undefined {
    return this.shared?.catchUp(epoch, offset, signal);
  }

  /**
   * Deltas `from`..`to` of this epoch as one delta, shared by every browser that fell behind by
   * the same range: a slow moment makes most browsers fall behind alike, and each got its own
   * stringify before.
   */
  merged(from: number, to: number): { items: Item[]; wire: Wire } | undefined {
    return this.ring.merged(this.epoch, from, to, this.offset);
  }

  /** The topic's items as a snapshot carries them: tombstones left out. */
  snapshot(): Item[] {
    const { removed } = this.declaration;
    const items = [...this.items.values()];
    return removed ? items.filter((item) => !removed(item)) : items;
  }

  /**
   * The topic as one snapshot event serialized once: every browser that joins (or rejoins after a
   * lost upstream, all at once) while the items stand still shares the text. `at` is when it was taken.
   */
  snapshotMarker(): WireMarker {
    if (this.snapshotWire?.revision !== this.revision) {
      const marker = encodeOnce(this.declaration.snapshot(this.topic, this.snapshot(), new Date().toISOString()));
      this.snapshotWire = { revision: this.revision, marker };
    }
    return this.snapshotWire.marker;
  }

  private emit(event: FeedEvent<Item>): void {
    for (const listener of this.listeners) listener(event);
  }

  private onMessage(text: string): void {
    let items;
    try {
      items = this.declaration.items(JSON.parse(text));
    } catch {
      return;
    }
    if (!items) return;
    const { key, version } = this.declaration;
    if (this.awaitingSnapshot) {
      // A new upstream session: the deltas of the old one cannot be told apart from what was
      // missed while it was down, so browsers start again from this snapshot.
      this.awaitingSnapshot = false;
      this.applyReset(randomBytes(6).toString('hex'), 0, items);
      return;
    }
    // A change that the snapshot already had (sent during init) is older or equal: skipped.
    let changed = false;
    for (const item of items) {
      const k = key(item);
      const held = this.items.get(k);
      if (held !== undefined && version(held) >= version(item)) continue;
      // The state is current at once (a snapshot taken now has these items); the delta follows
      // within FLUSH_MS and browsers skip versions they already hold.
      this.items.set(k, item);
      this.pending.set(k, item);
      changed = true;
    }
    if (!changed) return;
    this.revision += 1;
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** A new epoch: the whole topic as of `epoch:offset` (0 at an upstream session's start; a shared state's offset). */
  applyReset(epoch: string, offset: number, items: readonly Item[]): void {
    const { key } = this.declaration;
    this.dropPending();
    this.items.clear();
    for (const item of items) this.items.set(key(item), item);
    this.revision += 1;
    this.epoch = epoch;
    this.offset = offset;
    this.ring.clear();
    this.hasSnapshot = true;
    this.upstream = 'live';
    liveUpstreamResets.inc(this.metricLabels);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.emit({ kind: 'reset', epoch: this.epoch });
    this.emit({ kind: 'status', upstream: 'live' });
    this.advanced();
  }

  /** Shared: the next change of the epoch as the stream numbered it (the holder already skipped stale versions). */
  applyDelta(offset: number, items: Item[]): void {
    const { key } = this.declaration;
    for (const item of items) this.items.set(key(item), item);
    this.revision += 1;
    this.publish(offset, items);
    this.advanced();
  }

  applyStatus(upstream: UpstreamState): void {
    if (this.upstream === upstream) return;
    this.upstream = upstream;
    this.emit({ kind: 'status', upstream });
  }

  onAdvance(listener: () => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  private advanced(): void {
    for (const listener of this.advanceListeners) listener();
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    this.publish(this.offset + 1, items);
  }

  /** Numbers a delta, keeps it in the ring and fans it out to every subscriber. */
  private publish(offset: number, items: Item[]): void {
    this.offset = offset;
    const wire = { marker: encodeOnce(this.declaration.delta(this.topic, items)) };
    const delta = { offset: this.offset, items, wire };
    this.ring.push(delta);
    // The frames are built during this fan-out only; the ring keeps just the text.
    const frames = new SharedFrames(eventId(this.epoch, this.offset), wire.marker);
    const started = performance.now();
    this.emit({ kind: 'delta', epoch: this.epoch, offset: this.offset, items, wire, frames });
    const fanout = performance.now() - started;
    this.fanouts.push(fanout);
    if (this.fanouts.length > FANOUTS_KEPT) this.fanouts.shift();
    liveChanges.inc(this.metricLabels, items.length);
    liveFanout.observe(this.metricLabels, fanout / 1000);
  }

  private dropPending(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
  }

  private onLost(): void {
    if (this.upstream === 'live') {
      this.upstream = 'reconnecting';
      this.emit({ kind: 'status', upstream: 'reconnecting' });
    }
  }

  /** Cuts the upstream connection as a network failure would (tests and chaos runs); shared: the holder's. */
  dropUpstream(): void {
    if (this.shared) this.shared.dropUpstream();
    else this.link?.drop();
  }

  close(notify: boolean): void {
    clearTimeout(this.linger);
    this.dropPending();
    this.ring.clear();
    if (notify) this.emit({ kind: 'shutdown' });
    this.link?.close();
    this.shared?.close();
  }
}

/** Feeds by topic of one declared feed on one gateway. */
export class LiveHub<Item, Event extends object> {
  private readonly feeds = new Map<string, TopicFeed<Item, Event>>();
  private closing = false;

  constructor(
    readonly declaration: LiveFeedDeclaration<Item, Event>,
    readonly wsUrl: string,
    private readonly log?: { warn(details: object, message: string): void },
    /** Replicas sharing Redis: this replica's share of the numbering (decision 129). */
    private readonly share?: LiveShare,
  ) {}

  /** The topic's feed for one more watcher, whose session the upstream connection may use. */
  acquire(topic: string, credential: UpstreamCredential): TopicFeed<Item, Event> {
    if (this.closing) throw new Error('hub is shutting down');
    let feed = this.feeds.get(topic);
    if (!feed) {
      const health = this.log ? createUpstreamHealth(this.log, `gateway live stream of ${this.declaration.name} ${topic}`) : undefined;
      feed = new TopicFeed(this.declaration, `${this.wsUrl.replace(/\/$/, '')}${this.declaration.path}`, topic, health, this.share);
      this.feeds.set(topic, feed);
    }
    clearTimeout(feed.linger);
    feed.refs += 1;
    feed.lend(credential);
    return feed;
  }

  release(feed: TopicFeed<Item, Event>, credential: UpstreamCredential): void {
    feed.unlend(credential);
    feed.refs -= 1;
    if (feed.refs > 0 || this.closing) return;
    feed.linger = setTimeout(() => {
      if (feed.refs > 0) return;
      feed.close(false);
      this.feeds.delete(feed.topic);
    }, LINGER_MS);
    feed.linger.unref();
  }

  feed(topic: string): TopicFeed<Item, Event> | undefined {
    return this.feeds.get(topic);
  }

  /** The hub's topics (for the live gauges). */
  topics(): IterableIterator<TopicFeed<Item, Event>> {
    return this.feeds.values();
  }

  /** Tells every subscriber to reconnect (elsewhere) and closes the upstream connections. */
  shutdown(): void {
    this.closing = true;
    for (const feed of this.feeds.values()) feed.close(true);
    this.feeds.clear();
  }
}

type Registry = Map<LiveFeedDeclaration<never, never>, Map<string, LiveHub<never, never>>>;
/** One BFF's hubs by declared feed, then by gateway websocket URL (a shared replica's are in its share). */
const hubs: Registry = new Map();
const registryOf = (share: LiveShare | undefined): Registry => (share ? (share.hubs as unknown as Registry) : hubs);

/**
 * One hub per declared feed and gateway for the whole process (for each replica's share, when
 * replicas share Redis), created on the first subscription.
 */
export function hubFor<Item, Event extends object>(
  declaration: LiveFeedDeclaration<Item, Event>,
  wsUrl: string,
  log?: { warn(details: object, message: string): void },
  share?: LiveShare,
): LiveHub<Item, Event> {
  const registry = registryOf(share);
  const key = declaration as unknown as LiveFeedDeclaration<never, never>;
  let byUrl = registry.get(key);
  if (!byUrl) {
    byUrl = new Map();
    registry.set(key, byUrl);
  }
  let hub = byUrl.get(wsUrl) as LiveHub<Item, Event> | undefined;
  if (!hub) {
    hub = new LiveHub(declaration, wsUrl, log, share);
    byUrl.set(wsUrl, hub as unknown as LiveHub<never, never>);
  }
  return hub;
}

function shutdownIn(registry: Registry, wsUrl: string | undefined): void {
  for (const byUrl of registry.values()) {
    for (const [url, hub] of byUrl) {
      if (wsUrl !== undefined && url !== wsUrl) continue;
      hub.shutdown();
      byUrl.delete(url);
    }
  }
}

/** Shuts down the hubs of every feed, or only those on one gateway (test gateways come and go); every replica's of this process. */
export function shutdownHubs(wsUrl?: string): void {
  shutdownIn(hubs, wsUrl);
  for (const share of liveShares) shutdownIn(registryOf(share), wsUrl);
}

/** Shuts down one replica's shared hubs (its BFF is closing): their watchers reconnect elsewhere, their leases go at once. */
export function shutdownShare(share: LiveShare): void {
  shutdownIn(registryOf(share), undefined);
}

function* registries(): Generator<Registry> {
  yield hubs;
  for (const share of liveShares) yield registryOf(share);
}

/** Each feed's topics of every hub, for the gauges read at each scrape (nothing counted in between). */
function* allTopics(): Generator<TopicFeed<never, never>> {
  for (const registry of registries()) for (const byUrl of registry.values()) for (const hub of byUrl.values()) yield* hub.topics();
}

function* allDeclarations(): Generator<LiveFeedDeclaration<never, never>> {
  for (const registry of registries()) yield* registry.keys();
}

new Gauge({
  name: 'panel_bff_live_subscribers',
  help: 'Browsers watching a live feed now, by feed',
  labelNames: ['feed'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const declaration of allDeclarations()) this.set({ feed: declaration.name }, 0);
    for (const topic of allTopics()) this.inc({ feed: topic.declaration.name }, topic.subscribers);
  },
});

new Gauge({
  name: 'panel_bff_live_topics',
  help: 'Live topics (e.g. dispatch dates) held open, by feed and upstream state (live, reconnecting)',
  labelNames: ['feed', 'upstream'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const declaration of allDeclarations()) for (const upstream of ['live', 'reconnecting']) this.set({ feed: declaration.name, upstream }, 0);
    for (const topic of allTopics()) this.inc({ feed: topic.declaration.name, upstream: topic.upstream });
  },
});
