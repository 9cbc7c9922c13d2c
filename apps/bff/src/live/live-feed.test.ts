import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { createTRPCClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { createAppState, createSocketContext, socketCallerOf, type Context } from '../context';
import { proxyTrust } from '../http-guards';
import { SocketProtocol } from '../socket-protocol';
import { createTestSession, sealedCookieHeader, testBffEnv, startGatewayForBff } from '../testing';
import { CallerBrowser, SocketBrowser, type LiveBrowser } from './live-feed.test-support';
import { hubFor, shutdownHubs } from './live-hub';
import { sampleValue } from '@panel/observability/testing';
import { registry } from '../metrics';
import { ToyUpstream, createToyCaller, toyFeed, toyRouter, toyView, type Toy, type ToyEvent } from './live-toys.test-support';

// The live kit with a toy feed whose items leave their topic (as offers leave monitoring): what
// a module declaring a feed inherits, checked on both transports, against a stand-in upstream.

const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(['caller', 'websocket'] as const)('a declared live feed through a %s: toys that leave their shelf', (transport) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let upstream: ToyUpstream;
  let ctx: Context;
  let token: string;
  let server: WebSocketServer | undefined;
  let protocol: SocketProtocol<typeof toyRouter> | undefined;
  let url = '';
  let cookie = '';
  /** Writes to the network of each server-side socket (websocket transport), in the order they connected. */
  const socketWrites: { count: number }[] = [];
  let shelfNo = 0;
  let version = 0;
  /** A shelf of its own for each test, with three toys on it. */
  let shelf = '';
  const toy = (id: string, extra: Partial<Toy> = {}): Toy => ({ id, version: ++version, label: `toy ${id}`, ...extra });
  const removal = (id: string): Toy => ({ id, version: ++version, removed: true });

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
    upstream = new ToyUpstream();
    await upstream.listening();
    token = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    const refresh = await gateway.deps.tokens.signRefresh(1, 'toys');
    const env = { GATEWAY_URL: gateway.url, GATEWAY_WS_URL: upstream.url };
    ctx = createTestSession({ gatewayUrl: gateway.url, access: token, refresh, roles: [ROLES.staff], env: { GATEWAY_WS_URL: upstream.url } }).ctx;
    if (transport === 'websocket') {
      // The API's websocket protocol (socket-protocol.ts) on a bare `ws` server.
      const bffEnv = testBffEnv(env);
      const state = createAppState(bffEnv);
      const toys = new SocketProtocol({ router: toyRouter });
      protocol = toys;
      server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      server.on('connection', (socket, req) => {
        // Each socket's writes to the network, counted.
        const raw = req.socket as Socket & Record<'_write' | '_writev', (...args: unknown[]) => void>;
        const counter = { count: 0 };
        socketWrites.push(counter);
        for (const method of ['_write', '_writev'] as const) {
          const original = raw[method];
          raw[method] = function (this: Socket, ...args: unknown[]) {
            counter.count += 1;
            return original.apply(this, args);
          };
        }
        toys.connect(socket, createSocketContext(bffEnv, state, socketCallerOf(req, proxyTrust(false)), socket), req.url, raw);
      });
      await new Promise((resolve) => server!.once('listening', resolve));
      url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
      cookie = await sealedCookieHeader({ access: token, refresh, roles: [ROLES.staff] });
    }
  });
  afterAll(async () => {
    shutdownHubs(upstream.url);
    protocol?.close();
    for (const socket of server?.clients ?? []) socket.terminate();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await upstream.close();
    await gateway.close();
  });

  const browser = (): LiveBrowser<Toy, ToyEvent> =>
    transport === 'caller'
      ? new CallerBrowser(toyView, (shelf, lastEventId, signal) => createToyCaller(ctx, { signal }).toys.watch({ shelf, lastEventId }))
      : new SocketBrowser(toyView, url, cookie, (client, shelf, lastEventId, handlers) =>
          createTRPCClient<typeof toyRouter>({ links: [wsLink({ client })] }).toys.watch.subscribe({ shelf, lastEventId }, handlers),
        );
  const feedOf = () => hubFor(toyFeed, upstream.url).feed(shelf)!;
  const stock = () => {
    shelf = `shelf-${transport}-${++shelfNo}`;
    upstream.commit(shelf, toy('a'), toy('b'), toy('c'));
  };

  it('a late subscriber gets the snapshot without removed items; removals reach watchers as tombstones', async () => {
    stock();
    const first = browser();
    await first.open(shelf);
    await first.waitFor(() => first.events.length > 0);
    expect(first.events[0]!.data).toMatchObject({ type: 'snapshot', shelf });
    expect(first.items).toEqual(upstream.truth(shelf));
    // The upstream connection carries a watcher's staff token (decision 014).
    expect(upstream.authorizations.at(-1)).toBe(`Bearer ${token}`);

    const gone = removal('a');
    upstream.commit(shelf, gone);
    await first.waitFor(() => first.deltas().length === 1);
    expect(first.delivered('a')).toEqual([gone]);
    upstream.commit(shelf, toy('d'));
    await first.waitFor(() => first.deltas().length === 2);

    const late = browser();
    await late.open(shelf);
    await late.waitFor(() => late.events.length > 0);
    const [snapshot] = late.events;
    expect(snapshot!.data.type).toBe('snapshot');
    expect((snapshot!.data as { toys: Toy[] }).toys.map((t) => t.id)).toEqual(['b', 'c', 'd']);
    expect(late.items).toEqual(upstream.truth(shelf));
    expect(late.items).toEqual(first.items);
    expect(first.gaps).toEqual([]);
    await first.close();
    await late.close();
  });

  it('a reconnect with the last id gets exactly the missed deltas, a removal among them; an unknown id a snapshot', async () => {
    stock();
    const watcher = browser();
    await watcher.open(shelf);
    const leaving = browser();
    await leaving.open(shelf);
    await leaving.waitFor(() => leaving.events.length > 0);
    upstream.commit(shelf, toy('b'));
    await leaving.waitFor(() => leaving.deltas().length === 1);
    await leaving.close();
    const lastId = leaving.lastId!;
    const [epoch, offset] = lastId.split(':') as [string, string];
    const missedIds = [1, 2, 3].map((k) => `${epoch}:${Number(offset) + k}`);
    // One change per delta: the hub merges changes that arrive within its flush window.
    const missed = [removal('a'), toy('e'), toy('c', { label: 'renamed' })];
    for (const [k, change] of missed.entries()) {
      upstream.commit(shelf, change);
      await watcher.waitFor(() => watcher.lastId === missedIds[k]);
    }

    const back = browser();
    back.lastId = lastId;
    for (const [id, held] of leaving.items) back.items.set(id, held);
    await back.open(shelf, lastId);
    await back.waitFor(() => back.events.length >= 3);
    // Over the websocket: the subscription's start, then the three deltas in one write.
    if (transport === 'websocket') expect(socketWrites.at(-1)!.count).toBe(2);
    expect(back.events.map((e) => e.id)).toEqual(missedIds);
    expect(back.events.map((e) => (e.data as { toys: Toy[] }).toys)).toEqual(missed.map((change) => [change]));
    expect(back.gaps).toEqual([]);
    expect(back.items).toEqual(upstream.truth(shelf));
    expect(back.items.has('a')).toBe(false);

    const stranger = browser();
    await stranger.open(shelf, 'abcdef:1');
    await stranger.waitFor(() => stranger.events.length > 0);
    expect(stranger.events[0]!.data.type).toBe('snapshot');
    expect(stranger.items).toEqual(upstream.truth(shelf));
    for (const b of [watcher, back, stranger]) await b.close();
  });

  it('counts for /metrics by the feed\'s name: watchers, changes, a replay from the ring and a snapshot fallback (decision 121)', async () => {
    stock();
    const feed = toyFeed.name;
    const count = async (name: string, labels: Record<string, string> = {}) => sampleValue(await registry.metrics(), name, { feed, ...labels });
    const changes = await count('panel_bff_live_changes_total');
    const replays = await count('panel_bff_live_resumes_total', { outcome: 'replay' });
    const fallbacks = await count('panel_bff_live_resumes_total', { outcome: 'snapshot' });
    const watcher = browser();
    await watcher.open(shelf);
    await watcher.waitFor(() => watcher.events.length > 0);
    expect(await count('panel_bff_live_subscribers')).toBeGreaterThanOrEqual(1);
    expect(await count('panel_bff_live_topics', { upstream: 'live' })).toBeGreaterThanOrEqual(1);
    upstream.commit(shelf, toy('b'), toy('c'));
    await watcher.waitFor(() => watcher.deltas().length === 1);
    const lastId = watcher.lastId!;
    await watcher.close();
    upstream.commit(shelf, toy('a'));
    const back = browser();
    await back.open(shelf, lastId);
    await back.waitFor(() => back.events.length > 0);
    const stranger = browser();
    await stranger.open(shelf, 'abcdef:1');
    await stranger.waitFor(() => stranger.events.length > 0);
    expect(await count('panel_bff_live_changes_total')).toBe(changes + 3);
    expect(await count('panel_bff_live_resumes_total', { outcome: 'replay' })).toBe(replays + 1);
    expect(await count('panel_bff_live_resumes_total', { outcome: 'snapshot' })).toBe(fallbacks + 1);
    for (const b of [back, stranger]) await b.close();
  });

  it('an older change arriving after a removal does not bring the item back', async () => {
    stock();
    const watcher = browser();
    await watcher.open(shelf);
    await watcher.waitFor(() => watcher.events.length > 0);
    const stale = { ...upstream.shelf(shelf).get('b')!, label: 'stale' };
    const gone = removal('b');
    upstream.commit(shelf, gone);
    await watcher.waitFor(() => watcher.delivered('b').length === 1);
    upstream.send(shelf, [stale]);
    // Deltas keep their order: once a later change is in, the stale one would have been too.
    upstream.commit(shelf, toy('z'));
    await watcher.waitFor(() => watcher.items.has('z'));
    expect(watcher.delivered('b')).toEqual([gone]);
    expect(feedOf().snapshot().map((t) => t.id)).toEqual(['a', 'c', 'z']);
    await watcher.close();
  });

  it('a lost upstream shows as reconnecting; on return a new epoch and a snapshot without what was removed meanwhile, and old ids get a snapshot', async () => {
    stock();
    const watcher = browser();
    await watcher.open(shelf);
    await watcher.waitFor(() => watcher.events.length > 0);
    upstream.commit(shelf, toy('c'));
    await watcher.waitFor(() => watcher.deltas().length === 1);
    const before = watcher.lastId!;
    const epoch = feedOf().epoch;
    upstream.cut();
    await watcher.waitFor(() => watcher.events.some((e) => e.data.type === 'status' && e.data.upstream === 'reconnecting'));
    // Removed while nobody upstream listened to this BFF: only a snapshot can tell.
    upstream.shelf(shelf).set('a', removal('a'));
    const snapshots = () => watcher.events.filter((e) => e.data.type === 'snapshot').length;
    await watcher.waitFor(() => snapshots() === 2, 15_000);
    expect(feedOf().epoch).not.toBe(epoch);
    expect(watcher.lastId!.split(':')[0]).toBe(feedOf().epoch);
    expect(watcher.items).toEqual(upstream.truth(shelf));
    expect(watcher.items.has('a')).toBe(false);
    expect(watcher.gaps).toEqual([]);

    const back = browser();
    await back.open(shelf, before);
    await back.waitFor(() => back.events.length > 0);
    expect(back.events[0]!.data.type).toBe('snapshot');
    expect(back.items).toEqual(upstream.truth(shelf));
    for (const b of [watcher, back]) await b.close();
  });

  it('on shutdown watchers are told to reconnect', async () => {
    stock();
    const watcher = browser();
    await watcher.open(shelf);
    await watcher.waitFor(() => watcher.events.length > 0);
    shutdownHubs(upstream.url);
    await watcher.waitFor(() => watcher.events.at(-1)?.data.type === 'reconnect');
    expect(watcher.events.at(-1)!.data).toEqual({ type: 'reconnect', shelf });
    await watcher.close();
  });
});
