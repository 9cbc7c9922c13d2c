import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('leasing procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  }, 180_000);
  afterAll(() => gateway.close());

  it('previews a schedule and sends the customer a code without answering it', async () => {
    const staff = await staffCaller(gateway);
    const [provider] = await staff.leasing.providers();
    const plans = await staff.leasing.providerPlans({ id: provider!.id });
    const plan = plans.find((p) => p.months.includes(12))!;
    const schedule = await staff.leasing.previewSchedule({ plan_id: plan.id, price: '۹۰۰٬۰۰۰٬۰۰۰', down_payment: 450_000_000, months: 12 });
    expect(schedule.instalments).toHaveLength(12);
    expect(schedule.instalments.reduce((s, i) => s + i.amount, 0)).toBe(schedule.total);
    const sent = await staff.leasing.requestOtp({ phone_number: '09127770011' });
    expect(Object.keys(sent).sort()).toEqual(['expires_in', 'message', 'phone_number']);
    await expect(
      staff.leasing.register({ customer_name: 'علی رضایی', national_id: '0013542419', phone_number: '09127770011', city_id: 1, plan_id: plan.id, car_title: 'پژو ۲۰۷', price: 900_000_000, down_payment: 450_000_000, months: 12, otp_code: '۱۲۳۴۵۶' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('lists orders by phone, offers actions with reasons, bulk-updates row by row, records a payment', async () => {
    const staff = await staffCaller(gateway);
    const registered = await staff.leasing.orders({ state: 'registered' });
    expect(registered.results.length).toBeGreaterThan(0);
    const first = registered.results[0]!;
    const byPhone = await staff.leasing.orders({ search: first.phone_number });
    expect(byPhone.results.map((o) => o.id)).toContain(first.id);
    const offered = await staff.leasing.orderActions({ id: first.id });
    expect(offered.find((a) => a.id === 'request_documents')).toMatchObject({ available: true, reason: '' });
    expect(offered.find((a) => a.id === 'deliver')!.available).toBe(false);
    const delivered = (await staff.leasing.orders({ state: 'delivered' })).results[0]!;
    const bulk = await staff.leasing.bulkUpdate({ request_id: randomUUID(), action: 'request_documents', ids: [first.id, delivered.id] });
    expect(bulk).toMatchObject({ succeeded: 1, refused: 1 });
    expect(bulk.results[1]!.message).toContain('تحویل‌شده');

    const claims = await staff.leasing.claims({});
    expect(claims).toMatchObject({ page: 1, pageSize: 10 });
    const exported = await staff.leasing.exportClaims({});
    expect(exported).toMatchObject({ truncated: false });
    expect(exported.rows).toHaveLength(claims.count);
    const open = claims.results.find((c) => c.balance > 1_000_000)!;
    const paid = await staff.leasing.pay({ id: open.id, request_id: randomUUID(), amount: '۱٬۰۰۰٬۰۰۰', paid_on: '2026-11-25', receipt: 'RC-77' });
    expect(paid.balance).toBe(open.balance - 1_000_000);
    const offer = await staff.leasing.claimActions({ id: open.id });
    expect(offer.map((a) => a.id)).toEqual(['pay', 'start_followup', 'back_to_current', 'file_execute', 'promise', 'change_schedule']);
    expect(offer.find((a) => !a.available)!.reason).toContain('ممکن نیست');
    const detail = await staff.leasing.claim({ id: open.id });
    expect(detail.payments[0]).toMatchObject({ receipt: 'RC-77', created_by_name: expect.stringMatching(/\S/) });
    expect((await staff.leasing.claimHistory({ id: open.id }))[0]).toMatchObject({ action: 'payment', changes: [], promise: null });
    await expect(staff.leasing.pay({ id: open.id, request_id: randomUUID(), amount: paid.balance + 1, paid_on: '2026-11-25', receipt: 'RC-78' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('بیشتر است'),
    });
    const plans = await staff.leasing.matchingPlans({});
    expect(plans.every((p) => p.vehicle_type === 'light_car' && p.is_active)).toBe(true);
  });

  it('refuses a signed-in user without the staff role, and a bad national id before the gateway', async () => {
    const viewer = await viewerCaller(gateway);
    await expect(viewer.leasing.orders({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.leasing.pay({ id: 1, request_id: randomUUID(), amount: 1000, paid_on: '2026-11-25', receipt: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const staff = await staffCaller(gateway);
    await expect(
      staff.leasing.register({ customer_name: 'علی رضایی', national_id: '0013542418', phone_number: '09127770011', city_id: 1, plan_id: 1, car_title: 'پژو', price: 900_000_000, down_payment: 450_000_000, months: 12, otp_code: '123456' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
