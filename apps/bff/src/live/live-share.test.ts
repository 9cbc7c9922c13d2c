import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { createAppState, type AppState, type Context } from '../context';
import { createTestSession, dropTestRedisKeys, startGatewayForBff, testBffEnv } from '../testing';
import { CallerBrowser, type LiveBrowser } from './live-feed.test-support';
import { hubFor, shutdownShare } from './live-hub';
import { createLiveShare, type LiveShare } from './live-share';
import { sampleValue } from '@panel/observability/testing';
import { registry } from '../metrics';
import { ToyUpstream, createToyCaller, toyFeed, toyView, type Toy, type ToyEvent } from './live-toys.test-support';

// Issue 34, decision 129: BFF replicas sharing Redis, here two or three in this process, each with
// its own share of the numbering (its own Redis connections and lease name), in front of one
// stand-in upstream. One replica reads the upstream; a browser resumes on any replica with its
// last id; when the holder stops, is cut from Redis, or Redis restarts, every browser converges
// on the truth and the cost is a snapshot, never silence or a skipped change. Each test has a
// Redis key prefix of its own.

const redisUrl = process.env.TEST_REDIS_URL;
const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
/** Short, so a takeover is quick; a holder renews every third of it. */
const LEASE_MS = 300;
/**
 * For a test with no takeover in it: a worker stalled for 300 ms (a loaded CI machine) let the
 * short lease run out, another replica took the topic and a new epoch began, so exact ids failed.
 */
const STEADY_LEASE_MS = 5_000;

/** A line to Redis that a test can cut (a replica cut from Redis, or Redis restarting), or hold (a replica that falls behind). */
class RedisLine {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private down = false;
  /** Redis's answers waiting while the line is held, by the client they are for. */
  private held: [Socket, Buffer][] | undefined;
  url = '';
  constructor(private readonly target: URL) {}

  async start() {
    this.server = createServer((client) => {
      if (this.down) return void client.destroy();
      const redis = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, redis]) {
        this.sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          redis.destroy();
        });
      }
      client.pipe(redis);
      redis.on('data', (chunk: Buffer) => {
        if (this.held) this.held.push([client, chunk]);
        else client.write(chunk);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `redis://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  cut() {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore() {
    this.down = false;
  }

  /** Redis's answers wait (the replica's loop or network is slow) until `release`. */
  hold() {
    this.held = [];
  }

  release() {
    const held = this.held ?? [];
    this.held = undefined;
    for (const [client, chunk] of held) client.write(chunk);
  }

  close() {
    this.cut();
    return new Promise((resolve) => this.server?.close(resolve));
  }
}

describe.runIf(redisUrl)('BFF replicas sharing Redis: one numbering of a live topic (issue 34)', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let upstream: ToyUpstream;
  let access: string;
  let refresh: string;
  let version = 0;
  let shelfNo = 0;
  const cleanup: (() => unknown)[] = [];
  const toy = (id: string, extra: Partial<Toy> = {}): Toy => ({ id, version: ++version, label: `toy ${id}`, ...extra });
  const removal = (id: string): Toy => ({ id, version: ++version, removed: true });

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    upstream = new ToyUpstream();
    await upstream.listening();
    access = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    refresh = await gateway.deps.tokens.signRefresh(1, 'replicas');
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  afterAll(async () => {
    await upstream?.close();
    await gateway?.close();
  });

  /** One BFF replica: its app state and share, and a browser factory on it. */
  class Replica {
    readonly state: AppState;
    readonly live: LiveShare;
    readonly ctx: Context;
    constructor(url: string, prefix: string, leaseMs = LEASE_MS) {
      const env = testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: upstream.url, REDIS_URL: url, REDIS_KEY_PREFIX: prefix, LIVE_LEASE_MS: String(leaseMs) });
      this.state = createAppState(env);
      // The app's share, with its state rewritten every second change (the replay of what a
      // replica never held then comes from the stream).
      void this.state.live?.close();
      this.live = createLiveShare({ url, prefix, leaseMs, maxLen: 1000, checkpointEvery: 2 });
      this.state.live = this.live;
      this.ctx = createTestSession({ gatewayUrl: gateway.url, access, refresh, roles: [ROLES.staff], env, state: this.state }).ctx;
      cleanup.push(() => this.stop());
    }

    browser(): LiveBrowser<Toy, ToyEvent> {
      const b = new CallerBrowser(toyView, (shelf, lastEventId, signal) => createToyCaller(this.ctx, { signal }).toys.watch({ shelf, lastEventId }));
      cleanup.push(() => b.close());
      return b;
    }

    feed(shelf: string) {
      return hubFor(toyFeed, upstream.url, undefined, this.live).feed(shelf);
    }

    /** The BFF closing: its browsers are told to reconnect, its leases go. */
    async stop() {
      shutdownShare(this.live);
      await this.live.close();
      await Promise.all([this.state.signInLimiter.close(), this.state.apiTokenLimiter.close(), this.state.revocations.close()]);
    }
  }

  /** Deletes every key under a prefix (what a Redis restarting empty forgets). */
  const dropKeys = (keys: string) => dropTestRedisKeys(redisUrl!, keys);
  /** A key prefix of the test's own; its keys go when the test ends. */
  const prefix = () => {
    const keys = `test:${randomUUID()}:`;
    cleanup.unshift(() => dropKeys(keys));
    return keys;
  };
  const stock = () => {
    const shelf = `shelf-${++shelfNo}`;
    upstream.commit(shelf, toy('a'), toy('b'), toy('c'));
    return shelf;
  };
  const opened = async (b: LiveBrowser<Toy, ToyEvent>, shelf: string, lastEventId?: string) => {
    await b.open(shelf, lastEventId);
    await b.waitFor(() => b.events.length > 0);
    return b;
  };
  const converged = (shelf: string, ...browsers: LiveBrowser<Toy, ToyEvent>[]) =>
    Promise.all(browsers.map((b) => b.waitFor(() => JSON.stringify([...b.items].sort()) === JSON.stringify([...upstream.truth(shelf)].sort()))));
  const statuses = (b: LiveBrowser<Toy, ToyEvent>) => b.events.filter((e) => e.data.type === 'status').map((e) => (e.data as { upstream: string }).upstream);

  it('one replica reads the upstream; ids are the stream\'s; a browser resumes on another replica exactly, even from changes that replica never held', async () => {
    const keys = prefix();
    const [a, b] = [new Replica(redisUrl!, keys, STEADY_LEASE_MS), new Replica(redisUrl!, keys, STEADY_LEASE_MS)];
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const onB = await opened(b.browser(), shelf);
    expect(onA.events[0]!.data.type).toBe('snapshot');
    expect(onB.events[0]!.data.type).toBe('snapshot');
    // The id is the Redis stream's entry id (`<ms>-<seq>`) in the contract's `<epoch>:<offset>` form.
    const epoch = onA.lastId!.split(':')[0]!;
    expect(onA.lastId).toMatch(/^\d{13}:0$/);
    expect(onB.lastId).toBe(onA.lastId);
    expect(upstream.watching(shelf)).toBe(1);
    expect([a.feed(shelf)!.shared!.holding, b.feed(shelf)!.shared!.holding].filter(Boolean)).toHaveLength(1);

    const hops = async () => sampleValue(await registry.metrics(), 'panel_bff_live_redis_hop_seconds_count', { feed: toyFeed.name });
    const hopsBefore = await hops();
    upstream.commit(shelf, toy('b'));
    await Promise.all([onA, onB].map((x) => x.waitFor(() => x.lastId === `${epoch}:1`)));
    // Each replica timed the Redis hop of that change (decision 121's metrics).
    expect((await hops()) - hopsBefore).toBe(2);
    const lastId = onA.lastId!;
    const held = new Map(onA.items);
    await onA.close();
    // Missed while away, one change per delta: a removal among them.
    const missed = [removal('a'), toy('e'), toy('c', { label: 'renamed' }), toy('f')];
    for (const [k, change] of missed.entries()) {
      upstream.commit(shelf, change);
      await onB.waitFor(() => onB.lastId === `${epoch}:${k + 2}`);
    }
    const missedIds = missed.map((_, k) => `${epoch}:${k + 2}`);

    const back = b.browser();
    back.lastId = lastId;
    for (const [key, item] of held) back.items.set(key, item);
    await back.open(shelf, lastId);
    await back.waitFor(() => back.events.length >= missed.length);
    expect(back.events.map((e) => e.id)).toEqual(missedIds);
    expect(back.events.map((e) => (e.data as { toys: Toy[] }).toys)).toEqual(missed.map((change) => [change]));
    expect(back.events.map((e) => e.data.type)).toEqual(missed.map(() => 'delta'));
    expect(back.gaps).toEqual([]);
    expect(back.items).toEqual(upstream.truth(shelf));

    // A replica that joins now starts from the state the holder rewrote; what it never held is
    // replayed from the stream.
    const c = new Replica(redisUrl!, keys, STEADY_LEASE_MS);
    const late = c.browser();
    late.lastId = lastId;
    for (const [key, item] of held) late.items.set(key, item);
    await late.open(shelf, lastId);
    await late.waitFor(() => late.deltas().length >= missed.length);
    // (The new replica's feed went live while the browser waited: a status event may come between.)
    expect(late.events.filter((e) => e.data.type === 'snapshot')).toEqual([]);
    expect(late.deltas().map((e) => e.id)).toEqual(missedIds);
    expect(late.gaps).toEqual([]);
    expect(late.items).toEqual(upstream.truth(shelf));
    // An id the stream does not hold gets a snapshot.
    const stranger = await opened(c.browser(), shelf, `${Number(epoch) - 1}:4`);
    expect(stranger.events[0]!.data.type).toBe('snapshot');
    expect(stranger.items).toEqual(upstream.truth(shelf));
    expect(upstream.watching(shelf)).toBe(1);
  });

  it('a replica that fell behind the stream catches its browsers up in one delta each, and every id stays resumable there', async () => {
    const keys = prefix();
    const line = await new RedisLine(new URL(redisUrl!)).start();
    cleanup.push(() => line.close());
    const a = new Replica(redisUrl!, keys, STEADY_LEASE_MS);
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const b = new Replica(line.url, keys, STEADY_LEASE_MS);
    const onB = await opened(b.browser(), shelf);
    expect(a.feed(shelf)!.shared!.holding).toBe(true);
    const epoch = onA.lastId!.split(':')[0]!;

    // B's answers from Redis wait while four changes are appended, each its own entry.
    line.hold();
    const changes = [toy('a', { label: 'one' }), removal('b'), toy('m'), toy('a', { label: 'four' })];
    for (const [k, change] of changes.entries()) {
      upstream.commit(shelf, change);
      await onA.waitFor(() => onA.lastId === `${epoch}:${k + 1}`);
    }
    const fanoutsBefore = b.feed(shelf)!.fanouts.length;
    line.release();
    await onB.waitFor(() => onB.lastId === `${epoch}:4`);
    // At most two reads: the one waiting when the changes began (held with the first change, or
    // not yet asked on a loaded machine), then the rest at once; each read went out as one delta.
    const ids = onB.deltas().map((e) => e.id);
    expect(ids.length).toBeLessThanOrEqual(2);
    expect(ids.at(-1)).toBe(`${epoch}:4`);
    expect(b.feed(shelf)!.fanouts.length - fanoutsBefore).toBe(ids.length);
    const merged = (onB.deltas().at(-1)!.data as { toys: Toy[] }).toys;
    expect(merged).toContainEqual(changes[1]);
    expect(merged).toContainEqual(changes[2]);
    expect(merged).toContainEqual(changes[3]);
    expect(onB.gaps).toEqual([]);
    expect(onB.items).toEqual(upstream.truth(shelf));

    // A browser from A with an id B only held inside that delta resumes on B exactly.
    const back = b.browser();
    back.lastId = `${epoch}:2`;
    await back.open(shelf, back.lastId);
    await back.waitFor(() => back.events.length >= 2);
    expect(back.events.map((e) => e.id)).toEqual([`${epoch}:3`, `${epoch}:4`]);
    expect(back.events.map((e) => (e.data as { toys: Toy[] }).toys)).toEqual([[changes[2]], [changes[3]]]);
  });

  it('a fan-out that held the loop is followed by a pause as long, and what came meanwhile goes out as one delta', async () => {
    const keys = prefix();
    const a = new Replica(redisUrl!, keys, STEADY_LEASE_MS);
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const feed = a.feed(shelf)!;
    // A fan-out to thousands of browsers, played by one slow listener (50 ms of the loop a delta).
    const seen: { from: number; offset: number }[] = [];
    feed.subscribe({
      take(event) {
        if (event.kind !== 'delta') return;
        seen.push({ from: event.from, offset: event.offset });
        const until = performance.now() + 50;
        while (performance.now() < until);
      },
    });
    const at = feed.offset;
    const changes = [toy('p'), toy('q'), toy('r')];
    // Three changes as the stream's reader hands them over, one read each, one after the other.
    for (const [k, change] of changes.entries()) feed.applyDeltas([{ offset: at + k + 1, items: [change] }]);
    expect(seen).toEqual([{ from: at + 1, offset: at + 1 }]);
    await onA.waitFor(() => onA.lastId === `${feed.epoch}:${at + 3}`);
    expect(seen).toEqual([
      { from: at + 1, offset: at + 1 },
      { from: at + 2, offset: at + 3 },
    ]);
    expect(onA.deltas().map((e) => e.id)).toEqual([`${feed.epoch}:${at + 1}`, `${feed.epoch}:${at + 3}`]);
    expect(onA.gaps).toEqual([]);
    for (const change of changes) expect(onA.items.get(change.id)).toEqual(change);
  });

  it('the holder stops: its browsers are told to reconnect, another replica takes the lease at once and every browser converges', async () => {
    const keys = prefix();
    const [a, b] = [new Replica(redisUrl!, keys), new Replica(redisUrl!, keys)];
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const onB = await opened(b.browser(), shelf);
    expect(a.feed(shelf)!.shared!.holding).toBe(true);
    upstream.commit(shelf, toy('b'));
    await Promise.all([onA, onB].map((x) => x.waitFor(() => x.deltas().length === 1)));
    const epoch = b.feed(shelf)!.epoch;

    await a.stop();
    await onA.waitFor(() => onA.events.at(-1)?.data.type === 'reconnect');
    upstream.commit(shelf, removal('c'));
    await onB.waitFor(() => b.feed(shelf)!.epoch !== epoch);
    expect(b.feed(shelf)!.shared!.holding).toBe(true);
    // The browser of the stopped replica comes back on the other with its last id.
    const back = b.browser();
    back.lastId = onA.lastId;
    for (const [key, item] of onA.items) back.items.set(key, item);
    await back.open(shelf, onA.lastId);
    upstream.commit(shelf, toy('g'));
    await converged(shelf, onB, back);
    expect(onB.gaps).toEqual([]);
    expect(back.gaps).toEqual([]);
    await onB.waitFor(() => upstream.watching(shelf) === 1);
  });

  it('the holder is cut from Redis mid-stream: its lease runs out, another replica takes over, and the cut one catches up with a snapshot when it is back', async () => {
    const keys = prefix();
    const line = await new RedisLine(new URL(redisUrl!)).start();
    cleanup.push(() => line.close());
    const [a, b] = [new Replica(line.url, keys), new Replica(redisUrl!, keys)];
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const onB = await opened(b.browser(), shelf);
    expect(a.feed(shelf)!.shared!.holding).toBe(true);
    const epoch = b.feed(shelf)!.epoch;

    line.cut();
    // Changes keep coming while the holder cannot write them.
    upstream.commit(shelf, toy('b', { label: 'during the cut' }));
    await onA.waitFor(() => statuses(onA).includes('reconnecting'));
    await onB.waitFor(() => b.feed(shelf)!.epoch !== epoch && b.feed(shelf)!.shared!.holding);
    upstream.commit(shelf, removal('a'), toy('h'));
    await converged(shelf, onB);
    expect(a.feed(shelf)!.shared!.holding).toBe(false);

    line.restore();
    await converged(shelf, onA);
    expect(onA.events.filter((e) => e.data.type === 'snapshot').length).toBeGreaterThanOrEqual(2);
    expect(onA.lastId!.split(':')[0]).toBe(b.feed(shelf)!.epoch);
    upstream.commit(shelf, toy('i'));
    await converged(shelf, onA, onB);
    expect([onA.gaps, onB.gaps]).toEqual([[], []]);
    await onA.waitFor(() => statuses(onA).at(-1) === 'live');
    await onB.waitFor(() => upstream.watching(shelf) === 1);
  });

  it('Redis restarts empty: every browser is told the stream is reconnecting, then gets a snapshot with what changed meanwhile', async () => {
    const keys = prefix();
    const lines = await Promise.all([0, 1].map(() => new RedisLine(new URL(redisUrl!)).start()));
    cleanup.push(() => Promise.all(lines.map((l) => l.close())));
    const [a, b] = lines.map((l) => new Replica(l.url, keys)) as [Replica, Replica];
    const shelf = stock();
    const onA = await opened(a.browser(), shelf);
    const onB = await opened(b.browser(), shelf);
    upstream.commit(shelf, toy('b'));
    await Promise.all([onA, onB].map((x) => x.waitFor(() => x.deltas().length === 1)));
    const epoch = a.feed(shelf)!.epoch;

    // Down, and back without what it held: the stream, the state and the lease are gone.
    for (const l of lines) l.cut();
    await Promise.all([onA, onB].map((x) => x.waitFor(() => statuses(x).includes('reconnecting'))));
    await dropKeys(keys);
    upstream.commit(shelf, removal('b'), toy('j'));
    for (const l of lines) l.restore();

    await converged(shelf, onA, onB);
    for (const x of [onA, onB]) {
      expect(x.lastId!.split(':')[0]).not.toBe(epoch);
      expect(x.events.filter((e) => e.data.type === 'snapshot').length).toBe(2);
      expect(x.gaps).toEqual([]);
    }
    expect(onA.lastId).toBe(onB.lastId);
    upstream.commit(shelf, toy('k'));
    await converged(shelf, onA, onB);
    for (const x of [onA, onB]) await x.waitFor(() => statuses(x).at(-1) === 'live');
  });
});
