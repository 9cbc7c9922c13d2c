import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { Cell, DispatchEvent } from '@panel/contracts/dispatch';
import { startTestGateway } from '@panel/gateway/testing';
import { createTRPCClient, wsLink } from '@trpc/client';
import { buildBff } from '../../app';
import type { Context } from '../../context';
import { appRouter, type AppRouter } from '../../router';
import { CallerBrowser, SocketBrowser, type LiveBrowser, type LiveView } from '../../live/live-feed.test-support';
import { createTestSession, sealedCookieHeader, testBffEnv, type createTestCaller } from '../../testing';
import { createCallerFactory } from '../../trpc';
import { dispatchFeed, dispatchHub } from './dispatch.live';
import { availabilityToggler } from './dispatch.test-support';

const createCaller = createCallerFactory(appRouter);
type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
/** A browser of the sheet: cells by pk, as the web's cell store keeps them. */
const view: LiveView<Cell, DispatchEvent> = { ...dispatchFeed, items: (event) => (event.type === 'snapshot' || event.type === 'delta' ? event.cells : undefined) };
const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(['caller', 'websocket'] as const)('dispatch.watch through a %s: the live hub against a real gateway', (transport) => {
  let gateway: Gateway;
  let caller: ReturnType<typeof createTestCaller>;
  let ctx: Context;
  let bff: Awaited<ReturnType<typeof buildBff>> | undefined;
  let url = '';
  let cookie = '';
  let token: string;
  let refresh: string;
  let date: string;
  let pool: Cell[];

  beforeAll(async () => {
    gateway = await startTestGateway({ SEED_EXPERTS: '20' }, { listen: true });
    token = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    refresh = await gateway.deps.tokens.signRefresh(1, 'w');
    const session = createTestSession({ gatewayUrl: gateway.url, access: token, refresh, roles: [ROLES.staff] });
    if (transport === 'websocket') {
      bff = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl }));
      await bff.listen({ host: '127.0.0.1', port: 0 });
      url = `ws://127.0.0.1:${(bff.server.address() as { port: number }).port}/trpc`;
      cookie = await sealedCookieHeader({ access: token, refresh, roles: [ROLES.staff] });
    }
    caller = session.caller;
    ctx = session.ctx;
    date = (await caller.dispatch.dates()).find((d) => d.type === 'tommorrow')!.date;
    pool = (await caller.dispatch.cells({ date })).filter((c) => c.state === 0 && !c.inspection);
  });
  afterAll(async () => {
    dispatchHub(gateway.wsUrl).shutdown();
    await bff?.close();
    await gateway.close();
  });

  const callerBrowser = () => new CallerBrowser(view, (date, lastEventId, signal) => createCaller(ctx, { signal }).dispatch.watch({ date, lastEventId }));
  const browser = (): LiveBrowser<Cell, DispatchEvent> =>
    transport === 'caller'
      ? callerBrowser()
      : new SocketBrowser(view, url, cookie, (client, date, lastEventId, handlers) =>
          createTRPCClient<AppRouter>({ links: [wsLink({ client })] }).dispatch.watch.subscribe({ date, lastEventId }, handlers),
        );

  const change = availabilityToggler(() => ({ gateway, token, pool }), 10);

  const fresh = async () => new Map((await caller.dispatch.cells({ date })).map((c) => [c.pk, c]));

  it('a late subscriber gets the snapshot first, then live deltas', async () => {
    const first = browser();
    await first.open(date);
    await first.waitFor(() => first.events.length > 0);
    expect(first.events[0]!.data.type).toBe('snapshot');
    await change();
    await first.waitFor(() => first.deltas().length === 1);

    const late = browser();
    await late.open(date);
    await late.waitFor(() => late.events.length > 0);
    expect(late.events[0]!.data).toMatchObject({ type: 'snapshot', date });
    expect(late.items).toEqual(first.items);
    await change();
    await late.waitFor(() => late.deltas().length === 1);
    await first.waitFor(() => first.deltas().length === 2);
    expect(late.lastId).toBe(first.lastId);
    expect(late.items).toEqual(await fresh());
    await first.close();
    await late.close();
  });

  it('a reconnect with the last id gets exactly the missed deltas, an unknown id a snapshot', async () => {
    const watcher = browser();
    await watcher.open(date);
    const leaving = browser();
    await leaving.open(date);
    await leaving.waitFor(() => leaving.events.length > 0);
    await change();
    await leaving.waitFor(() => leaving.deltas().length === 1);
    await leaving.close();
    const lastId = leaving.lastId!;
    const [epoch, offset] = lastId.split(':') as [string, string];
    const missedIds = [1, 2, 3].map((k) => `${epoch}:${Number(offset) + k}`);
    // One change per delta (the hub merges changes that arrive within its flush window).
    for (const id of missedIds) {
      await change();
      await watcher.waitFor(() => watcher.lastId === id);
    }

    const back = browser();
    back.lastId = lastId;
    for (const [pk, cell] of leaving.items) back.items.set(pk, cell);
    await back.open(date, lastId);
    await back.waitFor(() => back.events.length >= 3);
    // Replay from the ring is exact: one event per missed delta, in order, nothing before or after.
    expect(back.events.map((e) => e.data.type)).toEqual(['delta', 'delta', 'delta']);
    // Exactly the missed deltas, in order; a later live change (a hold of an earlier test
    // expiring) may follow them.
    expect(back.events.slice(0, 3).map((e) => e.id)).toEqual(missedIds);
    expect(back.gaps).toEqual([]);
    expect(back.items).toEqual(await fresh());

    const stranger = browser();
    await stranger.open(date, 'abcdef:1');
    await stranger.waitFor(() => stranger.events.length > 0);
    expect(stranger.events[0]!.data.type).toBe('snapshot');
    await Promise.all([watcher, back, stranger].map(async (b) => {
      await change();
      await b.waitFor(() => b.events.length > 0);
    }));
    for (const b of [watcher, back, stranger]) await b.close();
  });

  it('chaos: the upstream is cut twice mid-stream while changes keep coming; every browser converges, no delta skipped', async () => {
    const browsers = Array.from({ length: 5 }, () => browser());
    for (const b of browsers) await b.open(date);
    await Promise.all(browsers.map((b) => b.waitFor(() => b.events.length > 0)));
    const feed = dispatchHub(gateway.wsUrl).feed(date)!;
    const epochs = new Set([feed.epoch]);
    for (let i = 0; i < 60; i++) {
      await change();
      if (i === 15 || i === 40) {
        await browsers[0]!.waitFor(() => feed.upstream === 'live');
        feed.dropUpstream();
      }
      await new Promise((r) => setTimeout(r, 10));
      epochs.add(feed.epoch);
    }
    await browsers[0]!.waitFor(() => feed.upstream === 'live');
    // The last reconnect may finish after the loop: its epoch counts too.
    epochs.add(feed.epoch);
    const truth = await fresh();
    for (const b of browsers) {
      await b.waitFor(() => [...truth].every(([pk, cell]) => b.items.get(pk)?.version === cell.version));
      expect(b.items).toEqual(truth);
      // Deltas only ever follow their predecessor or a fresh snapshot.
      expect(b.gaps).toEqual([]);
      expect(b.events.some((e) => e.data.type === 'status' && e.data.upstream === 'reconnecting')).toBe(true);
      expect(b.events.filter((e) => e.data.type === 'snapshot').length).toBeGreaterThanOrEqual(3);
    }
    expect(epochs.size).toBeGreaterThanOrEqual(3);
    for (const b of browsers) {
      await change();
      await b.waitFor(() => b.events.length > 0);
    }
    await Promise.all(browsers.map((b) => b.close()));
  });

  // Over a websocket the generator never waits for a reader (tRPC writes as fast as it is handed
  // events), so a slow browser shows as unsent bytes and its socket is cut; a server-side caller
  // that stops pulling is the queue's side of the same rule.
  if (transport === 'caller') it('a browser that stops reading is dropped past the queue limit, then catches up exactly by replay', async () => {
    const slow = createTestSession({ gatewayUrl: gateway.url, access: token, refresh, roles: [ROLES.staff], env: { LIVE_MAX_QUEUED_EVENTS: 2 } });
    const abort = new AbortController();
    const iterable = (await createCaller(slow.ctx, { signal: abort.signal }).dispatch.watch({ date })) as unknown as AsyncIterable<[string, DispatchEvent]>;
    const iterator = iterable[Symbol.asyncIterator]();
    const [snapshotId, snapshot] = (await iterator.next()).value!;
    expect(snapshot.type).toBe('snapshot');
    const [epoch, offset] = snapshotId.split(':') as [string, string];
    const feed = dispatchHub(gateway.wsUrl).feed(date)!;
    const missedIds = [1, 2, 3].map((k) => `${epoch}:${Number(offset) + k}`);
    // Three deltas while it reads nothing: one more than its queue holds.
    for (const id of missedIds) {
      await change();
      const until = Date.now() + 8000;
      while (`${feed.epoch}:${feed.offset}` !== id) {
        if (Date.now() > until) throw new Error(`no delta ${id}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const [dropId, dropped] = (await iterator.next()).value!;
    expect([dropId, dropped]).toEqual([snapshotId, { type: 'reconnect', date }]);
    expect((await iterator.next()).done).toBe(true);
    abort.abort();

    const back = callerBrowser();
    back.lastId = snapshotId;
    for (const cell of (snapshot as { cells: Cell[] }).cells) back.items.set(cell.pk, cell);
    await back.open(date, snapshotId);
    await back.waitFor(() => back.events.length >= 3);
    // Exactly the missed deltas, in order; a later live change (a hold of an earlier test
    // expiring) may follow them.
    expect(back.events.slice(0, 3).map((e) => e.id)).toEqual(missedIds);
    expect(back.gaps).toEqual([]);
    expect(back.items).toEqual(await fresh());
    await back.close();
  });

  it('on shutdown browsers are told to reconnect', async () => {
    const b = browser();
    await b.open(date);
    await b.waitFor(() => b.events.length > 0);
    dispatchHub(gateway.wsUrl).shutdown();
    await b.waitFor(() => b.events.at(-1)?.data.type === 'reconnect');
  });
});
