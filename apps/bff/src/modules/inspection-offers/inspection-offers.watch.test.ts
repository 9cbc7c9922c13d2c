import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { OPEN_OFFERS_TOPIC, type LiveOfferItem, type OffersEvent } from '@panel/contracts/inspection-offers';
import type { startTestGateway } from '@panel/gateway/testing';
import { createTRPCClient, wsLink } from '@trpc/client';
import { buildBff } from '../../app';
import type { Context } from '../../context';
import { appRouter, type AppRouter } from '../../router';
import { CallerBrowser, SocketBrowser, type LiveBrowser, type LiveView } from '../../live/live-feed.test-support';
import { lateSubscriberScenario, replayScenario, upstreamCutScenario } from '../../live/live-scenarios.test-support';
import { createTestSession, sealedCookieHeader, testBffEnv, viewerCaller, startGatewayForBff } from '../../testing';
import { createCallerFactory } from '../../trpc';
import { offersFeed, offersHub } from './inspection-offers.live';

// Offer monitoring's live guarantees (decision 033), as dispatch's are tested: a late subscriber,
// exact replay after a reconnect, the upstream cut mid-stream; plus what offers add: an offer
// that closes leaves every browser (a tombstone), in replay too.

const createCaller = createCallerFactory(appRouter);
type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
const view: LiveView<LiveOfferItem, OffersEvent> = { ...offersFeed, items: (event) => (event.type === 'snapshot' || event.type === 'delta' ? event.offers : undefined) };
const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe.each(['caller', 'websocket'] as const)('inspectionOffers.watch through a %s: offer monitoring against a real gateway', (transport) => {
  let gateway: Gateway;
  let ctx: Context;
  let bff: Awaited<ReturnType<typeof buildBff>> | undefined;
  let url = '';
  let cookie = '';
  let staff: string;
  /** Open seeded offers and an expert each was sent to. */
  let offers: { id: number; inspection_pk: number; username: string }[];
  let turn = 0;

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
    staff = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    const refresh = await gateway.deps.tokens.signRefresh(1, 'w');
    const session = createTestSession({ gatewayUrl: gateway.url, access: staff, refresh, roles: [ROLES.staff] });
    if (transport === 'websocket') {
      bff = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl }));
      await bff.listen({ host: '127.0.0.1', port: 0 });
      url = `ws://127.0.0.1:${(bff.server.address() as { port: number }).port}/trpc`;
      cookie = await sealedCookieHeader({ access: staff, refresh, roles: [ROLES.staff] });
    }
    ctx = session.ctx;
    offers = await gateway.deps.db.query(
      `SELECT DISTINCT ON (o.id) o.id, o.inspection_pk, e.username FROM inspection_offers o
         JOIN inspection_offer_recipients r ON r.offer_id = o.id JOIN experts e ON e.pk = r.expert_id
        WHERE o.state = 'open' ORDER BY o.id, e.pk`,
    );
    expect(offers.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    offersHub(gateway.wsUrl).shutdown();
    await bff?.close();
    await gateway.close();
  });

  const browser = (): LiveBrowser<LiveOfferItem, OffersEvent> =>
    transport === 'caller'
      ? new CallerBrowser(view, (_topic, lastEventId, signal) => createCaller(ctx, { signal }).inspectionOffers.watch({ lastEventId }))
      : new SocketBrowser(view, url, cookie, (client, _topic, lastEventId, handlers) =>
          createTRPCClient<AppRouter>({ links: [wsLink({ client })] }).inspectionOffers.watch.subscribe({ lastEventId }, handlers),
        );

  /** One change: an expert sees one of the first offers (its version grows). */
  async function change(): Promise<void> {
    const offer = offers[turn++ % 2]!;
    const token = await gateway.deps.tokens.signAccess({ id: 9000, username: offer.username, first_name: '', last_name: '' }, [ROLES.expert]);
    const answer = await gateway.app.inject({ method: 'POST', url: `/api/expert-app/offers/${offer.id}/see/`, headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /** What the gateway holds now: the open offers by id. */
  const truth = async () => {
    const open = (await gateway.deps.db.query<{ id: number; version: number }>("SELECT id, version FROM inspection_offers WHERE state = 'open'"));
    return new Map(open.map((o) => [o.id, o.version]));
  };

  const scenario = { browser, topic: OPEN_OFFERS_TOPIC, change, truth, project: (o: LiveOfferItem) => o.version };

  it('a late subscriber gets the snapshot first, then live deltas', () => lateSubscriberScenario(scenario));

  it('a reconnect with the last id gets exactly the missed deltas, a removal among them, and the offer leaves', async () => {
    // Two changes and a removal by staff (the order's "remove offer"), one delta each.
    const removed = offers[3]!;
    const { watcher, leaving, back, stranger } = await replayScenario(scenario, async (k) => {
      if (k < 2) return change();
      const answer = await gateway.app.inject({ method: 'POST', url: `/api/inspection/orders/${removed.inspection_pk}/remove-offer/`, headers: { authorization: `Bearer ${staff}` } });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    expect(leaving.items.has(removed.id)).toBe(true);
    expect(watcher.items.has(removed.id)).toBe(false);
    expect(back.delivered(removed.id)).toEqual([expect.objectContaining({ id: removed.id, removed: true, state: 'removed' })]);
    expect(back.items.has(removed.id)).toBe(false);
    expect(stranger.items.has(removed.id)).toBe(false);
    for (const b of [watcher, back, stranger]) await b.close();
  });

  it('the upstream is cut twice mid-stream while changes keep coming; every browser converges, no delta skipped', async () => {
    const browsers = await upstreamCutScenario(scenario, { feed: () => offersHub(gateway.wsUrl).feed(OPEN_OFFERS_TOPIC)!, browsers: 3, changes: 30 });
    await Promise.all(browsers.map((b) => b.close()));
  });

  if (transport === 'caller') it('refuses a browser without the staff role', async () => {
    const viewer = await viewerCaller(gateway);
    const refused = async () => {
      const iterable = (await viewer.inspectionOffers.watch({})) as unknown as AsyncIterable<unknown>;
      return iterable[Symbol.asyncIterator]().next();
    };
    await expect(refused()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
