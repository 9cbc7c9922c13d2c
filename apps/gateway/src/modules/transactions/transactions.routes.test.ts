import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { RefundOutcomeSchema, TransactionDetailSchema, TransactionPageSchema, type TransactionPage } from '@panel/contracts/transactions';
import { startTestGateway } from '../../testing';
import { SINGLE_DRIVER, TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const SHEBA = 'IR120120000000001234567890';

describe.each(TEST_DRIVERS)('transactions on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let supervisor: string;
  let viewer: string;
  let serial = 0;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = supervisor) =>
    gateway.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }), headers: { authorization: `Bearer ${token}` } });
  const list = async (query: Record<string, string> = {}): Promise<TransactionPage> => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/transactions/', query, headers: { authorization: `Bearer ${staff}` } });
    expect(response.statusCode, response.body).toBe(200);
    return TransactionPageSchema.parse(response.json());
  };
  const detail = async (id: number) => TransactionDetailSchema.parse((await call('GET', `/api/transactions/${id}/`)).json());
  /** A new inspection order of `price` tomans (its payment enters the ledger by the trigger); answers its pk and code. */
  async function order(price: number, name = 'مهدی کاظمی'): Promise<{ pk: number; code: string }> {
    const code = `${usePostgres ? 7 : 6}${String(++serial).padStart(6, '0')}`;
    const [row] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price) VALUES ($1, 'R', $2, $3, 1, 'پژو ۲۰۶', 'پایه', $4) RETURNING pk`,
      [code, name, `0912${String(serial).padStart(7, '0')}`, price],
    );
    return { pk: row!.pk, code };
  }
  const rowOf = async (kind: string, entityLabel: string) => (await list({ search: entityLabel, kind })).results[0]!;
  const check = async (refund: { id: number; version: number }, token = staff) => call('POST', `/api/transactions/refunds/${refund.id}/check/`, { version: refund.version }, token);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    supervisor = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
  }, 120_000);
  afterAll(() => gateway?.close());

  it("follows an order's cancel with a bank refund to its end: requested, sent with a trace number, paid", async () => {
    const { pk, code } = await order(890_000);
    const paid = await rowOf('inspection_payment', code);
    expect(paid).toMatchObject({ direction: 'in', amount: 890_000, state: 'done', party_name: 'مهدی کاظمی', entity: 'inspection', entity_id: pk });
    const cancel = await call('POST', `/api/inspection/orders/${pk}/cancel/`, { reason: 'مشتری منصرف شد', refund: 'payment' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refundRow = await rowOf('bank_refund', code);
    expect(refundRow).toMatchObject({ direction: 'out', amount: 890_000, state: 'pending', refund_state: 'requested', overdue: false });
    let refund = (await detail(refundRow.id)).refund!;
    expect(refund).toMatchObject({ state: 'requested', transaction_id: paid.id, pending_reason: 'ثبت شد؛ در انتظار پذیرش بانک.' });
    expect((await detail(paid.id)).refundable).toBe(0);

    const sent = RefundOutcomeSchema.parse((await check(refund)).json().data);
    expect(sent).toMatchObject({ state: 'sent', message: 'بانک درخواست را پذیرفت؛ بازگشت وجه ارسال شد.' });
    refund = (await detail(refundRow.id)).refund!;
    expect(refund.trace_number).toMatch(/^8\d{11}$/);
    expect(refund.pending_reason).toContain('در انتظار واریز');
    const done = RefundOutcomeSchema.parse((await check(refund)).json().data);
    expect(done).toMatchObject({ state: 'done', transaction_id: refundRow.id });
    expect(await rowOf('bank_refund', code)).toMatchObject({ state: 'done', reference: refund.trace_number });
    // At its end: no more checks, and the outbox row says it left.
    const again = await check({ id: refund.id, version: done.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('به پایان رسیده');
    const [outbox] = await gateway.deps.db.query<{ state: string }>('SELECT o.state FROM outbox o JOIN bank_refunds r ON r.outbox_id = o.id WHERE r.id = $1', [refund.id]);
    expect(outbox!.state).toBe('sent');
    const history = (await call('GET', `/api/transactions/${refundRow.id}/history/`)).json().results as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['settle', 'submit', 'request']);
  });

  it('walks the refund table by the bank scripted answers: waiting, refused, retried, cancelled; the roles and the stale version refused', async () => {
    const { code } = await order(1_250_000);
    const paid = await rowOf('inspection_payment', code);
    // Only a supervisor requests; more than was paid is refused beside the amount.
    expect((await call('POST', `/api/transactions/${paid.id}/refund/`, { amount: 500_000, sheba: SHEBA, reason: 'پرداخت تکراری' }, staff)).statusCode).toBe(403);
    const over = await call('POST', `/api/transactions/${paid.id}/refund/`, { amount: 2_000_000, sheba: SHEBA, reason: 'پرداخت تکراری' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount: ['مبلغ بازگشت از مانده قابل بازگشت این تراکنش بیشتر است.'] });
    const made = RefundOutcomeSchema.parse((await call('POST', `/api/transactions/${paid.id}/refund/`, { amount: 500_000, sheba: SHEBA, reason: 'پرداخت تکراری' })).json().data);
    expect((await detail(paid.id)).refundable).toBe(750_000);
    let refund = (await detail(made.transaction_id)).refund!;
    await gateway.deps.db.query(`INSERT INTO bank_refund_answers (refund_id, answer, note) VALUES ($1, 'processing', 'صف بانک'), ($1, 'rejected', 'شماره شبا مسدود است')`, [refund.id]);

    const waiting = RefundOutcomeSchema.parse((await check(refund)).json().data);
    expect(waiting).toMatchObject({ state: 'requested', message: 'بانک هنوز در حال پردازش است؛ وضعیت تغییری نکرد.' });
    // Two checks at once on the same version: one is answered, the other refused as stale.
    const twice = await Promise.all([check({ id: refund.id, version: waiting.version }), check({ id: refund.id, version: waiting.version })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().message).toBe('این بازگشت وجه همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.');
    refund = (await detail(made.transaction_id)).refund!;
    expect(refund).toMatchObject({ state: 'failed', bank_note: 'شماره شبا مسدود است' });
    expect(refund.pending_reason).toBe('بانک آن را رد کرد: شماره شبا مسدود است؛ در انتظار ارسال دوباره یا لغو.');
    expect((await list({ search: code, state: 'failed' })).count).toBe(1);
    expect((await check(refund)).json().message).toBe('این بازگشت وجه ناموفق بوده است؛ نخست آن را دوباره ارسال کنید.');

    // Retry and cancel are a supervisor's; a move the table does not allow is a 409.
    const staffRetry = await call('POST', `/api/transactions/refunds/${refund.id}/update-state/`, { version: refund.version, action: 'retry' }, staff);
    expect(staffRetry.statusCode).toBe(403);
    expect(staffRetry.json().detail).toBe('«ارسال دوباره» فقط از سرپرست برمی‌آید.');
    const retried = RefundOutcomeSchema.parse((await call('POST', `/api/transactions/refunds/${refund.id}/update-state/`, { version: refund.version, action: 'retry', reason: 'شبا اصلاح شد' })).json().data);
    expect(retried).toMatchObject({ state: 'requested' });
    const noReason = await call('POST', `/api/transactions/refunds/${refund.id}/update-state/`, { version: retried.version, action: 'cancel' });
    expect(noReason.statusCode).toBe(400);
    const canceled = RefundOutcomeSchema.parse((await call('POST', `/api/transactions/refunds/${refund.id}/update-state/`, { version: retried.version, action: 'cancel', reason: 'مشتری نقدی دریافت کرد' })).json().data);
    expect(canceled.state).toBe('canceled');
    const retryCanceled = await call('POST', `/api/transactions/refunds/${refund.id}/update-state/`, { version: canceled.version, action: 'retry' });
    expect(retryCanceled.statusCode).toBe(409);
    expect(retryCanceled.json().message).toContain('در وضعیت «لغوشده» است');
    // A cancelled refund gives its amount back to what may be refunded.
    expect((await detail(paid.id)).refundable).toBe(1_250_000);
  });

  it('gives one winner when two supervisors refund the whole of one payment at once', async () => {
    const { code } = await order(600_000);
    const paid = await rowOf('inspection_payment', code);
    const both = await Promise.all([1, 2].map(() => call('POST', `/api/transactions/${paid.id}/refund/`, { amount: 600_000, sheba: SHEBA, reason: 'لغو سفارش' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe('این تراکنش قابل بازگشت وجه نیست.');
  });

  once('keeps the rows of price differences and refund codes, and sums the filtered set in the database both ways alike', async () => {
    const { pk, code } = await order(700_000, 'نگار صالحی');
    await gateway.deps.db.query('UPDATE inspections SET price = 900000, price_diff = 200000 WHERE pk = $1', [pk]);
    expect(await rowOf('price_difference', code)).toMatchObject({ direction: 'in', amount: 200_000, state: 'pending' });
    expect(await rowOf('inspection_payment', code)).toMatchObject({ amount: 900_000 });
    const cancel = await call('POST', `/api/inspection/orders/${pk}/cancel/`, { reason: 'مشتری منصرف شد', refund: 'discount_code' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await rowOf('price_difference', code)).toMatchObject({ state: 'canceled' });
    expect(await rowOf('refund_code', code)).toMatchObject({ direction: 'out', amount: 900_000, state: 'done', party_name: 'نگار صالحی' });

    // The same totals from the day totals (no search), the amount totals (an amount range that keeps every row) and the rows.
    const byDays = (await list()).totals;
    const byAmounts = (await list({ amountMin: '1' })).totals;
    expect(byAmounts).toEqual(byDays);
    const byRows = (await list({ amountMin: '1', overdue: 'false' })).totals;
    expect(byRows).toEqual(byDays);
    const rows = (await list({ pageSize: '100' })).results;
    const moved = rows.filter((r) => r.state === 'pending' || r.state === 'done');
    expect(byDays.in).toBe(moved.filter((r) => r.direction === 'in').reduce((s, r) => s + r.amount, 0));
    expect(byDays.net).toBe(byDays.in - byDays.out);
    expect(byDays.count).toBe(rows.length);
    // A filter changes them.
    const refundsOnly = (await list({ kind: 'bank_refund,refund_code' })).totals;
    expect(refundsOnly.in).toBe(0);
    expect(refundsOnly.kinds.map((k) => k.kind).sort()).toEqual(['bank_refund', 'refund_code']);
    expect((await list({ search: 'نگا صال' })).count).toBe(3);
  });

  once('refuses a bad filter in Persian and a caller without the role', async () => {
    const bad = await gateway.app.inject({ method: 'GET', url: '/api/transactions/', query: { kind: 'gift' }, headers: { authorization: `Bearer ${staff}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ kind: ['نوع تراکنش نامعتبر است'] });
    expect((await gateway.app.inject({ method: 'GET', url: '/api/transactions/', headers: { authorization: `Bearer ${viewer}` } })).statusCode).toBe(403);
  });
});

describe.each(SINGLE_DRIVER)('the ledger of the demo data on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
  }, 180_000);
  afterAll(() => gateway?.close());

  it("holds every module's money, its refunds among them, with the day totals equal to the rows' sums", async () => {
    const page = TransactionPageSchema.parse((await gateway.app.inject({ method: 'GET', url: '/api/transactions/', headers: { authorization: `Bearer ${staff}` } })).json());
    const kinds = page.totals.kinds.map((k) => k.kind);
    for (const kind of ['inspection_payment', 'bank_refund', 'concierge_inspection', 'sale_commission', 'buy_commission', 'leasing_payment', 'affidavit_fee']) expect(kinds).toContain(kind);
    const [sums] = await gateway.deps.db.query<{ rows: number; days: number; amount: number; day_amount: number }>(
      `SELECT (SELECT count(*) FROM transactions) AS rows, (SELECT sum(rows) FROM transaction_days) AS days,
              (SELECT sum(amount) FROM transactions) AS amount, (SELECT sum(amount) FROM transaction_days) AS day_amount`,
    );
    expect(sums!.days).toBe(sums!.rows);
    const [amounts] = await gateway.deps.db.query<{ rows: number; amount: number }>('SELECT sum(rows) AS rows, sum(rows * amount) AS amount FROM transaction_amounts');
    expect(amounts).toEqual({ rows: sums!.rows, amount: sums!.amount });
    expect(sums!.day_amount).toBe(sums!.amount);
    const overdue = TransactionPageSchema.parse((await gateway.app.inject({ method: 'GET', url: '/api/transactions/', query: { overdue: 'true' }, headers: { authorization: `Bearer ${staff}` } })).json());
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.results.every((r) => r.overdue && r.kind === 'bank_refund')).toBe(true);
  });
});
