import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createUpstreamHealth, type UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration, UpstreamState } from './live-feed';
import { encodeOnce, SharedFrames, type WireMarker } from './live-wire';

// The live hub of DESIGN §6, for every live feed a module declares (decision 062): one upstream
// websocket per watched topic (dispatch: a date), shared by every browser watching it. Each
// upstream session is an epoch; its first message is the whole topic (the snapshot), every
// later one a delta numbered by offset within the epoch. A bounded ring of recent deltas lets a
// reconnecting browser catch up exactly.

export const RING_SIZE = 2048;
/** The upstream is pinged this often; one that has not answered the previous ping is dropped. */
const HEARTBEAT_MS = 3_000;
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 10_000;
/**
 * Changes arriving within this window go out as one delta: at 100 changes/s it cuts the events
 * per browser several-fold for at most this much added latency.
 */
export const FLUSH_MS = 25;
/** Merged ranges kept per topic (browsers behind by the same range share one). */
const MERGED_RANGES = 256;
const FANOUTS_KEPT = 4096;
/** A topic nobody watches keeps its upstream this long, so a page reload does not reconnect it. */
const LINGER_MS = 30_000;

export type FeedEvent<Item> =
  | { kind: 'reset'; epoch: string }
  | { kind: 'delta'; epoch: string; offset: number; items: Item[]; wire: Wire; frames: SharedFrames }
  | { kind: 'status'; upstream: UpstreamState }
  | { kind: 'shutdown' };

/** A delta serialized once for every websocket subscriber (live-wire.ts). */
export interface Wire {
  marker: WireMarker;
}

/**
 * A watching browser's session, lent to the upstream connection of its topic: the gateway's
 * live paths take a staff access token on the upgrade (decision 014), and the connection
 * outlives any one browser, so it uses the freshest token among the browsers watching the topic.
 */
export interface UpstreamCredential {
  /** The session's access token and its expiry (ms since the epoch), if it has one. */
  current(): { token: string; expiresAt: number } | undefined;
  /** Confirms the session with the gateway, renewing an expired token; throws when it no longer holds. */
  renew(): Promise<void>;
}

/** A token this close to its expiry is renewed before it is used for a new upstream connection. */
const CREDENTIAL_MARGIN_MS = 5_000;

/** A live event's id: the upstream session and the delta's offset within it. */
export const eventId = (epoch: string, offset: number) => `${epoch}:${offset}`;

export interface Delta<Item> {
  offset: number;
  items: Item[];
  wire: Wire;
}

/** Items by key, a later change of the same key replacing the earlier one in its place. */
export function mergeByKey<Item>(key: (item: Item) => ItemKey, lists: readonly (readonly Item[])[]): Item[] {
  const byKey = new Map<ItemKey, Item>();
  for (const list of lists) for (const item of list) byKey.set(key(item), item);
  return [...byKey.values()];
}

export class TopicFeed<Item, Event extends object> {
  epoch = '';
  offset = 0;
  upstream: UpstreamState = 'reconnecting';
  /**
   * The topic's items by key, as of `epoch:offset`; empty until the first snapshot. Tombstones
   * stay (so a late, older change cannot bring an item back) until the next upstream session.
   */
  readonly items = new Map<ItemKey, Item>();
  hasSnapshot = false;
  private readonly ring: Delta<Item>[] = [];
  private readonly listeners = new Set<(event: FeedEvent<Item>) => void>();
  private readonly credentials = new Set<UpstreamCredential>();
  /** The gateway refused the last token: renew before the next attempt. */
  private refused = false;
  /** No watching browser could lend a token (or none came yet): the next one to arrive connects. */
  private waitingForCredential = true;
  private socket: WebSocket | undefined;
  private awaitingSnapshot = true;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private alive = true;
  private closed = false;
  private readyWaiters: (() => void)[] = [];
  private pending = new Map<ItemKey, Item>();
  /** Merged ranges of the ring, serialized once for all browsers behind by the same range. */
  private readonly mergedRanges = new Map<string, { from: number; items: Item[]; wire: Wire }>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** Bumped on every change of `items`: the shared snapshot text is good while it stands. */
  private revision = 0;
  private snapshotWire: { revision: number; marker: WireMarker } | undefined;
  /** How long each recent delta's fan-out to the subscribers took (ms): the event loop is held that long. */
  readonly fanouts: number[] = [];
  refs = 0;
  linger: NodeJS.Timeout | undefined;

  constructor(
    readonly declaration: LiveFeedDeclaration<Item, Event>,
    readonly url: string,
    readonly topic: string,
    private readonly health?: UpstreamHealth,
  ) {}

  /** Lends a browser's session to the upstream connection for as long as it watches. */
  lend(credential: UpstreamCredential): void {
    this.credentials.add(credential);
    if (this.waitingForCredential) {
      this.waitingForCredential = false;
      clearTimeout(this.retry);
      this.connect();
    }
  }

  unlend(credential: UpstreamCredential): void {
    this.credentials.delete(credential);
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
    const first = this.ring[0];
    if (!first || first.offset > offset + 1) return undefined;
    return this.ring.slice(offset + 1 - first.offset);
  }

  /**
   * Deltas `from`..`to` of this epoch as one delta (each item at its newest version, tombstones
   * included, in the order a merge of them would give), shared by every browser that fell behind
   * by the same range: a slow moment makes most browsers fall behind alike, and each got its own
   * stringify before.
   */
  merged(from: number, to: number): { items: Item[]; wire: Wire } | undefined {
    const key = `${this.epoch}|${from}-${to}`;
    const known = this.mergedRanges.get(key);
    if (known) return known;
    const first = this.ring[0];
    if (!first || from < first.offset || to > this.offset || from > to) return undefined;
    const items = mergeByKey(this.declaration.key, this.ring.slice(from - first.offset, to - first.offset + 1).map((delta) => delta.items));
    const entry = { from, items, wire: { marker: encodeOnce(this.declaration.delta(this.topic, items)) } };
    this.mergedRanges.set(key, entry);
    return entry;
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

  /** The freshest token of a watching browser, renewed first when it is refused or about to expire. */
  private async credential(): Promise<string | undefined> {
    const now = Date.now();
    let best: { token: string; expiresAt: number } | undefined;
    for (const credential of this.credentials) {
      const current = credential.current();
      if (current && (!best || current.expiresAt > best.expiresAt)) best = current;
    }
    if (best && !this.refused && best.expiresAt > now + CREDENTIAL_MARGIN_MS) return best.token;
    for (const credential of [...this.credentials]) {
      try {
        await credential.renew();
      } catch {
        continue;
      }
      const renewed = credential.current();
      if (renewed && renewed.expiresAt > Date.now()) return renewed.token;
    }
    return undefined;
  }

  private connect(): void {
    if (this.closed) return;
    void this.credential().then(
      (token) => this.open(token),
      () => this.open(undefined),
    );
  }

  private open(token: string | undefined): void {
    if (this.closed) return;
    if (!token) {
      // Nobody watching can lend a session now; whoever subscribes next starts the connection.
      this.waitingForCredential = true;
      this.scheduleRetry();
      return;
    }
    // A gateway that accepts the connection but never answers (frozen) is given up on too.
    const socket = new WebSocket(this.url, { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: HEARTBEAT_MS * 2 });
    this.socket = socket;
    this.awaitingSnapshot = true;
    socket.on('open', () => {
      this.health?.succeeded();
      this.refused = false;
      this.attempt = 0;
      this.alive = true;
      socket.send(JSON.stringify(this.declaration.init(this.topic)));
      this.heartbeat = setInterval(() => {
        if (!this.alive) {
          socket.terminate();
          return;
        }
        this.alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('message', (data) => this.onMessage(String(data)));
    socket.on('close', () => this.onLost(socket));
    socket.on('error', (error) => {
      // `ws` reports a refused upgrade as "Unexpected server response: 401".
      if (/: 40[13]$/.test(error.message)) this.refused = true;
      socket.terminate();
    });
  }

  private onMessage(text: string): void {
    this.alive = true;
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
      this.dropPending();
      this.items.clear();
      for (const item of items) this.items.set(key(item), item);
      this.revision += 1;
      this.epoch = randomBytes(6).toString('hex');
      this.offset = 0;
      this.clearRing();
      this.hasSnapshot = true;
      this.upstream = 'live';
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      this.emit({ kind: 'reset', epoch: this.epoch });
      this.emit({ kind: 'status', upstream: 'live' });
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

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    this.offset += 1;
    const wire = { marker: encodeOnce(this.declaration.delta(this.topic, items)) };
    const delta = { offset: this.offset, items, wire };
    this.ring.push(delta);
    if (this.ring.length > RING_SIZE) this.ring.shift();
    this.pruneMerged();
    // The frames are built during this fan-out only; the ring keeps just the text.
    const frames = new SharedFrames(eventId(this.epoch, this.offset), wire.marker);
    const started = performance.now();
    this.emit({ kind: 'delta', epoch: this.epoch, offset: this.offset, items, wire, frames });
    this.fanouts.push(performance.now() - started);
    if (this.fanouts.length > FANOUTS_KEPT) this.fanouts.shift();
  }

  private pruneMerged(): void {
    const oldest = this.ring[0]?.offset ?? Infinity;
    let excess = this.mergedRanges.size - MERGED_RANGES;
    for (const [key, entry] of this.mergedRanges) {
      if (excess > 0 || entry.from < oldest) {
        this.mergedRanges.delete(key);
        excess -= 1;
      }
    }
  }

  private clearRing(): void {
    this.ring.length = 0;
    this.mergedRanges.clear();
  }

  private dropPending(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
  }

  private onLost(socket: WebSocket): void {
    clearInterval(this.heartbeat);
    if (socket !== this.socket || this.closed) return;
    this.health?.failed(this.refused ? 'the gateway refused the credential' : 'connection closed');
    if (this.upstream === 'live') {
      this.upstream = 'reconnecting';
      this.emit({ kind: 'status', upstream: 'reconnecting' });
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    // Forever, with full jitter so many BFF replicas do not reconnect in step.
    const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 16);
    this.retry = setTimeout(() => this.connect(), BACKOFF_BASE_MS / 2 + Math.random() * cap);
  }

  /** Cuts the upstream connection as a network failure would (tests and chaos runs). */
  dropUpstream(): void {
    this.socket?.terminate();
  }

  close(notify: boolean): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    clearTimeout(this.linger);
    this.dropPending();
    this.clearRing();
    if (notify) this.emit({ kind: 'shutdown' });
    this.socket?.terminate();
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
  ) {}

  /** The topic's feed for one more watcher, whose session the upstream connection may use. */
  acquire(topic: string, credential: UpstreamCredential): TopicFeed<Item, Event> {
    if (this.closing) throw new Error('hub is shutting down');
    let feed = this.feeds.get(topic);
    if (!feed) {
      const health = this.log ? createUpstreamHealth(this.log, `gateway live stream of ${this.declaration.name} ${topic}`) : undefined;
      feed = new TopicFeed(this.declaration, `${this.wsUrl.replace(/\/$/, '')}${this.declaration.path}`, topic, health);
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

  /** Tells every subscriber to reconnect (elsewhere) and closes the upstream connections. */
  shutdown(): void {
    this.closing = true;
    for (const feed of this.feeds.values()) feed.close(true);
    this.feeds.clear();
  }
}

/** Hubs by declared feed, then by gateway websocket URL. */
const hubs = new Map<LiveFeedDeclaration<never, never>, Map<string, LiveHub<never, never>>>();

/** One hub per declared feed and gateway for the whole process, created on the first subscription. */
export function hubFor<Item, Event extends object>(
  declaration: LiveFeedDeclaration<Item, Event>,
  wsUrl: string,
  log?: { warn(details: object, message: string): void },
): LiveHub<Item, Event> {
  const key = declaration as unknown as LiveFeedDeclaration<never, never>;
  let byUrl = hubs.get(key);
  if (!byUrl) {
    byUrl = new Map();
    hubs.set(key, byUrl);
  }
  let hub = byUrl.get(wsUrl) as LiveHub<Item, Event> | undefined;
  if (!hub) {
    hub = new LiveHub(declaration, wsUrl, log);
    byUrl.set(wsUrl, hub as unknown as LiveHub<never, never>);
  }
  return hub;
}

/** Shuts down the hubs of every feed, or only those on one gateway (test gateways come and go). */
export function shutdownHubs(wsUrl?: string): void {
  for (const byUrl of hubs.values()) {
    for (const [url, hub] of byUrl) {
      if (wsUrl !== undefined && url !== wsUrl) continue;
      hub.shutdown();
      byUrl.delete(url);
    }
  }
}
