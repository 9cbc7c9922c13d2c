import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller } from '../../testing';

describe('inspectionOrders procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startTestGateway({ SEED_ORDERS: '150', SEED_EXPERTS: '10' }, { listen: true });
    caller = await staffCaller(gateway);
  });
  afterAll(() => gateway.close());

  it('lists a page with the default filter and the gateway count', async () => {
    const [{ count }] = await gateway.deps.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM inspections WHERE state NOT IN ('D', 'F')",
    ) as [{ count: number }];
    const page = await caller.inspectionOrders.list({});
    expect(page.count).toBe(count);
    expect(page.results).toHaveLength(20);
    const keys = page.results.map((r) => `${r.visit_date ?? '9999'} ${r.time_slot ?? ''}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('passes comma lists and flags through to the gateway', async () => {
    const page = await caller.inspectionOrders.list({ state: ['Q', 'W'], qc: true, cities: [1], isAscending: false, pageSize: 100 });
    expect(page.results.length).toBeGreaterThan(0);
    for (const row of page.results) expect(row).toMatchObject({ qc: true, city_id: 1, state: expect.stringMatching(/^[QW]$/) });
  });

  it('exports every row of the filter across pages', async () => {
    const [{ count }] = (await gateway.deps.db.query<{ count: number }>('SELECT count(*)::int AS count FROM inspections')) as [{ count: number }];
    expect(count).toBeGreaterThan(100);
    const all = await caller.inspectionOrders.export({ state: [] });
    expect(all).toMatchObject({ truncated: false });
    expect(new Set(all.rows.map((r) => r.code)).size).toBe(count);
  });

  it('creates a phone request that the list then shows, and rejects bad input before the gateway', async () => {
    await expect(
      caller.inspectionOrders.create({ customer_name: 'علی', phone_number: '0912', city_id: 1, brand_model: 'پژو', package: 'کارشناسی پایه', visit_place: 'ونک' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { issues: [expect.objectContaining({ message: 'شماره تلفن همراه معتبر نیست' })] } });
    const created = await caller.inspectionOrders.create({
      customer_name: 'علی رضایی',
      phone_number: '۰۹۱۲۵۵۵۴۴۳۳',
      city_id: 2,
      brand_model: 'پژو ۲۰۶',
      package: 'کارشناسی جامع',
      visit_place: 'کرج، عظیمیه',
    });
    const found = await caller.inspectionOrders.list({ search: created.code });
    expect(found.results).toEqual([expect.objectContaining({ code: created.code, state: 'R', phone_number: '09125554433' })]);
    const detail = await caller.inspectionOrders.detail({ pk: created.pk });
    expect(detail).toMatchObject({ customer_name: 'علی رضایی', city: 'کرج', package: 'کارشناسی جامع', state: 'R', visit_place: 'کرج، عظیمیه' });
  });

  it('turns a missing order into NOT_FOUND with the Persian message; anyone signed in reads, only staff create', async () => {
    await expect(caller.inspectionOrders.detail({ pk: 999999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'سفارش یافت نشد!' });
    const options = await caller.inspectionOrders.filterOptions();
    expect(options.assistants.length).toBeGreaterThan(0);
    const expert = await viewerCaller(gateway, [ROLES.expert]);
    await expect(expert.inspectionOrders.list({})).resolves.toMatchObject({ page: 1 });
    await expect(
      expert.inspectionOrders.create({ customer_name: 'علی رضایی', phone_number: '09125554433', city_id: 2, brand_model: 'پژو ۲۰۶', package: 'کارشناسی جامع', visit_place: 'کرج' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
