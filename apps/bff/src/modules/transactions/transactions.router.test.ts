import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ROLES } from '@panel/contracts/common';
import { callerAs, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('transactions procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let paidId = 0;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
    await gateway.deps.db.query(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       SELECT '90' || n, 'R', 'مشتری ' || n, '0912000000' || n, 1, 'پژو ۲۰۶', 'پایه', 500000 * n FROM generate_series(1, 3) n`,
    );
    const [row] = await gateway.deps.db.query<{ id: number }>(`SELECT id FROM transactions WHERE kind = 'inspection_payment' AND entity_label = '903'`);
    paidId = row!.id;
  }, 120_000);
  afterAll(() => gateway?.close());

  it('lists with the totals, exports, and follows a refund requested by a supervisor to its end', async () => {
    const caller = await callerAs(gateway, { id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    const page = await caller.transactions.list({ search: 'مشتری' });
    expect(page.count).toBe(3);
    expect(page.totals).toMatchObject({ count: 3, in: 3_000_000, out: 0, net: 3_000_000 });
    expect((await caller.transactions.export({})).rows).toHaveLength(3);
    const made = await caller.transactions.requestRefund({ transaction_id: paidId, amount: 1_500_000, sheba: 'IR120120000000001234567890', reason: 'لغو سفارش' });
    expect(made.state).toBe('requested');
    const sent = await caller.transactions.checkRefund({ id: made.id, version: made.version });
    const done = await caller.transactions.checkRefund({ id: sent.id, version: sent.version });
    expect(done).toMatchObject({ state: 'done', message: 'بانک مبلغ را واریز کرد؛ بازگشت وجه انجام شد.' });
    expect((await caller.transactions.detail({ id: made.transaction_id })).refund).toMatchObject({ state: 'done', pending_reason: null });
    expect((await caller.transactions.history({ id: made.transaction_id })).map((h) => h.action)).toEqual(['settle', 'submit', 'request']);
    expect((await caller.transactions.list({})).totals).toMatchObject({ in: 3_000_000, out: 1_500_000, net: 1_500_000 });
  });

  it('refuses a bad input in Persian, a refund from a staff member and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.transactions.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const supervisor = await callerAs(gateway, { id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    await expect(supervisor.transactions.requestRefund({ transaction_id: paidId, amount: 1000, sheba: 'IR1', reason: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.transactions.requestRefund({ transaction_id: paidId, amount: 1000, sheba: 'IR120120000000001234567890', reason: 'لغو سفارش' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.transactions.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
  });
});
