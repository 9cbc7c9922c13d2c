import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, VIN_MESSAGE } from '@panel/contracts/common';
import { ORDER_ACTION_MESSAGES } from '@panel/contracts/inspection-orders';
import type { startTestGateway } from '@panel/gateway/testing';
import { TEST_STAFF, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('inspectionOrders procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
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
    // The seeded people by name (issue 13): assistants are users, experts the sheet's rows.
    expect(options.assistants.filter((a) => a.value !== TEST_STAFF.username).every((a) => a.name !== null)).toBe(true);
    expect(options.experts.length).toBeGreaterThan(0);
    expect(options.experts.every((e) => e.name !== null)).toBe(true);
    const [row] = (await caller.inspectionOrders.list({ pageSize: 100 })).results.filter((r) => r.expert_id !== null);
    expect(row).toMatchObject({ expert_name: expect.any(String), assistant_name: expect.any(String) });
    const expert = await viewerCaller(gateway, [ROLES.expert]);
    await expect(expert.inspectionOrders.list({})).resolves.toMatchObject({ page: 1 });
    await expect(
      expert.inspectionOrders.create({ customer_name: 'علی رضایی', phone_number: '09125554433', city_id: 2, brand_model: 'پژو ۲۰۶', package: 'کارشناسی جامع', visit_place: 'کرج' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('inspectionOrders actions against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
  });
  afterAll(() => gateway.close());

  it('holds, reprices and cancels an order as staff, with the history to show for it', async () => {
    const staff = await staffCaller(gateway);
    const created = await staff.inspectionOrders.create({ customer_name: 'علی رضایی', phone_number: '09125554433', city_id: 1, brand_model: 'پژو ۲۰۶', package: 'کارشناسی پایه', visit_place: 'ونک' });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await expect(staff.inspectionOrders.hold({ pk: created.pk, reason: 'مشتری تماس می‌گیرد', until })).resolves.toMatchObject({ state: 'R', message: ORDER_ACTION_MESSAGES.done.hold });
    await expect(staff.inspectionOrders.changePricing({ pk: created.pk, conditions: ['holiday'] })).resolves.toMatchObject({ price: 780_000, price_diff: 130_000 });
    await expect(staff.inspectionOrders.cancel({ pk: created.pk, reason: 'منصرف شد', refund: 'discount_code' })).resolves.toMatchObject({ state: 'F', discount_code: expect.any(String) });
    await expect(staff.inspectionOrders.cancel({ pk: created.pk, reason: 'دوباره', refund: 'none' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const history = await staff.inspectionOrders.actionLog({ pk: created.pk });
    expect(history.map((entry) => entry.action)).toEqual(['cancel', 'change_pricing', 'hold']);
    expect(await staff.inspectionOrders.detail({ pk: created.pk })).toMatchObject({ state: 'F', pricing_conditions: ['holiday'], held_until: null });
  });

  it('shows anyone signed in what the customer received about an order (issue 28: the reported difference was nowhere to see)', async () => {
    const staff = await staffCaller(gateway);
    const created = await staff.inspectionOrders.create({ customer_name: 'مریم کاظمی', phone_number: '09125554434', city_id: 1, brand_model: 'پژو ۲۰۶', package: 'کارشناسی پایه', visit_place: 'ونک' });
    await staff.inspectionOrders.cancel({ pk: created.pk, reason: 'منصرف شد', refund: 'discount_code' });
    const viewer = await viewerCaller(gateway);
    const messages = await viewer.inspectionOrders.conversation({ pk: created.pk });
    expect(messages).toEqual([expect.objectContaining({ channel: 'sms', text: expect.stringContaining('کد تخفیف') })]);
  });

  it('refuses bad input before the gateway, and actions to a user without the staff role', async () => {
    const staff = await staffCaller(gateway);
    await expect(staff.inspectionOrders.cancel({ pk: 1, reason: '  ', refund: 'none' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { issues: [expect.objectContaining({ message: ORDER_ACTION_MESSAGES.reason })] },
    });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.inspectionOrders.cancel({ pk: 1, reason: 'x', refund: 'none' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.inspectionOrders.actionLog({ pk: 1 })).resolves.toEqual(expect.any(Array));
  });

  it('sets the VIN of an existing order as staff, read as the phone form reads it; refuses a malformed one and a non-staff user (decision 136)', async () => {
    const staff = await staffCaller(gateway);
    const created = await staff.inspectionOrders.create({ customer_name: 'رضا نادری', phone_number: '09125554435', city_id: 1, brand_model: 'پژو ۲۰۶', package: 'کارشناسی پایه', visit_place: 'ونک' });
    await expect(staff.inspectionOrders.setVin({ pk: created.pk, vin: 'NAAM01CA6HK41023O' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { issues: [expect.objectContaining({ path: ['vin'], message: VIN_MESSAGE })] },
    });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.inspectionOrders.setVin({ pk: created.pk, vin: 'NAAM01CA6HK410236' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(staff.inspectionOrders.setVin({ pk: created.pk, vin: 'naam01ca6hk-۴۱۰۲۳۶' })).resolves.toMatchObject({ state: 'R', message: ORDER_ACTION_MESSAGES.done.set_vin });
    expect(await staff.inspectionOrders.detail({ pk: created.pk })).toMatchObject({ vin: 'NAAM01CA6HK410236' });
    expect((await staff.inspectionOrders.actionLog({ pk: created.pk })).map((entry) => entry.action)).toEqual(['set_vin']);
  });
});
