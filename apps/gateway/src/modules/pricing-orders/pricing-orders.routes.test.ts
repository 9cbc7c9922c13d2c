import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import {
  EstimatorBandSchema,
  PRICING_WORKFLOW,
  PricingExpertsSchema,
  PricingOrderPageSchema,
  PricingStatusCountsSchema,
  type PricingAction,
  type PricingStatus,
} from '@panel/contracts/pricing-orders';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('pricing orders on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let expert: string;
  let other: string;
  let staffOnly: string;
  let serial = 0;
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  interface Row {
    usage?: number;
    city?: number;
    created?: string;
    estimated?: string;
    customer?: string;
    /** The catalogue's last model instead of its first. */
    otherModel?: boolean;
  }
  const insert = async (status: PricingStatus, by: string | null = null, year = 1398, row: Row = {}) => {
    serial += 1;
    const [inserted] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO pricing_orders (code, status, model_id, brand_model, year, usage, city_id, customer_name, phone_number, expert_username, expert_name,
         estimate_min, estimate_max, estimated_at, created_at)
       VALUES ($1, $2, (SELECT ${row.otherModel ? 'max' : 'min'}(id) FROM car_models), 'ایران‌خودرو سمند LX', $3, $8, $9, $10, '09121234567', $4, $4, $5, $6, $7, $11) RETURNING id`,
      [
        String(800000 + serial),
        status,
        year,
        by,
        status === 'DO' ? 600_000_000 : null,
        status === 'DO' ? 640_000_000 : null,
        status === 'DO' ? (row.estimated ?? new Date().toISOString()) : null,
        row.usage ?? 90000,
        row.city ?? 1,
        row.customer ?? 'علی رضایی',
        row.created ?? new Date().toISOString(),
      ],
    );
    return inserted!.id;
  };
  const path: Record<PricingAction, string> = { take: 'take', release: 'release', estimate: 'estimate' };
  const act = (action: PricingAction, id: number, version: number, token = expert) =>
    call('POST', `/api/price-estimator/orders/${id}/${path[action]}/`, token, { version, estimate_min: '۶۲۰٬۰۰۰٬۰۰۰', estimate_max: '660,000,000', note: 'بر اساس بازار' });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    expert = await gateway.deps.tokens.signAccess({ id: 1, username: 'hamid', first_name: 'حمید', last_name: 'صادقی' }, [ROLES.priceExpert, ROLES.staff]);
    other = await gateway.deps.tokens.signAccess({ id: 2, username: 'neda', first_name: 'ندا', last_name: 'قاسمی' }, [ROLES.priceExpert, ROLES.staff]);
    staffOnly = await gateway.deps.tokens.signAccess({ id: 3, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
  });
  afterAll(() => gateway.close());

  it('walks the table: take, release, take, estimate; refused moves are the Persian 409', async () => {
    const id = await insert('PE');
    expect((await act('take', id, 1)).json().data).toMatchObject({ status: 'IP', version: 2 });
    expect((await act('release', id, 2)).json().data).toMatchObject({ status: 'PE', version: 3 });
    expect((await act('take', id, 3)).json().data).toMatchObject({ status: 'IP' });
    const done = await act('estimate', id, 4);
    expect(done.json().data).toMatchObject({ status: 'DO', version: 5, message: 'قیمت ثبت شد.' });
    const order = (await call('GET', `/api/price-estimator/orders/${id}/`, expert)).json();
    expect(order).toMatchObject({ estimate_min: 620_000_000, estimate_max: 660_000_000, expert_name: 'حمید صادقی', expert_note: 'بر اساس بازار' });
    for (const action of PRICING_WORKFLOW.actionList) {
      const refused = await act(action, id, 5);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('در وضعیت «قیمت‌گذاری شده» است');
    }
    expect((await call('GET', `/api/price-estimator/orders/${id}/history/`, expert)).json().results.map((e: { action: string }) => e.action)).toEqual(['estimate', 'take', 'release', 'take']);
  });

  it('two experts take one order at once: one wins; only the one who took it prices it; a bad band is refused', async () => {
    const id = await insert('PE');
    const answers = await Promise.all([act('take', id, 1, expert), act('take', id, 1, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? expert : other;
    const loser = winner === expert ? other : expert;
    const notYours = await act('estimate', id, 2, loser);
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json()).toEqual({ message: 'این سفارش را کارشناس دیگری برداشته است.' });
    const bad = await call('POST', `/api/price-estimator/orders/${id}/estimate/`, winner, { version: 2, estimate_min: 700_000_000, estimate_max: 600_000_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ estimate_max: ['کمترین قیمت نباید از بیشترین قیمت بیشتر باشد.'] });
    expect((await act('take', id, 2, staffOnly)).statusCode).toBe(403);
  });

  once('lists pending first by default, and the estimator proposes a band from the last prices with its explanation', async () => {
    const few = await insert('PE', null, 1390);
    const none = EstimatorBandSchema.parse((await call('GET', `/api/price-estimator/orders/${few}/estimate/`, staffOnly)).json().data);
    expect(none.low).toBeNull();
    expect(none.explanation).toContain('کمتر از ۳ قیمت اخیر');
    for (let n = 0; n < 3; n += 1) await insert('DO', 'hamid', 1390);
    const band = EstimatorBandSchema.parse((await call('GET', `/api/price-estimator/orders/${few}/estimate/`, staffOnly)).json().data);
    expect(band).toMatchObject({ low: 620_000_000, high: 620_000_000, median: 620_000_000 });
    expect(band.explanation).toContain('از ۳ قیمت اخیر ایران‌خودرو سمند LX مدل ۱۳۹۰');
    const page = PricingOrderPageSchema.parse((await call('GET', '/api/price-estimator/orders/', staffOnly)).json());
    expect(page.results.every((o) => o.status === 'PE')).toBe(true);
  });

  once('filters, sorts and counts the tabs in SQL; "mine" is the token’s expert, never one the request names', async () => {
    const customer = 'مشتری فهرست';
    const at = (tehran: string) => new Date(tehran).toISOString();
    const a = await insert('PE', null, 1395, { customer, city: 1, usage: 50_000, created: at('2025-03-01T10:00:00+03:30') });
    const b = await insert('PE', null, 1399, { customer, city: 2, usage: 10_000, created: at('2025-03-02T23:50:00+03:30') });
    // UTC's 2 March, Tehran's 3 March: the day filters are Tehran days.
    const c = await insert('PE', null, 1398, { customer, city: 1, usage: 90_000, created: at('2025-03-03T00:10:00+03:30'), otherModel: true });
    const d = await insert('IP', 'hamid', 1398, { customer, city: 1 });
    const e = await insert('IP', 'neda', 1398, { customer, city: 2 });
    const f = await insert('DO', 'hamid', 1398, { customer, city: 1, estimated: at('2025-03-05T10:00:00+03:30') });
    const g = await insert('DO', 'hamid', 1398, { customer, city: 1, estimated: at('2025-03-06T10:00:00+03:30') });
    const ids = async (query: string, token = staffOnly) => {
      const answer = await call('GET', `/api/price-estimator/orders/?search=${encodeURIComponent(customer)}&${query}`, token);
      expect(answer.statusCode).toBe(200);
      return PricingOrderPageSchema.parse(answer.json()).results.map((o) => o.id);
    };
    const counts = async (query: string, token = staffOnly) =>
      Object.fromEntries(
        PricingStatusCountsSchema.parse((await call('GET', `/api/price-estimator/orders/counts/?search=${encodeURIComponent(customer)}&${query}`, token)).json().results).map((t) => [t.status, t.count]),
      );

    // Each tab in its own order: waiting oldest first, priced latest priced first.
    expect(await ids('')).toEqual([a, b, c]);
    expect(await ids('status=DO')).toEqual([g, f]);
    expect(await counts('')).toEqual({ PE: 3, IP: 2, DO: 2 });
    expect(await ids('cities=1')).toEqual([a, c]);
    expect(await counts('cities=۱')).toEqual({ PE: 2, IP: 1, DO: 2 });
    expect(await ids('cities=1,2&from=2025-03-02&to=2025-03-02')).toEqual([b]);
    expect(await ids('from=2025-03-03')).toEqual([c]);
    const other = (await gateway.deps.db.query<{ id: number }>('SELECT max(id) AS id FROM car_models'))[0]!.id;
    expect(await ids(`model=${other}`)).toEqual([c]);
    expect(await ids('sort=usage&isAscending=false')).toEqual([c, a, b]);
    expect(await ids('sort=year')).toEqual([a, c, b]);
    expect(await ids('status=DO&sort=estimated_at&isAscending=true')).toEqual([f, g]);
    expect(await ids('status=IP&expert=neda')).toEqual([e]);
    expect(await counts('mine=true', expert)).toEqual({ PE: 0, IP: 1, DO: 2 });
    expect(await ids('status=IP&mine=true', expert)).toEqual([d]);
    expect(await counts('mine=true&username=hamid', staffOnly)).toEqual({ PE: 0, IP: 0, DO: 0 });

    const refused = await call('GET', '/api/price-estimator/orders/?sort=phone_number', staffOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ sort: ['ترتیب نامعتبر است'] });
  });

  once('names in the expert filter the active price experts and whoever has an order', async () => {
    for (const [username, roles, active] of [
      ['hamid', [ROLES.staff], true],
      ['pe.one', [ROLES.staff, ROLES.priceExpert], true],
      ['pe.gone', [ROLES.priceExpert], false],
      ['sara', [ROLES.staff], true],
    ] as const) {
      await gateway.deps.db.query(
        `INSERT INTO users (username, password_hash, first_name, last_name, roles, is_active) VALUES ($1, 'x', $2, 'آزمون', $3, $4) ON CONFLICT (username) DO NOTHING`,
        [username, username === 'hamid' ? 'حمید' : 'کاربر', [...roles], active],
      );
    }
    const experts = PricingExpertsSchema.parse((await call('GET', '/api/price-estimator/experts/', staffOnly)).json().results);
    expect(experts.map((x) => x.username)).toEqual(expect.arrayContaining(['hamid', 'pe.one']));
    expect(experts.map((x) => x.username)).not.toContain('pe.gone');
    expect(experts.map((x) => x.username)).not.toContain('sara');
    expect(experts.find((x) => x.username === 'hamid')!.name).toBe('حمید آزمون');
  });
});
