import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration, UpstreamState } from './live-feed';
import { FLUSH_MS } from './live-ring';
import { liveRedisHop } from './live-metrics';
import { UpstreamLink, type UpstreamCredential } from './live-upstream';

// BFF replicas behind a balancer share one numbering of every live topic's changes through Redis
// (issue 34, decision 129). Per (feed, topic), exactly one replica holds a lease and reads the
// gateway's stream (the producer below): it merges the changes in the flush window, as one BFF
// does, and appends them to a Redis stream with the id `<epoch>-<offset>` (XADD, bounded length).
// Every replica with watchers on the topic reads that stream (blocking XREAD, the reader below)
// into its own topic feed (live-hub.ts), which fans out to its own browsers exactly as before.
// A browser's event id is the stream id (written `<epoch>:<offset>`, the contract's form), so it
// resumes on any replica: replay while the stream holds the id, a snapshot when it is older.
//
// An epoch is one upstream session of one holder: its first entry (`<epoch>-0`) carries the whole
// topic, each later one the changes of one flush, numbered without holes. The scripts check the
// lease and the stream's last id before they append, so a holder that lost its lease (paused,
// cut from Redis) can never write into the numbering of the next one, and a hole is never made:
// a holder that could not append starts a new epoch with everything it holds (its browsers and
// every other replica's get a snapshot, never a wrong cell).

/** The settings of the shared numbering (BFF environment: REDIS_URL, REDIS_KEY_PREFIX, LIVE_*). */
export interface LiveShareOptions {
  url: string;
  prefix: string;
  /** How long a holder's lease lasts unless renewed; renewed every third of it. */
  leaseMs: number;
  /** About how many changes each topic's stream keeps for replay (XADD MAXLEN ~). */
  maxLen: number;
  /** Tells operators once when this replica loses Redis and once when it is back. */
  health?: UpstreamHealth;
  /** The state (the whole topic at one id) is rewritten at least every this many changes (default 256; tests use fewer). */
  checkpointEvery?: number;
}

/** How long a topic's keys outlive its last change (a watched date is not watched forever). */
const KEY_TTL_MS = 24 * 3600_000;
/** A reader blocks this long per XREAD, then asks again. */
const BLOCK_MS = 5_000;
/** How long a browser whose id is ahead of this replica waits for it to catch up before it gets a snapshot. */
const CATCH_UP_MS = 2_000;

const NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
/**
 * KEYS lease, status; ARGV replica, lease ms, ttl, whether to take a free lease ('1'). Answers
 * {1 held | 2 just taken | 0 another's or free, the holder's upstream state}.
 */
const LEASE = `
local h = redis.call('GET', KEYS[1])
if h == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, redis.call('GET', KEYS[2]) or 'live'}
end
if not h and ARGV[4] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('SET', KEYS[2], 'reconnecting', 'PX', ARGV[3])
  return {2, 'reconnecting'}
end
return {0, redis.call('GET', KEYS[2]) or 'live'}`;
/** KEYS lease; ARGV replica. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end return 0`;
/** KEYS lease, stream, state, status; ARGV replica, items, maxlen, ttl, sent at (ms). A new epoch: its id, or 'lease'. */
const RESET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
${NOW}
local epoch = now
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if top[1] then
  local ms = tonumber(string.match(top[1][1], '^(%d+)-'))
  if ms >= epoch then epoch = ms + 1 end
end
local id = string.format('%d-0', epoch)
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], id, 'k', 'r', 'i', ARGV[2], 't', ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[3], id .. ' ' .. ARGV[2], 'PX', ARGV[4])
redis.call('SET', KEYS[4], 'live', 'PX', ARGV[4])
return id`;
/** KEYS lease, stream; ARGV replica, epoch, offset, items, maxlen, ttl, sent at (ms): 'ok', 'lease', or 'gap' (the previous offset is not the stream's last). */
const DELTA = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if not top[1] or top[1][1] ~= ARGV[2] .. '-' .. string.format('%d', tonumber(ARGV[3]) - 1) then return 'gap' end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], ARGV[2] .. '-' .. ARGV[3], 'k', 'd', 'i', ARGV[4], 't', ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 'ok'`;
/** KEYS lease, stream, state; ARGV replica, id, items, ttl: the whole topic as of `id`, while `id` is the stream's last. */
const CHECKPOINT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 'lease' end
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if not top[1] or top[1][1] ~= ARGV[2] then return 'moved' end
redis.call('SET', KEYS[3], ARGV[2] .. ' ' .. ARGV[3], 'PX', ARGV[4])
return 'ok'`;
/** KEYS lease, status; ARGV replica, state, ttl. */
const STATUS = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) return 1 end return 0`;

interface Scripts {
  liveLease(lease: string, status: string, replica: string, leaseMs: number, ttl: number, take: '0' | '1'): Promise<[number, string]>;
  liveRelease(lease: string, replica: string): Promise<number>;
  liveReset(lease: string, stream: string, state: string, status: string, replica: string, items: string, maxLen: number, ttl: number, sentAt: number): Promise<string>;
  liveDelta(lease: string, stream: string, replica: string, epoch: string, offset: number, items: string, maxLen: number, ttl: number, sentAt: number): Promise<string>;
  liveCheckpoint(lease: string, stream: string, state: string, replica: string, id: string, items: string, ttl: number): Promise<string>;
  liveStatus(lease: string, status: string, replica: string, state: string, ttl: number): Promise<number>;
}

type StreamEntry = [id: string, fields: string[]];

function fieldsOf(fields: string[]): { kind?: string; items?: string; sentAt?: number } {
  const out: { kind?: string; items?: string; sentAt?: number } = {};
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'k') out.kind = fields[i + 1];
    else if (fields[i] === 'i') out.items = fields[i + 1];
    else if (fields[i] === 't') out.sentAt = Number(fields[i + 1]);
  }
  return out;
}

function splitId(id: string): { epoch: string; offset: number } {
  const at = id.indexOf('-');
  return { epoch: id.slice(0, at), offset: Number(id.slice(at + 1)) };
}

/** Whether `<a epoch, a offset>` is at or past `<b …>` (epochs are milliseconds, as text). */
function atOrPast(a: { epoch: string; offset: number }, b: { epoch: string; offset: number }): boolean {
  if (a.epoch === b.epoch) return a.offset >= b.offset;
  return a.epoch !== '' && Number(a.epoch) > Number(b.epoch);
}

/** The side of a topic feed (live-hub.ts) the shared numbering drives: what every replica's browsers see. */
export interface SharedView<Item> {
  readonly epoch: string;
  readonly offset: number;
  readonly hasSnapshot: boolean;
  /** A new epoch: the whole topic as of `<epoch>-<offset>`. */
  applyReset(epoch: string, offset: number, items: Item[]): void;
  /** The next change of the current epoch. */
  applyDelta(offset: number, items: Item[]): void;
  applyStatus(upstream: UpstreamState): void;
  /** Called after every applied entry (the catch-up waits of `catchUp`). */
  onAdvance(listener: () => void): () => void;
}

/** One BFF replica's share of the live numbering: its Redis connection, its name, its hubs. */
export class LiveShare {
  readonly replica = randomUUID();
  readonly redis: Redis;
  readonly scripts: Scripts;
  /** The hubs of this replica, by feed and gateway (live-hub.ts keeps them here). */
  readonly hubs = new Map<unknown, Map<string, { shutdown(): void }>>();
  private closed = false;
  /** Leases being given up: the connection closes after them. */
  private readonly releasing = new Set<Promise<unknown>>();

  constructor(readonly options: LiveShareOptions) {
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      // A busy Redis or event loop is waited for; a cut connection fails at once anyway.
      commandTimeout: 5_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    this.redis.on('error', () => {
      // Each command reports its own failure; the connection retries on its own.
    });
    this.redis.defineCommand('liveLease', { numberOfKeys: 2, lua: LEASE });
    this.redis.defineCommand('liveRelease', { numberOfKeys: 1, lua: RELEASE });
    this.redis.defineCommand('liveReset', { numberOfKeys: 4, lua: RESET });
    this.redis.defineCommand('liveDelta', { numberOfKeys: 2, lua: DELTA });
    this.redis.defineCommand('liveCheckpoint', { numberOfKeys: 3, lua: CHECKPOINT });
    this.redis.defineCommand('liveStatus', { numberOfKeys: 2, lua: STATUS });
    this.scripts = this.redis as unknown as Scripts;
  }

  /** A connection of its own for one topic's blocking reads. */
  reader(): Redis {
    const reader = this.redis.duplicate({ commandTimeout: BLOCK_MS + 3_000, lazyConnect: true });
    reader.on('error', () => {});
    return reader;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Gives up a lease now, so another replica takes the topic over without waiting for it to run out. */
  release(lease: string): void {
    if (this.closed) return;
    const released = this.scripts.liveRelease(lease, this.replica).catch(() => 0);
    this.releasing.add(released);
    void released.finally(() => this.releasing.delete(released));
  }

  /** After the hubs were shut down: their leases are given up first (for a second at most). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    liveShares.delete(this);
    if (this.releasing.size > 0) await Promise.race([Promise.all(this.releasing), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.redis.disconnect();
  }
}

/** Every open share of this process (the live gauges read their hubs). */
export const liveShares = new Set<LiveShare>();

export function createLiveShare(options: LiveShareOptions): LiveShare {
  const share = new LiveShare(options);
  liveShares.add(share);
  return share;
}

/** The keys of one topic; the braces keep them in one slot of a Redis cluster. */
function keysOf(prefix: string, feed: string, topic: string) {
  const base = `${prefix}live:{${feed}:${topic}}`;
  return { stream: `${base}:stream`, state: `${base}:state`, lease: `${base}:lease`, status: `${base}:status` };
}

/**
 * One topic of one replica in a shared deployment: the lease loop, the reader that feeds the
 * replica's view from the stream, and (while this replica holds the lease) the producer.
 */
export class SharedTopic<Item, Event extends object> {
  private readonly keys: ReturnType<typeof keysOf>;
  private readonly credentials = new Set<UpstreamCredential>();
  private producer: Producer<Item, Event> | undefined;
  private readonly reader: Redis;
  private leaseTimer: NodeJS.Timeout | undefined;
  /** Stops the producer when the lease may have run out without an answer from Redis. */
  private leaseWatch: NodeJS.Timeout | undefined;
  private closed = false;
  /** The reader's position: the last stream id applied to the view (or skipped while unsynced). */
  private lastId = '0-0';
  /** The view follows the stream without a hole. */
  private synced = false;
  /** Redis answers this replica. */
  private reachable = true;
  /** Holes met in a row: each waits longer before the state is read again. */
  private holes = 0;
  /** The holder's upstream state, as its status key says. */
  private holderState: UpstreamState = 'live';
  /**
   * When this replica sent the renewal (or take) that Redis last granted: the lease there runs
   * out no sooner than this plus the lease, so stopping then never overlaps the next holder's.
   */
  private renewedAt = 0;

  constructor(
    private readonly share: LiveShare,
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    private readonly url: string,
    private readonly topic: string,
    private readonly view: SharedView<Item>,
    private readonly health?: UpstreamHealth,
  ) {
    this.keys = keysOf(share.options.prefix, declaration.name, topic);
    this.reader = share.reader();
    // After the feed's first watcher has lent its session (acquire does it next), so the first
    // replica to watch a free topic takes it at once.
    this.leaseTimer = setTimeout(() => void this.tick(), 0);
    void this.read();
  }

  lend(credential: UpstreamCredential): void {
    this.credentials.add(credential);
    this.producer?.link.lend(credential);
  }

  unlend(credential: UpstreamCredential): void {
    this.credentials.delete(credential);
    this.producer?.link.unlend(credential);
  }

  /** Cuts the holder's upstream connection as a network failure would (tests and chaos runs). */
  dropUpstream(): void {
    this.producer?.link.drop();
  }

  /** Whether this replica holds the topic's lease (reads the gateway for every replica). */
  get holding(): boolean {
    return this.producer !== undefined;
  }

  /** Stops everything of the topic here; the lease goes at once, so another replica takes over. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.leaseTimer);
    clearTimeout(this.leaseWatch);
    const held = this.producer !== undefined;
    this.producer?.close();
    this.producer = undefined;
    this.reader.disconnect();
    if (held) this.share.release(this.keys.lease);
  }

  /**
   * Resolves once the view has reached `<epoch>-<offset>` (a browser that was on a replica ahead
   * of this one), or after a short wait; the caller then compares again.
   */
  catchUp(epoch: string, offset: number, signal?: AbortSignal): Promise<void> {
    const target = { epoch, offset };
    if (atOrPast(this.view, target)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, CATCH_UP_MS);
      const stop = this.view.onAdvance(() => {
        if (atOrPast(this.view, target)) done();
      });
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** The changes after `<epoch>-<from>` up to `<epoch>-<to>` as the stream holds them, or undefined when it no longer holds them all. */
  async range(epoch: string, from: number, to: number): Promise<{ offset: number; items: Item[] }[] | undefined> {
    if (to <= from) return [];
    let entries: StreamEntry[];
    try {
      entries = (await this.share.redis.xrange(this.keys.stream, `(${epoch}-${from}`, `${epoch}-${to}`)) as StreamEntry[];
    } catch {
      return undefined;
    }
    const out: { offset: number; items: Item[] }[] = [];
    let expected = from + 1;
    for (const [id, fields] of entries) {
      const { epoch: e, offset } = splitId(id);
      const { kind, items } = fieldsOf(fields);
      if (e !== epoch || offset !== expected || kind !== 'd' || items === undefined) return undefined;
      out.push({ offset, items: JSON.parse(items) as Item[] });
      expected += 1;
    }
    return expected === to + 1 ? out : undefined;
  }

  /** The lease loop: renew or take the lease, learn the holder's upstream state. */
  private async tick(): Promise<void> {
    if (this.closed) return;
    const { leaseMs } = this.share.options;
    try {
      // Only a replica with watchers can open the gateway's stream (it lends their session).
      const take = this.credentials.size > 0 ? '1' : '0';
      const sentAt = Date.now();
      const [held, state] = await this.share.scripts.liveLease(this.keys.lease, this.keys.status, this.share.replica, leaseMs, KEY_TTL_MS, take);
      if (this.closed) {
        if (held > 0) this.share.release(this.keys.lease);
        return;
      }
      this.holderState = state === 'reconnecting' ? 'reconnecting' : 'live';
      if (held > 0) this.renewedAt = sentAt;
      if (held > 0 && !this.producer) this.startProducing();
      if (held > 0) this.watchLease();
      if (held === 0 && this.producer) this.stopProducing();
      if (held > 0 && this.credentials.size === 0 && this.producer && !this.producer.upstreamLive) {
        // Lingering without watchers and without the gateway: it could not reconnect, so a
        // replica whose browsers can lend a session takes over.
        this.stopProducing();
        this.share.release(this.keys.lease);
      }
      this.showStatus();
    } catch {
      // No answer: the lease watch stops the producer once the lease may have run out.
    }
    if (!this.closed) this.leaseTimer = setTimeout(() => void this.tick(), Math.max(10, Math.floor(leaseMs / 3)));
  }

  private startProducing(): void {
    this.producer = new Producer(this.share, this.declaration, this.url, this.topic, this.keys, () => this.lostLease(), this.health);
    for (const credential of this.credentials) this.producer.link.lend(credential);
  }

  /**
   * Once the lease may have run out with no renewal granted since (Redis silent or slow: a command
   * waits up to its timeout), another replica may hold it, so this one stops reading the gateway
   * then, not when the command gives up (its appends would be refused anyway: the scripts check
   * the lease).
   */
  private watchLease(): void {
    clearTimeout(this.leaseWatch);
    const { leaseMs } = this.share.options;
    this.leaseWatch = setTimeout(() => {
      if (this.closed || !this.producer) return;
      if (Date.now() - this.renewedAt >= leaseMs) this.stopProducing();
      else this.watchLease();
    }, Math.max(0, this.renewedAt + leaseMs - Date.now()));
  }

  private stopProducing(): void {
    clearTimeout(this.leaseWatch);
    this.producer?.close();
    this.producer = undefined;
  }

  /** A script answered that the lease is another replica's now. */
  private lostLease(): void {
    this.stopProducing();
  }

  /** The browsers' state: live while this replica follows the stream and the holder reads the gateway. */
  private showStatus(): void {
    const upstream: UpstreamState = this.reachable && this.synced ? this.holderState : 'reconnecting';
    this.view.applyStatus(upstream);
  }

  /** The reader: the stream into the view, resynchronized from the state after any hole or outage. */
  private async read(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        if (!this.synced && this.holes > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 25 * 2 ** Math.min(this.holes, 7))));
        if (!this.synced) await this.resync();
        const answer = (await this.reader.xread('BLOCK', BLOCK_MS, 'STREAMS', this.keys.stream, this.lastId)) as [string, StreamEntry[]][] | null;
        if (this.closed) return;
        if (!this.reachable) {
          this.reachable = true;
          this.share.options.health?.succeeded();
          this.showStatus();
        }
        failures = 0;
        for (const [, entries] of answer ?? []) for (const entry of entries) this.apply(entry);
      } catch (error) {
        if (this.closed) return;
        if (this.reachable) {
          this.reachable = false;
          this.share.options.health?.failed(error instanceof Error ? error.message : 'Redis unavailable');
        }
        // What comes after is read again from the state: a Redis that restarted empty, or an
        // entry lost in the cut, shows as a new epoch or a hole, never as silence.
        this.synced = false;
        this.showStatus();
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(failures, 6))));
      }
    }
  }

  private apply([id, fields]: StreamEntry): void {
    const { epoch, offset } = splitId(id);
    const { kind, items, sentAt } = fieldsOf(fields);
    this.lastId = id;
    if (items === undefined) return;
    // From the holder's append to this replica's feed: what the Redis hop adds to a change's way.
    if (sentAt) liveRedisHop.observe({ feed: this.declaration.name }, Math.max(0, Date.now() - sentAt) / 1000);
    if (kind === 'r') {
      // A new epoch is written by a holder whose upstream has just sent its snapshot.
      this.holderState = 'live';
      this.view.applyReset(epoch, offset, JSON.parse(items) as Item[]);
      this.synced = true;
      this.showStatus();
      return;
    }
    if (kind !== 'd') return;
    if (this.synced && epoch === this.view.epoch && offset === this.view.offset + 1) {
      this.view.applyDelta(offset, JSON.parse(items) as Item[]);
      this.holes = 0;
      return;
    }
    // A hole (the stream was trimmed past this replica, or it missed the epoch's start).
    if (this.synced) {
      this.synced = false;
      this.holes += 1;
      this.showStatus();
    }
  }

  /** Where the view starts again: the state key (the whole topic at one id), then the stream after it. */
  private async resync(): Promise<void> {
    const state = await this.share.redis.get(this.keys.state);
    if (this.closed) return;
    if (!state) {
      // No epoch yet (or Redis lost it): the holder's next reset entry starts the view.
      this.lastId = '0-0';
      return;
    }
    const space = state.indexOf(' ');
    const id = state.slice(0, space);
    const at = splitId(id);
    // Still following the same epoch and not past the state: only the entries since this
    // replica's last one are needed, and the browsers here lose nothing.
    if (this.view.hasSnapshot && at.epoch === this.view.epoch && at.offset >= this.view.offset) {
      const missed = await this.range(at.epoch, this.view.offset, at.offset);
      if (this.closed) return;
      if (missed) {
        for (const change of missed) this.view.applyDelta(change.offset, change.items);
        this.lastId = id;
        this.synced = true;
        this.showStatus();
        return;
      }
    }
    this.view.applyReset(at.epoch, at.offset, JSON.parse(state.slice(space + 1)) as Item[]);
    this.lastId = id;
    this.synced = true;
    this.showStatus();
  }
}

/**
 * The holder's side: one upstream link of the topic (the browsers' credentials of this replica),
 * the changes merged in the flush window as one BFF merges them, appended to the stream in order.
 */
class Producer<Item, Event extends object> {
  readonly link: UpstreamLink;
  private readonly items = new Map<ItemKey, Item>();
  private readonly pending = new Map<ItemKey, Item>();
  private awaitingSnapshot = true;
  private hasSnapshot = false;
  /** The gateway's stream is open and has sent this session's snapshot. */
  upstreamLive = false;
  /** The next append is a new epoch with everything held (first, after a new upstream session, after a failed append). */
  private needsReset = true;
  private epoch = '';
  private offset = 0;
  private checkpointAt = 0;
  private inflight = false;
  private closed = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly share: LiveShare,
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    url: string,
    private readonly topic: string,
    private readonly keys: ReturnType<typeof keysOf>,
    private readonly lost: () => void,
    health?: UpstreamHealth,
  ) {
    this.link = new UpstreamLink(
      url,
      {
        connecting: () => {
          this.awaitingSnapshot = true;
        },
        init: () => declaration.init(topic),
        message: (text) => this.onMessage(text),
        lost: () => this.onUpstreamLost(),
      },
      health,
    );
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.flushTimer);
    clearTimeout(this.retryTimer);
    this.link.close();
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
      this.awaitingSnapshot = false;
      this.items.clear();
      this.pending.clear();
      for (const item of items) this.items.set(key(item), item);
      this.hasSnapshot = true;
      this.upstreamLive = true;
      this.needsReset = true;
      this.pump();
      return;
    }
    let changed = false;
    for (const item of items) {
      const k = key(item);
      const held = this.items.get(k);
      if (held !== undefined && version(held) >= version(item)) continue;
      this.items.set(k, item);
      this.pending.set(k, item);
      changed = true;
    }
    if (changed) this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.pump();
    }, FLUSH_MS);
  }

  private onUpstreamLost(): void {
    this.upstreamLive = false;
    void this.share.scripts.liveStatus(this.keys.lease, this.keys.status, this.share.replica, 'reconnecting', KEY_TTL_MS).catch(() => {});
  }

  /** The whole topic as a snapshot carries it: tombstones left out. */
  private snapshot(): Item[] {
    const { removed } = this.declaration;
    const items = [...this.items.values()];
    return removed ? items.filter((item) => !removed(item)) : items;
  }

  /**
   * Appends what waits, one script at a time: changes that arrive meanwhile wait in `pending`
   * and go out merged with the next append (a slow Redis merges more, it never reorders).
   */
  private pump(): void {
    if (this.inflight || this.closed || !this.hasSnapshot) return;
    const { scripts, replica, options } = this.share;
    const { lease, stream, state, status } = this.keys;
    if (this.needsReset) {
      this.inflight = true;
      this.pending.clear();
      const text = JSON.stringify(this.snapshot());
      void scripts.liveReset(lease, stream, state, status, replica, text, options.maxLen, KEY_TTL_MS, Date.now()).then(
        (answer) => {
          this.inflight = false;
          if (answer === 'lease') return this.lost();
          const at = splitId(answer);
          this.epoch = at.epoch;
          this.offset = 0;
          this.checkpointAt = 0;
          this.needsReset = false;
          this.pump();
        },
        () => this.failed(),
      );
      return;
    }
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    const offset = this.offset + 1;
    this.inflight = true;
    void scripts.liveDelta(lease, stream, replica, this.epoch, offset, JSON.stringify(items), options.maxLen, KEY_TTL_MS, Date.now()).then(
      (answer) => {
        this.inflight = false;
        if (answer === 'lease') return this.lost();
        if (answer !== 'ok') {
          // Someone else's append, or Redis lost the stream: a new epoch with everything held.
          this.needsReset = true;
          return this.pump();
        }
        this.offset = offset;
        if (offset - this.checkpointAt >= (options.checkpointEvery ?? 256)) this.checkpoint();
        else this.pump();
      },
      () => this.failed(),
    );
  }

  /** Rewrites the state, so a replica that joins later finds an id the stream still holds. */
  private checkpoint(): void {
    const { scripts, replica } = this.share;
    const id = `${this.epoch}-${this.offset}`;
    this.inflight = true;
    void scripts.liveCheckpoint(this.keys.lease, this.keys.stream, this.keys.state, replica, id, JSON.stringify(this.snapshot()), KEY_TTL_MS).then(
      (answer) => {
        this.inflight = false;
        if (answer === 'lease') return this.lost();
        this.checkpointAt = this.offset;
        this.pump();
      },
      () => this.failed(),
    );
  }

  /** An append did not answer: whether it landed is unknown, so the next one starts a new epoch. */
  private failed(): void {
    this.inflight = false;
    this.needsReset = true;
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.pump(), Math.max(50, Math.floor(this.share.options.leaseMs / 3)));
  }
}
