import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { BuyerOffer, OffersEvent } from '@panel/contracts/concierge-sale';
import type { startTestGateway } from '@panel/gateway/testing';
import type { Context } from '../../context';
import { CallerBrowser, type LiveView } from '../../live/live-feed.test-support';
import { lateSubscriberScenario, replayScenario } from '../../live/live-scenarios.test-support';
import { appRouter } from '../../router';
import { createTestSession, type createTestCaller, startGatewayForBff } from '../../testing';
import { createCallerFactory } from '../../trpc';
import { offersFeed, offersHub } from './concierge-sale.live';

// The offer monitoring stream has the dispatch sheet's guarantees (decision 062): a late
// subscriber starts from a snapshot, a reconnect with its last id gets exactly what it missed,
// and an offer that leaves (accepted or closed) is removed.

const createCaller = createCallerFactory(appRouter);
const view: LiveView<BuyerOffer, OffersEvent> = { ...offersFeed, items: (event) => (event.type === 'snapshot' || event.type === 'delta' ? event.offers : undefined) };
const TOPIC = 'on-offer';

describe('conciergeSale.watchOffers: the live hub against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: ReturnType<typeof createTestCaller>;
  let ctx: Context;
  let tokens: string[] = [];

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    const [boss] = await gateway.deps.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'supervisor'");
    const user = { id: boss!.id, username: 'supervisor', first_name: 'رضا', last_name: 'قاسمی' };
    const roles = [ROLES.staff, ROLES.supervisor];
    const session = createTestSession({ gatewayUrl: gateway.url, access: await gateway.deps.tokens.signAccess(user, roles), refresh: await gateway.deps.tokens.signRefresh(user.id, 'w'), roles });
    caller = session.caller;
    ctx = session.ctx;
    tokens = (await caller.conciergeSale.list({ status: ['on_offer'], pageSize: 100 })).results.map((s) => s.token);
  }, 60_000);
  afterAll(async () => {
    offersHub(gateway.wsUrl).shutdown();
    await gateway.close();
  });

  const browser = () => new CallerBrowser(view, (_topic, lastEventId, signal) => createCaller(ctx, { signal }).conciergeSale.watchOffers({ lastEventId }));
  let n = 0;
  /** A buyer's offer on the public endpoint, as the buyers' site posts it. */
  const offer = async () => {
    n += 1;
    const response = await fetch(`${gateway.url}/api/concierge-sale/public/sales/${tokens[n % tokens.length]}/offers/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ buyer_name: `خریدار ${n}`, buyer_phone_number: `0912000${String(n).padStart(4, '0')}`, amount: 500_000_000 + n * 1_000_000 }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const fresh = async () => new Map((await caller.conciergeSale.offers({ state: ['open'], pageSize: 100 })).results.map((o) => [o.id, o]));

  /** The ids of the offers `offer` made, in order. */
  const made: number[] = [];
  const scenario = {
    browser,
    topic: TOPIC,
    change: async () => {
      made.push(await offer());
    },
    truth: fresh,
  };

  it('a late subscriber gets the snapshot first, then live offers', async () => {
    expect(tokens.length).toBeGreaterThan(0);
    await lateSubscriberScenario(scenario);
  });

  it('a reconnect with the last id gets exactly the missed deltas; an accepted offer leaves every screen', async () => {
    const first = made.length;
    const { watcher, back, stranger } = await replayScenario(scenario);
    // The offer the leaving browser saw before it left.
    const seen = made[first]!;
    await caller.conciergeSale.acceptOffer({ offer_id: seen, deal_date: '2026-01-10', sale_commission_percent: 1, buy_commission_percent: 0.5 });
    await back.waitFor(() => !back.items.has(seen));
    await watcher.waitFor(() => !watcher.items.has(seen));
    expect(back.items).toEqual(await fresh());
    for (const b of [watcher, back, stranger]) await b.close();
  });
});
