import { createUpstreamHealth } from '../gateway/gateway-client';
import type { LiveFeedDeclaration } from './live-feed';
import { liveShares, type LiveShare } from './live-share';
import { TopicFeed } from './live-topic';
import type { UpstreamCredential } from './live-upstream';
import { Gauge } from '@panel/observability';
import { registry } from '../metrics';

// The live hub of DESIGN §6, for every live feed a module declares (decision 062): one upstream
// websocket per watched topic (dispatch: a date), shared by every browser watching it (the
// topic's feed, live-topic.ts). Each upstream session is an epoch; its first message is the
// whole topic (the snapshot), every later one a delta numbered by offset within the epoch. A
// bounded ring of recent deltas lets a reconnecting browser catch up exactly (live-ring.ts); the
// connection itself, its credential, heartbeat and backoff are the upstream link's
// (live-upstream.ts, read by live-upstream-reader.ts). With BFF replicas sharing Redis
// (live-share.ts, decision 129) the epochs and offsets are the shared stream's: one replica reads
// the gateway and every replica's feed follows the stream.

export { FLUSH_MS } from './live-ring';

/** A topic nobody watches keeps its upstream this long, so a page reload does not reconnect it. */
const LINGER_MS = 30_000;

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
