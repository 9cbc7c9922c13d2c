import { randomBytes } from 'node:crypto';
import type { UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration, UpstreamState } from './live-feed';
import { DeltaRing, mergeByKey, type Delta, type Wire } from './live-ring';
import type { LiveShare } from './live-share';
import type { SharedView } from './live-share-reader';
import { SharedTopic } from './live-share-topic';
import type { UpstreamCredential } from './live-upstream';
import { snapshotItems, UpstreamReader } from './live-upstream-reader';
import { encodeOnce, SharedFrames, type WireMarker } from './live-wire';
import { liveChanges, liveFanout, liveUpstreamResets } from './live-metrics';

// One watched topic of a live feed (DESIGN §6, decision 062): its items, its epochs and offsets,
// the ring of recent deltas a reconnecting browser catches up from (live-ring.ts), and the fan-out
// to its subscribers. Its changes come from its own upstream reader (one BFF,
// live-upstream-reader.ts) or, with replicas sharing Redis, from the shared stream
// (live-share-topic.ts, decision 129).

const FANOUTS_KEPT = 4096;
/** Shared: the most of the event loop a topic's fan-outs take while browsers pile on (the rest waits between them). */
const FANOUT_SHARE = 0.5;

export type FeedEvent<Item> =
  | { kind: 'reset'; epoch: string }
  /**
   * The changes after `from - 1` up to `offset` as one delta (one change: `from === offset`).
   * A shared topic whose reader took several of the stream's changes at once fans them out as one.
   */
  | { kind: 'delta'; epoch: string; from: number; offset: number; items: Item[]; wire: Wire; frames: SharedFrames }
  | { kind: 'status'; upstream: UpstreamState }
  | { kind: 'shutdown' };

/** A subscriber of a topic's feed (one browser's live watch). */
export interface FeedListener<Item> {
  take(event: FeedEvent<Item>): void;
}

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
  /** One BFF: this feed's own upstream reader. */
  private readonly upstreamReader: UpstreamReader<Item, Event> | undefined;
  /** Replicas sharing Redis: the shared numbering this feed follows (and produces while it holds the lease). */
  readonly shared: SharedTopic<Item, Event> | undefined;
  private readonly advanceListeners = new Set<() => void>();
  private readonly listeners = new Set<FeedListener<Item>>();
  private readyWaiters: (() => void)[] = [];
  /** Bumped on every change of `items`: the shared snapshot text is good while it stands. */
  private revision = 0;
  private snapshotWire: { revision: number; marker: WireMarker } | undefined;
  /** How long each recent delta's fan-out to the subscribers took (ms): the event loop is held that long. */
  readonly fanouts: number[] = [];
  refs = 0;
  linger: NodeJS.Timeout | undefined;
  /** Shared: the changes kept but not yet fanned out (the last of them is `offset`), and when the next fan-out may run. */
  private held: Item[][] = [];
  private releaseTimer: NodeJS.Timeout | undefined;
  private nextFanOutAt = 0;
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
      this.upstreamReader = undefined;
      this.shared = new SharedTopic(share, declaration, url, topic, this, health);
      return;
    }
    this.shared = undefined;
    this.upstreamReader = new UpstreamReader(
      declaration,
      url,
      topic,
      this.items,
      {
        // A new upstream session: its deltas start again from this snapshot, in a new epoch.
        snapshot: (items) => this.applyReset(randomBytes(6).toString('hex'), 0, items),
        // The items are current at once: a snapshot taken now has the changes.
        changed: () => {
          this.revision += 1;
        },
        flush: () => this.flush(),
        lost: () => this.onLost(),
      },
      health,
    );
  }

  /** Lends a browser's session to the upstream connection for as long as it watches. */
  lend(credential: UpstreamCredential): void {
    if (this.shared) this.shared.lend(credential);
    else this.upstreamReader?.lend(credential);
  }

  unlend(credential: UpstreamCredential): void {
    if (this.shared) this.shared.unlend(credential);
    else this.upstreamReader?.unlend(credential);
  }

  subscribe(listener: FeedListener<Item>): void {
    this.listeners.add(listener);
  }

  unsubscribe(listener: FeedListener<Item>): void {
    this.listeners.delete(listener);
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
    return snapshotItems(this.declaration, this.items);
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
    for (const listener of this.listeners) listener.take(event);
  }

  /** A new epoch: the whole topic as of `epoch:offset` (0 at an upstream session's start; a shared state's offset). */
  applyReset(epoch: string, offset: number, items: readonly Item[]): void {
    const { key } = this.declaration;
    this.upstreamReader?.dropPending();
    this.items.clear();
    for (const item of items) this.items.set(key(item), item);
    this.revision += 1;
    this.epoch = epoch;
    this.offset = offset;
    this.ring.clear();
    // Held changes of the old epoch are inside the new snapshot, or gone with it.
    clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    this.held = [];
    this.hasSnapshot = true;
    this.upstream = 'live';
    liveUpstreamResets.inc(this.metricLabels);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.emit({ kind: 'reset', epoch: this.epoch });
    this.emit({ kind: 'status', upstream: 'live' });
    this.advanced();
  }

  /**
   * Shared: the next changes of the epoch as the stream numbered them (the holder already skipped
   * stale versions), in order and without a hole. Each is kept in the ring under its own offset,
   * so a browser resumes from any of them; those that reach the browsers together (several of one
   * read, or held while the last fan-out's pause runs) go out as one delta: a replica that fell
   * behind catches up in one write a browser, not one a change.
   */
  applyDeltas(changes: readonly { offset: number; items: Item[] }[]): void {
    if (changes.length === 0) return;
    for (const change of changes) {
      this.take(change.items);
      this.keep(change.offset, change.items);
      this.held.push(change.items);
    }
    const pause = this.nextFanOutAt - performance.now();
    if (pause <= 0) this.release();
    else this.releaseTimer ??= setTimeout(() => this.release(), pause);
    this.advanced();
  }

  /**
   * Shared: the changes held since the last fan-out, to every subscriber as one delta. A fan-out
   * to thousands of browsers holds the event loop for tens of milliseconds; the next waits as long
   * again (FANOUT_SHARE of the loop at most), so the browsers moving in from a dead replica, their
   * sessions and replays, get the other half instead of waiting behind one write a change.
   */
  private release(): void {
    clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    const lists = this.held;
    if (lists.length === 0) return;
    this.held = [];
    const from = this.offset - lists.length + 1;
    const started = performance.now();
    if (lists.length === 1) {
      const [last] = this.ring.after(this.offset - 1)!;
      this.fanOut(from, last!.items, last!.wire);
    } else {
      // The ring holds the range unless it outgrew it (a replica a whole ring behind).
      const merged = this.ring.merged(this.epoch, from, this.offset, this.offset) ?? this.merge(lists);
      this.fanOut(from, merged.items, merged.wire);
    }
    const took = performance.now() - started;
    this.nextFanOutAt = performance.now() + (took * (1 - FANOUT_SHARE)) / FANOUT_SHARE;
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
    const items = this.upstreamReader?.take() ?? [];
    if (items.length === 0) return;
    this.publish(this.offset + 1, items);
  }

  /** The items are current with a change's. */
  private take(items: readonly Item[]): void {
    const { key } = this.declaration;
    for (const item of items) this.items.set(key(item), item);
    this.revision += 1;
  }

  private merge(lists: readonly Item[][]): { items: Item[]; wire: Wire } {
    const items = mergeByKey(this.declaration.key, lists);
    return { items, wire: { marker: encodeOnce(this.declaration.delta(this.topic, items)) } };
  }

  /** Numbers a delta and keeps it in the ring. */
  private keep(offset: number, items: Item[]): Wire {
    this.offset = offset;
    const wire = { marker: encodeOnce(this.declaration.delta(this.topic, items)) };
    this.ring.push({ offset, items, wire });
    liveChanges.inc(this.metricLabels, items.length);
    return wire;
  }

  /** Numbers a delta, keeps it in the ring and fans it out to every subscriber. */
  private publish(offset: number, items: Item[]): void {
    this.fanOut(offset, items, this.keep(offset, items));
  }

  /** The changes `from`..`this.offset` to every subscriber, as one event. */
  private fanOut(from: number, items: Item[], wire: Wire): void {
    // The frames are built during this fan-out only; the ring keeps just the text.
    const frames = new SharedFrames(eventId(this.epoch, this.offset), wire.marker);
    const started = performance.now();
    this.emit({ kind: 'delta', epoch: this.epoch, from, offset: this.offset, items, wire, frames });
    const fanout = performance.now() - started;
    this.fanouts.push(fanout);
    if (this.fanouts.length > FANOUTS_KEPT) this.fanouts.shift();
    liveFanout.observe(this.metricLabels, fanout / 1000);
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
    else this.upstreamReader?.drop();
  }

  close(notify: boolean): void {
    clearTimeout(this.linger);
    clearTimeout(this.releaseTimer);
    this.ring.clear();
    if (notify) this.emit({ kind: 'shutdown' });
    this.upstreamReader?.close();
    this.shared?.close();
  }
}
