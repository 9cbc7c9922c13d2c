import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const FIELDS = {
  buyer_name: 'رضا کریمی', buyer_phone: '09121112233', seller_name: 'مریم احمدی', seller_phone: '09351112233',
  car_title: 'پژو ۲۰۶', car_year: 1398, city_id: 1, price: 450_000_000, concierge_sale_id: null,
};

describe('affidavits procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists and exports the filtered rows', async () => {
    const caller = await staffCaller(gateway);
    const page = await caller.affidavits.list({ state: 'done' });
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.state === 'done')).toBe(true);
    expect((await caller.affidavits.export({ state: 'done' })).rows).toHaveLength(page.count);
  });

  it('adds, prices, purchases once, sends its links and shows them with the history', async () => {
    const caller = await staffCaller(gateway);
    const { id } = await caller.affidavits.add(FIELDS);
    expect(await caller.affidavits.price({ id, version: 0 })).toMatchObject({ state: 'priced', fee: 2_250_000, message: 'کارمزد قولنامه محاسبه شد.' });
    await caller.affidavits.sendPaymentLink({ id, request_id: randomUUID() });
    const request_id = randomUUID();
    await caller.affidavits.purchase({ id, request_id });
    expect(await caller.affidavits.purchase({ id, request_id })).toMatchObject({ state: 'purchased', message: 'قولنامه خریداری شد.' });
    await expect(caller.affidavits.purchase({ id, request_id: randomUUID() })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('خریداری‌شده') });
    await caller.affidavits.sendDownloadLink({ id, request_id: randomUUID() });
    const detail = await caller.affidavits.detail({ id });
    expect(detail).toMatchObject({ state: 'links_sent', fee: 2_250_000 });
    expect(detail.links.map((l) => l.kind)).toEqual(['download', 'payment']);
    expect((await caller.affidavits.history({ id })).map((h) => h.action)).toContain('purchase');
  });

  it('refuses a bad input in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.affidavits.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.affidavits.add({ ...FIELDS, seller_phone: FIELDS.buyer_phone })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شماره خریدار و فروشنده نباید یکی باشد.') });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.affidavits.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });
});
