import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import { LEASING_ORDER_WORKFLOW, addDays, type LeasingOrderAction } from '@panel/contracts/leasing';
import { resolvePromises } from './leasing-claims.service';
import { SINGLE_DRIVER, TEST_DRIVERS, onOneDriver } from '../../test-drivers';
import { startTestGateway } from '../../testing';
import { registerService } from './leasing-register.service';
import { nationalIdOf } from './leasing.seed';


describe.each(TEST_DRIVERS)('leasing on $name', (driver) => {
  const { usePostgres } = driver;
  // The tables' walks, the races and the sweeps on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let token: string;
  let phoneSerial = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const actor = { username: 'sara', fullname: 'سارا احمدی' };
  const planId = async (months = 36) =>
    (await gateway.deps.db.query<{ id: number }>(`SELECT id FROM leasing_plans WHERE is_active AND $1 = ANY (months) ORDER BY id LIMIT 1`, [months]))[0]!.id;

  /** A registered order through the OTP (the code taken where the demo logs it). */
  const register = async (over: Record<string, unknown> = {}) => {
    phoneSerial += 1;
    const phone = `0912${String(3_000_000 + phoneSerial).padStart(7, '0')}`;
    let code = '';
    await registerService(gateway.deps.db, gateway.deps.env.JWT_SECRET).requestOtp(actor, phone, (c) => (code = c));
    const response = await call('POST', '/api/leasing/orders/register/', {
      customer_name: 'علی رضایی', national_id: '0013542419', phone_number: phone, city_id: 1, plan_id: await planId(), car_title: 'پژو ۲۰۷',
      price: '۱٬۲۰۰٬۰۰۰٬۰۰۰', down_payment: '400,000,000', months: 36, otp_code: code, ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; code: string };
  };
  const order = async (id: number) => (await call('GET', `/api/leasing/orders/${id}/`)).json();
  const execute = (id: number, action: LeasingOrderAction, version: number, extra: object = {}) => call('POST', `/api/leasing/orders/${id}/actions/execute/`, { action, version, ...extra });
  const attachFile = async (id: number) => {
    const data = Buffer.from('%PDF-1.4 leasing');
    const [media] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO media (name, content_type, size, sha256, data, created_by) VALUES ('کارت ملی.pdf', 'application/pdf', $1, $2, $3, 'sara') RETURNING id`,
      [data.byteLength, createHash('sha256').update(data).digest('hex'), data],
    );
    expect((await call('POST', `/api/leasing/orders/${id}/files/`, { media_id: media!.id, kind: 'national_card' })).statusCode).toBe(201);
  };
  /** An order walked to delivery: its claim. */
  const delivered = async () => {
    const { id } = await register();
    await execute(id, 'request_documents', 1);
    await attachFile(id);
    for (const [action, version] of [['send_to_provider', 2], ['approve', 3], ['sign_contract', 4], ['deliver', 5]] as const) {
      const moved = await execute(id, action, version);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return (await order(id)).claim_id as number;
  };
  const claim = async (id: number) => (await call('GET', `/api/leasing/claims/${id}/`)).json();
  const pay = (id: number, amount: number, request_id = randomUUID()) => call('POST', `/api/leasing/claims/${id}/payments/`, { request_id, amount, paid_on: '2026-11-25', receipt: 'RC-1' });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    token = await gateway.deps.tokens.signAccess({ id: 3, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
  });
  afterAll(() => gateway.close());

  once('sends the code to the outbox masked, never in the answer, and registers only with it', async () => {
    const sent = await call('POST', '/api/leasing/otp/', { phone_number: '۰۹۱۲۱۱۱۲۲۳۳' });
    expect(sent.statusCode).toBe(200);
    expect(Object.keys(sent.json().data).sort()).toEqual(['expires_in', 'message', 'phone_number']);
    const [sms] = await gateway.deps.db.query<{ text: string }>(`SELECT text FROM outbox WHERE target = '09121112233'`);
    expect(sms!.text).not.toMatch(/\d/);
    expect((await call('POST', '/api/leasing/otp/', { phone_number: '09121112233' })).statusCode).toBe(429);
    const wrong = await call('POST', '/api/leasing/orders/register/', {
      customer_name: 'علی رضایی', national_id: '0013542419', phone_number: '09121112233', city_id: 1, plan_id: await planId(), car_title: 'پژو ۲۰۷',
      price: 1_200_000_000, down_payment: 400_000_000, months: 36, otp_code: '000000',
    });
    // One in a million the random code is 000000; then this order registers and the count says so.
    if (wrong.statusCode === 400) expect(wrong.json()).toEqual({ otp_code: ['کد تأیید درست نیست.'] });
    const badId = await call('POST', '/api/leasing/orders/register/', { national_id: '0013542418' });
    expect(badId.json().national_id).toEqual(['کد ملی معتبر نیست.']);
  });

  once('previews the schedule, and the registered order stores it', async () => {
    const preview = await call('POST', '/api/leasing/schedule/preview/', { plan_id: await planId(), price: 1_200_000_000, down_payment: 400_000_000, months: 36 });
    const schedule = preview.json().data;
    expect(schedule.instalments).toHaveLength(36);
    expect(schedule.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(schedule.total);
    const low = await call('POST', '/api/leasing/schedule/preview/', { plan_id: await planId(), price: 1_200_000_000, down_payment: 10_000_000, months: 36 });
    expect(low.json()).toEqual({ down_payment: ['پیش‌پرداخت کمتر از حداقل طرح است.'] });
    const { id } = await register();
    expect(await order(id)).toMatchObject({ state: 'registered', monthly: schedule.monthly, total: schedule.total, version: 1 });
  });

  it('offers every action with why, executes by id through the table, refuses the rest', async () => {
    const { id } = await register();
    await execute(id, 'request_documents', 1);
    const offered = (await call('GET', `/api/leasing/orders/${id}/actions/`)).json().results as { id: string; available: boolean; reason: string }[];
    expect(offered.map((a) => a.id)).toEqual(LEASING_ORDER_WORKFLOW.actionList);
    expect(offered.find((a) => a.id === 'send_to_provider')).toMatchObject({ available: false, reason: 'هنوز مدرکی برای این سفارش بارگذاری نشده است.' });
    expect(offered.find((a) => a.id === 'approve')!.reason).toContain('در وضعیت «در انتظار مدارک» است');
    expect((await execute(id, 'send_to_provider', 2)).json()).toEqual({ message: 'هنوز مدرکی برای این سفارش بارگذاری نشده است.' });
    await attachFile(id);
    expect((await execute(id, 'send_to_provider', 1)).statusCode).toBe(409); // stale
    expect((await execute(id, 'send_to_provider', 2)).json().data).toMatchObject({ state: 'provider_review', version: 3 });
    expect((await execute(id, 'reject', 3)).json()).toEqual({ reject_reason: ['دلیل رد را انتخاب کنید.'] });
    expect((await call('POST', `/api/leasing/orders/${id}/reject/`, { version: 3, reject_reason: 'credit' })).json().data).toMatchObject({ state: 'rejected' });
    expect((await call('POST', `/api/leasing/orders/${id}/resume/`, { version: 4 })).json().data).toMatchObject({ state: 'registered', version: 5 });
    expect(await order(id)).toMatchObject({ reject_reason: null });
    const history = (await call('GET', `/api/leasing/orders/${id}/history/`)).json().results;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['resume', 'reject', 'send_to_provider', 'file', 'request_documents', 'register']);
    expect(history[1].reason).toBe('اعتبارسنجی مشتری تأیید نشد');
  });

  it('delivery opens a claim whose instalments sum to its total; a delivered order refuses every action', async () => {
    const claimId = await delivered();
    const c = await claim(claimId);
    expect(c.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(c.total);
    expect(c).toMatchObject({ state: 'current', paid: 0, balance: c.total });
    const [{ id }] = (await gateway.deps.db.query<{ id: number }>('SELECT order_id AS id FROM leasing_claims WHERE id = $1', [claimId])) as [{ id: number }];
    for (const action of LEASING_ORDER_WORKFLOW.actionList) expect((await execute(id, action, 6, { reject_reason: 'credit' })).statusCode).toBe(409);
  });

  it('bulk: each row on its own, refused rows say why, a retry never applies a row twice', async () => {
    const a = await register();
    const b = await register();
    const c = await register();
    await execute(c.id, 'request_documents', 1);
    const request_id = randomUUID();
    const first = (await call('POST', '/api/leasing/orders/bulk-update/', { request_id, action: 'request_documents', ids: [a.id, b.id, c.id, 999_999] })).json().data;
    expect(first).toMatchObject({ succeeded: 2, refused: 2 });
    expect(first.results[2]).toMatchObject({ id: c.id, ok: false });
    expect(first.results[2].message).toContain('در وضعیت «در انتظار مدارک» است');
    expect(first.results[3]).toMatchObject({ ok: false, message: 'سفارش لیزینگ یافت نشد' });
    const again = (await call('POST', '/api/leasing/orders/bulk-update/', { request_id, action: 'request_documents', ids: [a.id, b.id] })).json().data;
    expect(again).toMatchObject({ succeeded: 2, refused: 0 });
    expect((await order(a.id)).version).toBe(2);
    const logged = await gateway.deps.db.query(`SELECT 1 FROM action_log WHERE entity = 'leasing_order' AND entity_id = $1 AND action = 'request_documents'`, [a.id]);
    expect(logged).toHaveLength(1);
  });

  once('a payment is allocated oldest first and stored; an overpayment is refused in Persian', async () => {
    const id = await delivered();
    const before = await claim(id);
    const first = before.instalments[0].amount;
    const paid = await pay(id, first + 1000);
    expect(paid.json().data).toMatchObject({ balance: before.total - first - 1000, state: 'current' });
    const after = await claim(id);
    expect(after.payments[0].allocations).toEqual([
      { instalment_id: after.instalments[0].id, seq: 1, amount: first },
      { instalment_id: after.instalments[1].id, seq: 2, amount: 1000 },
    ]);
    const over = await pay(id, after.balance + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/^مبلغ پرداخت از مانده بدهی \(.+ تومان\) بیشتر است\.$/);
    const settled = await pay(id, after.balance);
    expect(settled.json().data).toMatchObject({ state: 'settled', balance: 0 });
  });

  once('keeps each claim\'s next due day on the claim, and the list\'s overdue filter reads it', async () => {
    const id = await delivered();
    const fresh = await claim(id);
    expect(fresh.next_due_date).toBe(fresh.instalments[0].due_date);
    await pay(id, fresh.instalments[0].amount);
    expect((await claim(id)).next_due_date).toBe(fresh.instalments[1].due_date);
    const listed = async (overdue: boolean) => ((await call('GET', `/api/leasing/claims/?overdue=${overdue}&search=${fresh.order_code}`)).json().results as { id: number }[]).map((c) => c.id);
    expect(await listed(false)).toEqual([id]);
    expect(await listed(true)).toEqual([]);
    // Its earliest unpaid instalment fell due yesterday: overdue now, by the trigger alone.
    const yesterday = addDays(tehranDateKey(new Date()), -1);
    await gateway.deps.db.query('UPDATE leasing_instalments SET due_date = $2 WHERE claim_id = $1 AND seq = 2', [id, yesterday]);
    expect((await claim(id)).next_due_date).toBe(yesterday);
    expect(await listed(true)).toEqual([id]);
    expect(await listed(false)).toEqual([]);
  });

  it('concurrent payments on one claim never double-count', async () => {
    const id = await delivered();
    const { total } = await claim(id);
    // Four parts fit the balance, a fifth does not.
    const part = Math.floor((total - 10_000) / 4);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(id, part)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const [sums] = await gateway.deps.db.query<{ paid: number; payments: number; allocated: number; instalments: number }>(
      `SELECT c.paid, (SELECT sum(amount) FROM leasing_payments WHERE claim_id = c.id) AS payments,
              (SELECT sum(a.amount) FROM leasing_payment_allocations a JOIN leasing_payments p ON p.id = a.payment_id WHERE p.claim_id = c.id) AS allocated,
              (SELECT sum(paid) FROM leasing_instalments WHERE claim_id = c.id) AS instalments
         FROM leasing_claims c WHERE c.id = $1`,
      [id],
    );
    expect(sums).toEqual({ paid: part * 4, payments: part * 4, allocated: part * 4, instalments: part * 4 });
    // The same request twice records one payment.
    const request = randomUUID();
    await Promise.all([pay(id, 1000, request), pay(id, 1000, request)]);
    expect((await claim(id)).paid).toBe(part * 4 + 1000);
  });

  once('the database refuses sums that do not add up, whatever the code does', async () => {
    const id = await delivered();
    const db = gateway.deps.db;
    /** Statements in one transaction, refused by a check at once or by a constraint trigger at commit. */
    const refused = (...statements: [string, unknown[]][]) =>
      expect(db.transaction(async (tx) => { for (const [text, params] of statements) await tx.query(text, params); })).rejects.toThrow();
    await refused(['UPDATE leasing_instalments SET amount = amount + 1 WHERE claim_id = $1 AND seq = 1', [id]]);
    await refused([`INSERT INTO leasing_payments (claim_id, request_id, amount, paid_on, receipt, created_by) VALUES ($1, $2, 5000, '2026-11-25', 'x', 't')`, [id, randomUUID()]]);
    await refused(['UPDATE leasing_instalments SET paid = amount + 1 WHERE claim_id = $1 AND seq = 1', [id]]);
    await refused(['UPDATE leasing_claims SET paid = total + 1 WHERE id = $1', [id]]);
    await refused(['UPDATE leasing_claims SET paid = 1000 WHERE id = $1', [id]]);
    await pay(id, 5000);
    await refused(['UPDATE leasing_payment_allocations SET amount = 1', []]);
    await refused(['DELETE FROM leasing_payments WHERE claim_id = $1', [id]]);
    const c = await claim(id);
    expect(c.paid).toBe(5000);
    expect(c.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(c.total);
  });

  once('schedule changes: a preview writes nothing, a confirm writes and keeps the total', async () => {
    const id = await delivered();
    const c = await claim(id);
    const [first, second] = c.instalments;
    const postpone = { kind: 'postpone', instalment_id: first.id, due_date: '2099-01-01', reason: 'درخواست مشتری' };
    const tooFar = (await call('POST', `/api/leasing/claims/${id}/schedule-change/`, { version: c.version, change: { ...postpone, due_date: '2000-01-01' } })).json();
    expect(tooFar).toEqual({ due_date: ['تاریخ جدید باید بعد از سررسید فعلی قسط باشد.'] });
    const amount = { kind: 'amount', instalment_id: second.id, amount: second.amount + 5_000_000 };
    const preview = (await call('POST', `/api/leasing/claims/${id}/schedule-change/`, { version: c.version, change: amount })).json().data;
    expect(preview).toMatchObject({ written: false, version: c.version });
    expect(preview.after[1].amount).toBe(second.amount + 5_000_000);
    expect(preview.after.at(-1).amount).toBe(c.instalments.at(-1).amount - 5_000_000);
    expect((await claim(id)).instalments).toEqual(c.instalments);
    const done = (await call('POST', `/api/leasing/claims/${id}/schedule-change/`, { version: c.version, change: amount, confirm: true })).json().data;
    expect(done).toMatchObject({ written: true, version: c.version + 1 });
    const stale = await call('POST', `/api/leasing/claims/${id}/schedule-change/`, { version: c.version, change: amount, confirm: true });
    expect(stale.statusCode).toBe(409);
    const after = await claim(id);
    expect(after.instalments.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(c.total);
    const noReason = await call('POST', `/api/leasing/claims/${id}/schedule-change/`, { version: after.version, change: { ...postpone, reason: '' } });
    expect(noReason.json()).toEqual({ change: ['دلیل تعویق را بنویسید.'] });
  });

  it('claim states through the table; file execute needs a reason; notes with categories', async () => {
    const id = await delivered();
    const state = (version: number, action: string, extra = {}) => call('POST', `/api/leasing/claims/${id}/update-state/`, { version, action, ...extra });
    expect((await state(1, 'back_to_current')).statusCode).toBe(409);
    expect((await state(1, 'start_followup', { step: 'call' })).json().data).toMatchObject({ state: 'followup', version: 2 });
    expect((await state(2, 'file_execute')).json()).toEqual({ reason: ['دلیل را بنویسید.'] });
    expect((await state(2, 'file_execute', { reason: 'قول پرداخت شکسته شد' })).json().data).toMatchObject({ state: 'legal' });
    expect((await call('POST', `/api/leasing/claims/${id}/notes/`, { category: 'promise', text: 'قول پرداخت تا پنجشنبه' })).statusCode).toBe(201);
    const c = await claim(id);
    expect(c).toMatchObject({ state: 'legal', step: 'call', notes: [{ category: 'promise', text: 'قول پرداخت تا پنجشنبه' }] });
    const list = (await call('GET', `/api/leasing/claims/?state=legal`)).json();
    expect(list).toMatchObject({ page: 1, pageSize: 10 });
    expect(list.results.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('promises to pay are kept or broken by themselves once their day has passed; broken goes to the notice step', async () => {
    const keptId = await delivered();
    const brokenId = await delivered();
    const tomorrow = addDays(tehranDateKey(new Date()), 1);
    const promise = (id: number, promised_on: string) => call('POST', `/api/leasing/claims/${id}/promises/`, { promised_on, amount: 2_000_000 });
    expect((await promise(keptId, '2000-01-01')).json()).toEqual({ promised_on: ['روز قول پرداخت نباید گذشته باشد.'] });
    expect((await promise(keptId, tomorrow)).statusCode).toBe(201);
    expect((await promise(brokenId, tomorrow)).statusCode).toBe(201);
    await pay(keptId, 2_000_000);
    await resolvePromises(gateway.deps.db, tomorrow);
    expect((await claim(keptId)).promises[0].state).toBe('pending');
    await resolvePromises(gateway.deps.db, addDays(tomorrow, 1));
    expect(await claim(keptId)).toMatchObject({ state: 'current', step: null, promises: [{ state: 'kept' }] });
    expect(await claim(brokenId)).toMatchObject({ state: 'followup', step: 'notice', promises: [{ state: 'broken' }] });
    const history = (await call('GET', `/api/leasing/claims/${brokenId}/history/`)).json().results;
    expect(history[0]).toMatchObject({ action: 'promise_broken', actor_username: 'system' });
  });

  it('a claim offers each action with why it is or is not available, and decides on the same offer', async () => {
    const id = await delivered();
    const offer = async () => (await call('GET', `/api/leasing/claims/${id}/actions/`)).json().results as { id: string; available: boolean; reason: string; reason_required: boolean; confirm: string | null }[];
    const byId = (actions: Awaited<ReturnType<typeof offer>>) => Object.fromEntries(actions.map((a) => [a.id, a]));
    const first = await offer();
    expect(first.map((a) => a.id)).toEqual(['pay', 'start_followup', 'back_to_current', 'file_execute', 'promise', 'change_schedule']);
    const code = (await claim(id)).order_code as string;
    expect(byId(first)).toMatchObject({
      pay: { available: true, reason: '' },
      start_followup: { available: true, reason: '' },
      back_to_current: { available: false, reason: `مطالبه ${toPersianDigits(code)} در وضعیت «جاری» است و «بازگشت به جاری» برای آن ممکن نیست.` },
      file_execute: { available: true, reason_required: true, confirm: 'پرونده این مطالبه به اجرا فرستاده شود؟' },
    });
    // The refusal of a move is the offer's reason, word for word.
    const refused = await call('POST', `/api/leasing/claims/${id}/update-state/`, { version: 1, action: 'back_to_current' });
    expect(refused.statusCode).toBe(409);
    expect(JSON.stringify(refused.json())).toContain(byId(first).back_to_current!.reason);
    // Paid in full: nothing to pay, and the moves say the claim is settled.
    expect((await pay(id, (await claim(id)).balance)).statusCode).toBe(200);
    const settled = byId(await offer());
    for (const nothingLeft of [settled.pay, settled.promise, settled.change_schedule]) expect(nothingLeft).toMatchObject({ available: false, reason: 'این مطالبه تسویه شده است.' });
    expect(settled.start_followup).toMatchObject({ available: false, reason: expect.stringContaining('«تسویه‌شده»') });
    const again = await pay(id, 1000);
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify(again.json())).toContain('این مطالبه تسویه شده است.');
    const promised = await call('POST', `/api/leasing/claims/${id}/promises/`, { promised_on: addDays(tehranDateKey(new Date()), 1), amount: 1000 });
    expect(promised.statusCode).toBe(409);
    expect(JSON.stringify(promised.json())).toContain(settled.promise!.reason);
    expect((await call('GET', '/api/leasing/claims/999999/actions/')).statusCode).toBe(404);
  });

  once('the history says what a schedule change moved (old and new) and which promise an entry is about; payments name their recorder', async () => {
    await gateway.deps.db.query(`INSERT INTO users (username, password_hash, first_name, last_name) VALUES ('sara', 'x', 'سارا', 'احمدی') ON CONFLICT (username) DO NOTHING`);
    const id = await delivered();
    const c = await claim(id);
    const [first, second] = c.instalments;
    const change = (body: object) => call('POST', `/api/leasing/claims/${id}/schedule-change/`, { ...body, confirm: true });
    const postponed = addDays(first.due_date, 10);
    expect((await change({ version: c.version, change: { kind: 'postpone', instalment_id: first.id, due_date: postponed, reason: 'حقوق دیر رسید' } })).statusCode).toBe(200);
    expect((await change({ version: c.version + 1, change: { kind: 'amount', instalment_id: second.id, amount: second.amount + 1_000_000 } })).statusCode).toBe(200);
    const tomorrow = addDays(tehranDateKey(new Date()), 1);
    expect((await call('POST', `/api/leasing/claims/${id}/promises/`, { promised_on: tomorrow, amount: 2_000_000 })).statusCode).toBe(201);
    await pay(id, 3_000_000);
    // A payment by an account the users table does not know keeps its username.
    await gateway.deps.db.transaction(async (tx) => {
      const [payment] = await tx.query<{ id: number }>(`INSERT INTO leasing_payments (claim_id, request_id, amount, paid_on, receipt, created_by) VALUES ($1, $2, 1000, '2026-11-25', 'x', 'ghost') RETURNING id`, [id, randomUUID()]);
      const [instalment] = await tx.query<{ id: number }>(`SELECT id FROM leasing_instalments WHERE claim_id = $1 AND paid < amount ORDER BY seq LIMIT 1`, [id]);
      await tx.query(`INSERT INTO leasing_payment_allocations (payment_id, instalment_id, amount) VALUES ($1, $2, 1000)`, [payment!.id, instalment!.id]);
    });

    const history = (await call('GET', `/api/leasing/claims/${id}/history/`)).json().results as { action: string; reason: string; changes: unknown[]; promise: unknown }[];
    const entry = (action: string) => history.find((h) => h.action === action)!;
    expect(entry('postpone').changes).toHaveLength(c.instalments.length);
    expect(entry('postpone').changes[0]).toEqual({ seq: 1, due_before: first.due_date, due_after: postponed, amount_before: first.amount, amount_after: first.amount });
    expect(entry('change_amount').changes).toEqual([
      { seq: 2, due_before: addDays(second.due_date, 10), due_after: addDays(second.due_date, 10), amount_before: second.amount, amount_after: second.amount + 1_000_000 },
      expect.objectContaining({ seq: c.instalments.length, amount_after: c.instalments.at(-1).amount - 1_000_000 }),
    ]);
    expect(entry('promise')).toMatchObject({ promise: { promised_on: tomorrow, amount: 2_000_000 }, changes: [] });
    // The log's own text names the day in Jalali, never as a day key.
    expect(entry('promise').reason).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(entry('promise').reason).toContain('۲٬۰۰۰٬۰۰۰');
    expect(entry('payment')).toMatchObject({ changes: [], promise: null });
    const payments = (await claim(id)).payments as { created_by: string; created_by_name: string }[];
    expect(payments.map((p) => [p.created_by, p.created_by_name])).toEqual([['ghost', 'ghost'], ['sara', 'سارا احمدی']]);
  });

  once('payment plans: §9 defaults, search by brand, matching edited within the vehicle type', async () => {
    const plans = (await call('GET', '/api/payments/matching-plans/')).json().results;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p: { vehicle_type: string; is_active: boolean }) => p.vehicle_type === 'light_car' && p.is_active)).toBe(true);
    const peugeot = (await call('GET', `/api/payments/matching-plans/?search=${encodeURIComponent('پژو')}`)).json().results;
    expect(peugeot.length).toBeGreaterThan(0);
    const plan = plans[0];
    const [light, moto] = await Promise.all([
      gateway.deps.db.query<{ id: number }>(`SELECT id FROM car_models WHERE vehicle_type = 'light_car' ORDER BY id LIMIT 2`),
      gateway.deps.db.query<{ id: number }>(`SELECT id FROM car_models WHERE vehicle_type = 'motorcycle' LIMIT 1`),
    ]);
    if (moto[0]) expect((await call('PUT', `/api/payments/plans/${plan.id}/matching/`, { model_ids: [moto[0].id] })).json()).toEqual({ model_ids: ['نوع یکی از خودروهای انتخاب‌شده با نوع طرح یکی نیست.'] });
    const saved = (await call('PUT', `/api/payments/plans/${plan.id}/matching/`, { model_ids: light.map((m) => m.id) })).json().data;
    expect(saved.models.map((m: { id: number }) => m.id).sort()).toEqual(light.map((m) => m.id).sort());
    expect(nationalIdOf(7)).toMatch(/^\d{10}$/);
  });
});

describe.each(SINGLE_DRIVER)('the leasing demo seed on $name', ({ usePostgres }) => {
  it('passes every check of the database and shows claims in each shape', async () => {
    const gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    try {
      const [counts] = await gateway.deps.db.query<{ orders: number; claims: number; payments: number; settled_ok: boolean }>(
        `SELECT (SELECT count(*) FROM leasing_orders) AS orders, (SELECT count(*) FROM leasing_claims) AS claims, (SELECT count(*) FROM leasing_payments) AS payments,
                (SELECT bool_and(c.paid = (SELECT sum(paid) FROM leasing_instalments i WHERE i.claim_id = c.id)) FROM leasing_claims c) AS settled_ok`,
      );
      expect(counts).toMatchObject({ orders: 15, settled_ok: true });
      expect(counts!.claims).toBeGreaterThan(2);
      expect(counts!.payments).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  }, 180_000);
});
