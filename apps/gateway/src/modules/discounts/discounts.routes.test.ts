import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CampaignSchema, CheckAnswerSchema, DISCOUNT_REFUSALS, DiscountDetailSchema, DiscountPageSchema, type DiscountRefusal } from '@panel/contracts/discounts';
import { startTestGateway } from '../../testing';
import { seedDiscounts } from './discounts.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000 + 12_600_000).toISOString().slice(0, 10);
const rules = (over: Record<string, unknown> = {}) => ({
  kind: 'percent',
  value: 20,
  max_discount: '۱۰۰٬۰۰۰',
  min_order: 0,
  valid_from: dayOffset(-1),
  valid_until: dayOffset(30),
  usage_limit: 100,
  per_user_limit: 1,
  services: ['inspection', 'leasing'],
  city_id: null,
  ...over,
});

describe.each(TEST_DRIVERS)('discounts on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let supervisor: string;
  let viewer: string;
  let serial = 0;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = staff) =>
    gateway.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }), headers: { authorization: `Bearer ${token}` } });
  const list = (query: Record<string, string> = {}, token = staff) => gateway.app.inject({ method: 'GET', url: '/api/discounts/', query, headers: { authorization: `Bearer ${token}` } });
  /** A new code with these rules; answers its id. */
  async function code(over: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
    const text = `T${usePostgres ? 'P' : 'G'}${String(++serial).padStart(5, '0')}`;
    const response = await call('POST', '/api/discounts/', { code: text, ...rules(over) });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().data.id, code: text };
  }
  const redeem = (text: string, over: Record<string, unknown> = {}) =>
    call('POST', '/api/discounts/redeem/', { code: text, phone: '09121234567', amount: 800_000, service: 'inspection', ...over });
  const detail = async (id: number) => DiscountDetailSchema.parse((await call('GET', `/api/discounts/${id}/`)).json());
  const step = (id: number, version: number, action: string, reason = '', token = staff) => call('POST', `/api/discounts/${id}/update-state/`, { version, action, reason }, token);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    supervisor = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
  }, 120_000);
  afterAll(() => gateway?.close());

  once('seeds a few hundred codes once, their used counts the count of their uses', async () => {
    await seedDiscounts(gateway.deps.db, 300);
    await seedDiscounts(gateway.deps.db, 300);
    const [counts] = await gateway.deps.db.query<{ codes: number; campaigns: number; mismatched: number; used: number }>(
      `SELECT (SELECT count(*)::int FROM discount_codes) AS codes, (SELECT count(*)::int FROM discount_campaigns) AS campaigns,
              (SELECT count(*)::int FROM discount_codes d WHERE d.used <> (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = d.id AND r.state = 'confirmed')) AS mismatched,
              (SELECT count(*)::int FROM discount_codes WHERE used > 0) AS used`,
    );
    expect(counts).toMatchObject({ codes: 300, campaigns: 4, mismatched: 0 });
    expect(counts!.used).toBeGreaterThan(50);
  });

  once('answers the upstream envelope, twenty to a page, filtered and sorted in SQL', async () => {
    const first = DiscountPageSchema.parse((await list()).json());
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.count).toBeGreaterThanOrEqual(300);
    const expired = DiscountPageSchema.parse((await list({ status: 'expired', pageSize: '100' })).json());
    expect(expired.count).toBeGreaterThan(0);
    expect(expired.results.every((r) => r.expired)).toBe(true);
    const percent = DiscountPageSchema.parse((await list({ kind: 'percent', sort: 'used', pageSize: '50' })).json());
    expect(percent.results.every((r) => r.kind === 'percent')).toBe(true);
    expect(percent.results.map((r) => r.used)).toEqual([...percent.results.map((r) => r.used)].sort((a, b) => b - a));
    const payiz = DiscountPageSchema.parse((await list({ search: 'payiz' })).json());
    expect(payiz.count).toBeGreaterThan(0);
    expect(payiz.results.every((r) => r.code.startsWith('PAYIZ') && r.campaign_name === 'جشنواره پاییز')).toBe(true);
    const onDay = DiscountPageSchema.parse((await list({ validFrom: dayOffset(0), validTo: dayOffset(0), pageSize: '100' })).json());
    expect(onDay.results.every((r) => Date.parse(r.valid_from) < Date.now() + 86_400_000 && Date.parse(r.valid_until) > Date.now() - 86_400_000)).toBe(true);
    expect((await list({ page: 'x' })).statusCode).toBe(400);
    expect((await list({ status: 'gone' })).json()).toMatchObject({ status: ['وضعیت نامعتبر است'] });
    expect((await list({}, viewer)).statusCode).toBe(403);
  });

  once('creates a code with its rules and refuses a taken code and bad rules in Persian', async () => {
    const { id, code: text } = await code();
    expect(await detail(id)).toMatchObject({ code: text, kind: 'percent', value: 20, max_discount: 100_000, state: 'active', used: 0, services: ['inspection', 'leasing'] });
    const again = await call('POST', '/api/discounts/', { code: text.toLowerCase(), ...rules() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: ['این کد تخفیف پیش‌تر ثبت شده است؛ کد دیگری بنویسید.'] });
    const bad = await call('POST', '/api/discounts/', { code: 'NEWCODE1', ...rules({ value: 120, valid_until: dayOffset(-5), services: [] }) });
    expect(bad.json()).toMatchObject({ value: ['درصد تخفیف باید از ۱ تا ۱۰۰ باشد.'], services: ['دست‌کم یک خدمت را انتخاب کنید.'] });
    expect((await call('POST', '/api/discounts/', { code: 'NEWCODE2', ...rules() }, viewer)).statusCode).toBe(403);
  });

  it('walks the state table with its roles, refuses every other move in Persian and a stale version', async () => {
    const { id, code: text } = await code();
    expect((await step(id, 0, 'pause', 'تا پایان بررسی')).json().data).toMatchObject({ state: 'paused', version: 1 });
    const refused = await step(id, 1, 'deactivate', 'x', supervisor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`کد تخفیف ${text} در وضعیت «متوقف» است و «غیرفعال‌سازی» برای آن ممکن نیست.`);
    expect((await step(id, 1, 'pause')).statusCode).toBe(409);
    expect((await step(id, 1, 'resume')).json().data).toMatchObject({ state: 'active', version: 2 });
    expect((await step(id, 2, 'resume')).statusCode).toBe(409);
    expect((await step(id, 1, 'pause')).json()).toEqual({ message: 'این کد تخفیف همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.' });
    expect((await step(id, 2, 'deactivate', 'سوءاستفاده')).statusCode).toBe(403);
    expect((await step(id, 2, 'deactivate', '', supervisor)).json()).toEqual({ reason: ['دلیل را بنویسید.'] });
    expect((await step(id, 2, 'deactivate', 'انتشار در شبکه‌های اجتماعی', supervisor)).json().data).toMatchObject({ state: 'deactivated' });
    for (const action of ['pause', 'resume', 'deactivate']) expect((await step(id, 3, action, 'x', supervisor)).statusCode).toBe(409);
    const history = (await call('GET', `/api/discounts/${id}/history/`)).json().results;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['deactivate', 'resume', 'pause', 'create']);
    expect(history[0]).toMatchObject({ from_state: 'active', to_state: 'deactivated', reason: 'انتشار در شبکه‌های اجتماعی', actor_username: 'reza' });
  });

  once('checks a code against an order and answers each reason of the declared set', async () => {
    const check = async (text: string, order: Record<string, unknown> = {}) =>
      CheckAnswerSchema.parse((await call('POST', '/api/discounts/check/', { code: text, amount: 800_000, service: 'inspection', ...order })).json().data);
    const reasonOf = async (text: string, order?: Record<string, unknown>) => (await check(text, order)).reason;
    const good = await code({ min_order: 500_000, city_id: 1, usage_limit: 2, per_user_limit: 1 });
    expect(await check(good.code, { city_id: 1 })).toMatchObject({ applies: true, reason: null, discount: 100_000, payable: 700_000, message: 'این کد تخفیف برای این سفارش معتبر است.' });
    expect(await check(good.code, { city_id: 1, amount: 300_000 })).toMatchObject({ applies: false, reason: 'min_amount', message: DISCOUNT_REFUSALS.min_amount, discount: 0 });
    const expected: [DiscountRefusal | null, string, Record<string, unknown>?][] = [
      ['unknown', 'NOPE0000'],
      ['wrong_city', good.code, { city_id: 3 }],
      ['wrong_service', good.code, { city_id: 1, service: 'affidavit' }],
      ['expired', (await code({ valid_from: dayOffset(-30), valid_until: dayOffset(-2) })).code],
      ['not_yet_valid', (await code({ valid_from: dayOffset(3), valid_until: dayOffset(10) })).code],
    ];
    for (const [reason, text, order] of expected) expect(await reasonOf(text, order)).toBe(reason);
    const later = await code({ valid_from: dayOffset(5), valid_until: dayOffset(9) });
    expect(await detail(later.id)).toMatchObject({ state: 'active', scheduled: true, expired: false });
    expect(await detail(good.id)).toMatchObject({ scheduled: false, expired: false });
    const paused = await code();
    await step(paused.id, 0, 'pause');
    expect(await reasonOf(paused.code)).toBe('paused');
    // The customer used it once (their limit); another customer still may, until the limit of two.
    expect((await redeem(good.code, { city_id: 1 })).statusCode).toBe(201);
    expect(await reasonOf(good.code, { city_id: 1, phone: '09121234567' })).toBe('per_user_limit');
    expect((await redeem(good.code, { city_id: 1 })).json()).toEqual({ message: DISCOUNT_REFUSALS.per_user_limit });
    expect((await redeem(good.code, { city_id: 1, phone: '09350000000' })).statusCode).toBe(201);
    expect(await reasonOf(good.code, { city_id: 1, phone: '09120000001' })).toBe('limit_reached');
    // An inspection order by its id: its price, city and customer.
    const [order] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price) VALUES ('${usePostgres ? '8811001' : '8811002'}', 'D', 'بهرام نیک‌نام', '09121110000', 1, 'پژو ۲۰۶', 'پایه', 900000) RETURNING pk`,
    );
    const other = await code({ kind: 'amount', value: 150_000, max_discount: null });
    expect(await check(other.code, { inspection_id: order!.pk, amount: '', service: '' })).toMatchObject({ applies: true, amount: 900_000, discount: 150_000, payable: 750_000 });
    expect((await call('POST', '/api/discounts/check/', { code: other.code })).json()).toMatchObject({ amount: ['شناسه سفارش یا مبلغ سفارش را وارد کنید.'] });
  });

  it('gives a single-use code to one of two uses at once, and exactly ten of two hundred to a code capped at ten', async () => {
    const single = await code({ usage_limit: 1 });
    const pair = await Promise.all([redeem(single.code, { phone: '09120000011' }), redeem(single.code, { phone: '09120000012' })]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(pair.find((r) => r.statusCode === 409)!.json()).toEqual({ message: DISCOUNT_REFUSALS.limit_reached });
    const capped = await code({ usage_limit: 10, per_user_limit: 1 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => redeem(capped.code, { phone: `0912${String(3_000_000 + n).padStart(7, '0')}` })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(190);
    expect(await detail(capped.id)).toMatchObject({ used: 10, reserved: 0 });
    const [uses] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM discount_redemptions WHERE code_id = $1`, [capped.id]);
    expect(uses!.n).toBe(10);
  }, 120_000);

  it('reserves a use, then confirms or releases it once', async () => {
    const limited = await code({ usage_limit: 2, per_user_limit: 2 });
    const first = (await redeem(limited.code, { hold: true })).json().data;
    const second = (await redeem(limited.code, { hold: true })).json().data;
    expect(second).toMatchObject({ state: 'reserved', reserved: 2, used: 0 });
    expect((await redeem(limited.code, { phone: '09129999999' })).statusCode).toBe(409);
    expect((await call('POST', `/api/discounts/redemptions/${first.id}/confirm/`)).json().data).toMatchObject({ state: 'confirmed', used: 1, reserved: 1 });
    expect((await call('POST', `/api/discounts/redemptions/${first.id}/release/`)).json()).toEqual({ message: 'این استفاده پیش‌تر قطعی یا آزاد شده است.' });
    expect((await call('POST', `/api/discounts/redemptions/${second.id}/release/`)).json().data).toMatchObject({ state: 'released', used: 1, reserved: 0 });
    expect((await redeem(limited.code, { phone: '09129999999' })).statusCode).toBe(201);
    expect(await detail(limited.id)).toMatchObject({ used: 2, reserved: 0 });
  });

  it('gives back the place of a reservation left unconfirmed past the payment window', async () => {
    const single = await code({ usage_limit: 1 });
    const held = (await redeem(single.code, { hold: true })).json().data;
    expect((await redeem(single.code, { phone: '09128888888' })).json()).toEqual({ message: DISCOUNT_REFUSALS.limit_reached });
    await gateway.deps.db.query(`UPDATE discount_redemptions SET created_at = now() - interval '31 minutes' WHERE id = $1`, [held.id]);
    expect((await redeem(single.code, { phone: '09128888888' })).json().data).toMatchObject({ state: 'confirmed', used: 1, reserved: 0 });
    expect((await call('POST', `/api/discounts/redemptions/${held.id}/confirm/`)).json()).toEqual({ message: 'این استفاده پیش‌تر قطعی یا آزاد شده است.' });
  });

  it('makes a campaign of unique codes at once, and a large one in the background with its progress', async () => {
    const small = await call('POST', '/api/discounts/campaigns/', { name: 'جشنواره زمستان', prefix: usePostgres ? 'ZP' : 'ZG', count: '۱۰۰', ...rules({ usage_limit: 1 }) });
    const made = CampaignSchema.parse(small.json().data);
    expect(made).toMatchObject({ total: 100, done: 100, state: 'done' });
    const codes: string[] = (await call('GET', `/api/discounts/campaigns/${made.id}/codes/`)).json().results;
    expect(new Set(codes).size).toBe(100);
    expect(codes.every((c) => /^Z[PG][ACDEFGHJKMNPQRTUVWXY34679]{8}$/.test(c))).toBe(true);
    expect(DiscountPageSchema.parse((await list({ campaign: String(made.id) })).json()).count).toBe(100);
    const large = CampaignSchema.parse((await call('POST', '/api/discounts/campaigns/', { name: 'کمپین بزرگ', prefix: 'BIG', count: 5000, ...rules() })).json().data);
    expect(large).toMatchObject({ total: 5000, state: 'running' });
    let seen = large;
    const progress: number[] = [];
    while (seen.state === 'running') {
      seen = CampaignSchema.parse((await call('GET', `/api/discounts/campaigns/${large.id}/`)).json());
      progress.push(seen.done);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toMatchObject({ done: 5000, state: 'done' });
    expect(progress.some((n) => n > 0 && n < 5000)).toBe(true);
    const [count] = await gateway.deps.db.query<{ n: number }>('SELECT count(DISTINCT code)::int AS n FROM discount_codes WHERE campaign_id = $1', [large.id]);
    expect(count!.n).toBe(5000);
    expect((await call('POST', '/api/discounts/campaigns/', { name: 'x', prefix: 'a', count: 200_000, ...rules() })).json()).toMatchObject({
      name: ['نام کمپین را بنویسید.'],
      prefix: ['پیشوند ۲ تا ۸ نویسه از حروف لاتین بزرگ و رقم است.'],
      count: ['تعداد کدها را از ۱ تا ۱۰۰٬۰۰۰ وارد کنید.'],
    });
  }, 120_000);

  once('turns an inspection order refund by discount code into a single-use code of its amount', async () => {
    const [order] = await gateway.deps.db.query<{ pk: number }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price) VALUES ('${usePostgres ? '8812001' : '8812002'}', 'D', 'نگار شمس', '09121110002', 1, 'پراید', 'پایه', 640000) RETURNING pk`,
    );
    await gateway.deps.db.query(`UPDATE inspections SET discount_code = 'RF00AA11BB' || $2 WHERE pk = $1`, [order!.pk, usePostgres ? 'P' : 'G']);
    const page = DiscountPageSchema.parse((await list({ search: 'RF00AA11BB' })).json());
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({ origin: 'refund', kind: 'amount', value: 640_000, usage_limit: 1, per_user_limit: 1, services: ['inspection'], inspection_id: order!.pk });
    expect((await detail(page.results[0]!.id)).order_code).toMatch(/^8812/);
  });
});
