import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { Cell, DispatchEvent } from '@panel/contracts/dispatch';
import type { startTestGateway } from '@panel/gateway/testing';
import { createTRPCClient, wsLink } from '@trpc/client';
import { buildBff } from '../../app';
import type { Context } from '../../context';
import { appRouter, type AppRouter } from '../../router';
import { CallerBrowser, SocketBrowser, type LiveBrowser, type LiveView } from '../../live/live-feed.test-support';
import { lateSubscriberScenario, replayScenario, upstreamCutScenario } from '../../live/live-scenarios.test-support';
import { createTestSession, sealedCookieHeader, testBffEnv, type createTestCaller, startGatewayForBff } from '../../testing';
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
    gateway = await startGatewayForBff('small');
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

  // `date` is known once the gateway has started: the scenario reads it when it runs.
  const scenario = {
    browser,
    get topic() {
      return date;
    },
    change,
    truth: fresh,
  };

  it('a late subscriber gets the snapshot first, then live deltas', () => lateSubscriberScenario(scenario));

  it('a reconnect with the last id gets exactly the missed deltas, an unknown id a snapshot', async () => {
    const { watcher, back, stranger } = await replayScenario(scenario);
    // Nothing before the missed deltas either.
    expect(back.events[0]!.data.type).toBe('delta');
    // Each stays live after its replay or snapshot.
    await Promise.all([watcher, back, stranger].map(async (b) => {
      const seen = b.events.length;
      await change();
      await b.waitFor(() => b.events.length > seen);
    }));
    for (const b of [watcher, back, stranger]) await b.close();
  });

  it('chaos: the upstream is cut twice mid-stream while changes keep coming; every browser converges, no delta skipped', async () => {
    const browsers = await upstreamCutScenario(scenario, { feed: () => dispatchHub(gateway.wsUrl).feed(date)!, browsers: 5, changes: 60 });
    for (const b of browsers) {
      const seen = b.events.length;
      await change();
      await b.waitFor(() => b.events.length > seen);
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
    // It is handed what its queue holds (the upstream's status, at most two deltas), then dropped
    // with a reconnect carrying the last id it was handed.
    const read: [string, DispatchEvent][] = [];
    let [dropId, dropped] = (await iterator.next()).value!;
    while (dropped.type !== 'reconnect') {
      if (dropped.type === 'delta') read.push([dropId, dropped]);
      [dropId, dropped] = (await iterator.next()).value!;
    }
    expect(read.map(([id]) => id)).toEqual(missedIds.slice(0, read.length));
    expect(read.length).toBeLessThan(missedIds.length);
    expect([dropId, dropped]).toEqual([read.at(-1)?.[0] ?? snapshotId, { type: 'reconnect', date }]);
    expect((await iterator.next()).done).toBe(true);
    abort.abort();

    const back = callerBrowser();
    back.lastId = dropId;
    for (const cell of (snapshot as { cells: Cell[] }).cells) back.items.set(cell.pk, cell);
    for (const [, delta] of read) for (const cell of (delta as { cells: Cell[] }).cells) back.items.set(cell.pk, cell);
    const rest = missedIds.slice(read.length);
    await back.open(date, dropId);
    await back.waitFor(() => back.events.length >= rest.length);
    // Exactly the rest of the missed deltas, in order; a later live change (a hold of an earlier
    // test expiring) may follow them.
    expect(back.events.slice(0, rest.length).map((e) => e.id)).toEqual(rest);
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
