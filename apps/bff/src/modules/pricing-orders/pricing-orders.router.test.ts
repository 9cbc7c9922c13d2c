import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES } from '@panel/contracts/common';
import { callerAs, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('pricingOrders procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
  });
  afterAll(() => gateway.close());

  it('a price expert takes a pending order and prices it inside the estimator band', async () => {
    const expert = await callerAs(gateway, { id: 8, username: 'hamid', first_name: 'حمید', last_name: 'صادقی' }, [ROLES.staff, ROLES.priceExpert]);
    const pending = await expert.pricingOrders.list({});
    expect(pending.results.length).toBeGreaterThan(0);
    expect(pending.results.every((o) => o.status === 'PE')).toBe(true);
    const order = pending.results[0]!;
    const band = await expert.pricingOrders.estimator({ id: order.id });
    expect(band.explanation).toMatch(/قیمت اخیر/);
    expect(await expert.pricingOrders.take({ id: order.id, version: order.version })).toMatchObject({ status: 'IP' });
    const low = band.low ?? 500_000_000;
    const high = band.high ?? 550_000_000;
    expect(await expert.pricingOrders.estimate({ id: order.id, version: order.version + 1, estimate_min: low, estimate_max: high, note: '' })).toMatchObject({ status: 'DO', message: 'قیمت ثبت شد.' });
    expect((await expert.pricingOrders.history({ id: order.id })).map((e) => e.action)).toEqual(['estimate', 'take']);
  });

  it('refuses staff without the price-expert role, and a band upside down', async () => {
    const staff = await callerAs(gateway, { id: 9, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    const order = (await staff.pricingOrders.list({})).results[0]!;
    await expect(staff.pricingOrders.take({ id: order.id, version: order.version })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    const expert = await staffCaller(gateway, undefined);
    const priceExpert = await callerAs(gateway, { id: 10, username: 'pe', first_name: 'کارشناس', last_name: 'قیمت' }, [ROLES.staff, ROLES.priceExpert]);
    await expect(expert.pricingOrders.estimator({ id: order.id })).resolves.toMatchObject({ explanation: expect.any(String) });
    await expect(priceExpert.pricingOrders.estimate({ id: order.id, version: 1, estimate_min: 900_000_000, estimate_max: 800_000_000 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('counts the tabs under the other filters, exports the whole filter, names the experts; "mine" is the caller', async () => {
    const staff = await staffCaller(gateway);
    const tabs = await staff.pricingOrders.counts({});
    expect(tabs.map((t) => [t.status, t.label])).toEqual([
      ['PE', 'در انتظار قیمت‌گذاری'],
      ['IP', 'در حال قیمت‌گذاری'],
      ['DO', 'قیمت‌گذاری شده'],
    ]);
    expect((await staff.pricingOrders.list({})).count).toBe(tabs[0]!.count);
    const priced = await staff.pricingOrders.export({ status: 'DO' });
    expect(priced).toMatchObject({ truncated: false });
    expect(priced.rows).toHaveLength(tabs[2]!.count);
    const at = priced.rows.map((o) => Date.parse(o.estimated_at!));
    expect(at).toEqual([...at].sort((a, b) => b - a));
    const byYear = (await staff.pricingOrders.list({ status: 'DO', sort: 'year', isAscending: true })).results.map((o) => o.year);
    expect(byYear).toEqual([...byYear].sort((a, b) => a - b));

    const experts = await staff.pricingOrders.experts();
    expect(experts).toContainEqual({ username: 'hamid.sadeghi', name: 'حمید صادقی' });
    const hamid = await callerAs(gateway, { id: 11, username: 'hamid.sadeghi', first_name: 'حمید', last_name: 'صادقی' }, [ROLES.staff, ROLES.priceExpert]);
    const mine = await hamid.pricingOrders.counts({ mine: true });
    expect(mine.find((t) => t.status === 'DO')!.count).toBeGreaterThan(0);
    expect(mine).toEqual(await staff.pricingOrders.counts({ expert: 'hamid.sadeghi' }));
    expect((await staff.pricingOrders.counts({ mine: true })).every((t) => t.count === 0)).toBe(true);

    await expect(staff.pricingOrders.list({ sort: 'phone_number' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.pricingOrders.counts({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.pricingOrders.export({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
