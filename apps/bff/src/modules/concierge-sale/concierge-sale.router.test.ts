import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { SALE_MESSAGES } from '@panel/contracts/concierge-sale';
import type { startTestGateway } from '@panel/gateway/testing';
import { callerAs, viewerCaller, type TestUser, startGatewayForBff } from '../../testing';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

describe('conciergeSale procedures against a real gateway', () => {
  let gateway: Gateway;
  const users: Record<string, TestUser & { roles: string[] }> = {};
  const as = (name: string) => callerAs(gateway, users[name]!, users[name]!.roles);
  let carId: number;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    for (const u of await gateway.deps.db.query<TestUser & { roles: string[] }>('SELECT id, username, first_name, last_name, roles FROM users')) users[u.username] = u;
    carId = (await gateway.deps.db.query<{ id: number }>("SELECT id FROM car_models WHERE name_fa = 'دنا'"))[0]!.id;
  }, 60_000);
  afterAll(() => gateway.close());

  const form = { applicant_full_name: 'الهام یزدانی', phone_number: '۰۹۳۵ ۱۲۳ ۴۵۶۷', city_id: 3, car_model_id: 0, car_brand_model_year: '۱۳۹۸', usage: '۹۰۰۰۰', price: '۶۵۰٬۰۰۰٬۰۰۰', address: 'مشهد، بلوار سجاد', plan: 'gold' as const };

  it('registers a sale, finds it by phone, and walks it to an approved deal with its commission in the deals totals', async () => {
    const staff = await as('staff');
    const supervisor = await as('supervisor');
    const created = await staff.conciergeSale.create({ ...form, car_model_id: carId });
    const found = await staff.conciergeSale.list({ search: '09351234567' });
    expect(found.results.map((s) => s.id)).toContain(created.id);
    let sale = await staff.conciergeSale.detail({ id: created.id });
    expect(sale).toMatchObject({ status: 'new', city: 'مشهد', price: 650_000_000, plan: 'gold' });
    const people = await staff.conciergeSale.people();
    const boss = people.supervisors.find((p) => p.name === 'رضا قاسمی')!;
    await supervisor.conciergeSale.assignSupervisor({ id: sale.id, supervisor_id: boss.id, version: sale.version });
    sale = await staff.conciergeSale.detail({ id: created.id });
    const deal = await staff.conciergeSale.submitDeal({ id: sale.id, version: sale.version, buyer_name: 'سعید کاظمی', buyer_phone_number: '09190001122', price: '۶۴۰۰۰۰۰۰۰', deal_date: '2026-01-20', sale_commission_percent: 1, buy_commission_percent: 0.5 });
    expect(deal).toMatchObject({ status: 'in_deal', message: SALE_MESSAGES.done.submit_deal });
    await supervisor.conciergeSale.approveDeal({ id: sale.id, version: deal.version });
    sale = await staff.conciergeSale.detail({ id: created.id });
    expect(sale).toMatchObject({ status: 'sold', deal_state: 'approved', product_commission: 9_600_000 });
    const deals = await staff.conciergeSale.deals({ search: sale.token });
    expect(deals.totals).toEqual({ count: 1, price: 640_000_000, commission: 9_600_000 });
    const csv = await staff.conciergeSale.exportDeals({ state: ['approved'] });
    expect(csv.rows.some((d) => d.sale_id === sale.id)).toBe(true);
    const log = await staff.conciergeSale.actionLog({ id: sale.id });
    expect(log.map((e) => e.action)).toEqual(['approve_deal', 'submit_deal', 'assign_supervisor', 'create']);
  });

  it('refuses bad input before the gateway with the contract\'s Persian message', async () => {
    const staff = await as('staff');
    await expect(staff.conciergeSale.create({ ...form, car_model_id: carId, phone_number: '0912' })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { issues: [expect.objectContaining({ message: 'شماره تلفن همراه معتبر نیست' })] } });
    await expect(staff.conciergeSale.submitDeal({ id: 1, version: 0, buyer_name: 'x', buyer_phone_number: '09120000000', price: 1, deal_date: '2026-01-01', sale_commission_percent: 120, buy_commission_percent: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { issues: [expect.objectContaining({ message: SALE_MESSAGES.percent })] },
    });
    await expect(staff.conciergeSale.cancelDeal({ id: 1, version: 0, reason: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { issues: [expect.objectContaining({ message: SALE_MESSAGES.reason })] } });
  });

  it('refuses by role: no team role, supervisor-only actions, and a sales expert opening another\'s sale', async () => {
    const viewer = await viewerCaller(gateway);
    await expect(viewer.conciergeSale.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const sales1 = await as('sales1');
    const sales2 = await as('sales2');
    const own = await sales1.conciergeSale.create({ ...form, car_model_id: carId });
    await expect(sales1.conciergeSale.assignSupervisor({ id: own.id, supervisor_id: users.supervisor!.id, version: 0 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(sales1.conciergeSale.approveDeal({ id: own.id, version: 0 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await sales1.conciergeSale.detail({ id: own.id })).sales_expert?.name).toBe('حسین کریمی');
    await expect(sales2.conciergeSale.detail({ id: own.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: `پیام: ${SALE_MESSAGES.notYours}` });
    await expect(sales2.conciergeSale.addNote({ id: own.id, content: 'سلام' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const list = await sales2.conciergeSale.list({ pageSize: 100 });
    expect(list.results.some((s) => s.id === own.id)).toBe(false);
    await expect(sales1.conciergeSale.watchOffers({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Staff see every sale, the sales expert's too.
    expect((await (await as('staff2')).conciergeSale.detail({ id: own.id })).id).toBe(own.id);
    expect(ROLES.salesExpert).toBe('backoffice#sales_expert');
  });

  it('gives one of two concurrent actions on the same version the win and the other a Persian 409', async () => {
    const staff = await as('staff');
    const supervisor = await as('supervisor');
    const created = await staff.conciergeSale.create({ ...form, car_model_id: carId });
    await supervisor.conciergeSale.assignSupervisor({ id: created.id, supervisor_id: users.supervisor!.id, version: 0 });
    const results = await Promise.allSettled([staff.conciergeSale.sendToOffer({ id: created.id, version: 1 }), staff.conciergeSale.cancel({ id: created.id, version: 1, reason_type: 'unreachable' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT', message: `پیام: ${SALE_MESSAGES.stale}` } });
  });
});
