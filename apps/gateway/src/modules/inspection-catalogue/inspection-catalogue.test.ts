import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, tehranDateKey } from '@panel/contracts/common';
import {
  CATALOGUE_MESSAGES,
  InspectionPackageSchema,
  LockedQuoteSchema,
  PackagePageSchema,
  PricingRatePageSchema,
  PricingRateSchema,
  QuoteSchema,
  RATE_MESSAGES,
  VehicleKindPageSchema,
  VehicleKindSchema,
  WhatIfSchema,
} from '@panel/contracts/inspection-catalogue';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const DAY_MS = 86_400_000;
const day = (offset: number) => tehranDateKey(new Date(Date.now() + offset * DAY_MS));
const ORDER = { customer_name: 'مریم کاظمی', phone_number: '09121234567', brand_model: 'پژو ۲۰۶', visit_place: 'تهران، ونک' };

describe.each(TEST_DRIVERS)('inspection catalogue on $name (decisions 099, 100)', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let supervisor: string;
  let staff: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = supervisor) =>
    gateway.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const packages = async () => InspectionPackageSchema.array().parse((await call('GET', '/api/inspection/packages/')).json().results);
  const packageId = async (name: string) => (await packages()).find((p) => p.name === name)!.id;
  const addRate = (rate: object) => call('POST', '/api/inspection/pricing-rates/', rate);
  const phoneRequest = async (cityId: number, pkg: string, visitDate?: string) => {
    const created = await call('POST', '/api/inspection/orders', { ...ORDER, city_id: cityId, package: pkg, visit_date: visitDate }, staff);
    expect(created.statusCode).toBe(201);
    const { pk } = created.json() as { pk: number };
    const order = (await call('GET', `/api/inspection/orders/${pk}`, undefined, staff)).json() as { price: number };
    return { pk, price: order.price };
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    supervisor = await gateway.deps.tokens.signAccess({ id: 1, username: 'boss', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff, ROLES.supervisor]);
    staff = await gateway.deps.tokens.signAccess({ id: 2, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
  });
  afterAll(() => gateway.close());

  once('holds today’s four packages and three vehicle kinds from the migration; the order form’s options follow the city', async () => {
    const all = await packages();
    expect(all.map((p) => [p.name, p.base_price])).toEqual([
      ['کارشناسی پایه', 650_000],
      ['کارشناسی استاندارد', 950_000],
      ['کارشناسی جامع', 1_450_000],
      ['کارشناسی فوری', 1_900_000],
    ]);
    const kinds = VehicleKindSchema.array().parse((await call('GET', '/api/inspection/vehicle-kinds/', undefined, staff)).json().results);
    expect(kinds.map((k) => [k.name, k.packages])).toEqual([['سواری', 4], ['شاسی‌بلند', 0], ['وانت', 0]]);
    const basic = all[0]!;
    const configured = await call('PATCH', `/api/inspection/packages/${basic.id}/config/`, { version: basic.version, city_ids: [1, 2], report_fields: ['body', 'engine'] });
    expect(configured.json().data).toMatchObject({ city_ids: [1, 2], report_fields: ['body', 'engine'], version: basic.version + 1 });
    const inMashhad = (await call('GET', '/api/inspection/packages/options/?city=3', undefined, staff)).json().results as { name: string }[];
    expect(inMashhad.map((p) => p.name)).not.toContain('کارشناسی پایه');
    const refused = await call('POST', '/api/inspection/orders', { ...ORDER, city_id: 3, package: 'کارشناسی پایه' }, staff);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ package: [CATALOGUE_MESSAGES.notSoldInCity] });
    const unknown = await call('POST', '/api/inspection/orders', { ...ORDER, city_id: 1, package: 'بسته ناموجود' }, staff);
    expect(unknown.json()).toEqual({ package: [CATALOGUE_MESSAGES.packageNotFound] });
    await call('PATCH', `/api/inspection/packages/${basic.id}/config/`, { version: basic.version + 1, city_ids: basic.city_ids, report_fields: basic.report_fields });
  });

  it('updates a package (a stale version is a Persian 409, a taken name a 400 beside the field); only a supervisor edits', async () => {
    const standard = (await packages()).find((p) => p.name === 'کارشناسی استاندارد')!;
    const { id, version, updated_at: _u, vehicle_kind: _k, ...fields } = standard;
    const edit = { ...fields, base_price: '۱٬۰۰۰٬۰۰۰', service_minutes: '۷۰', inspection_type: 'employed' };
    expect((await call('PUT', `/api/inspection/packages/${id}/`, { ...edit, version }, staff)).statusCode).toBe(403);
    const saved = await call('PUT', `/api/inspection/packages/${id}/`, { ...edit, version });
    expect(saved.json().data).toMatchObject({ base_price: 1_000_000, service_minutes: 70, inspection_type: 'employed', version: version + 1 });
    const stale = await call('PUT', `/api/inspection/packages/${id}/`, { ...edit, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CATALOGUE_MESSAGES.stale });
    const taken = await call('PUT', `/api/inspection/packages/${id}/`, { ...edit, name: 'کارشناسی جامع', version: version + 1 });
    expect(taken.json()).toEqual({ name: [CATALOGUE_MESSAGES.packageNameTaken] });
    // The new base price is what a new order there pays.
    expect((await phoneRequest(2, 'کارشناسی استاندارد')).price).toBe(1_000_000);
    await call('PUT', `/api/inspection/packages/${id}/`, { ...fields, version: version + 1 });
    const history = (await call('GET', `/api/inspection/packages/${id}/history/`)).json().results as { action: string }[];
    expect(history.map((e) => e.action)).toEqual(['update', 'update']);
  });

  it('keeps a vehicle kind active while active packages apply to it; adds a new kind', async () => {
    const kinds = VehicleKindSchema.array().parse((await call('GET', '/api/inspection/vehicle-kinds/')).json().results);
    const sedan = kinds.find((k) => k.name === 'سواری')!;
    const refused = await call('PUT', `/api/inspection/vehicle-kinds/${sedan.id}/`, { name: sedan.name, is_active: false, version: sedan.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CATALOGUE_MESSAGES.vehicleKindInUse });
    const added = await call('POST', '/api/inspection/vehicle-kinds/', { name: 'موتورسیکلت' });
    expect(added.statusCode).toBe(201);
    expect((await call('POST', '/api/inspection/vehicle-kinds/', { name: 'موتورسیکلت' })).json()).toEqual({ name: [CATALOGUE_MESSAGES.vehicleKindTaken] });
  });

  once('pages the packages and the vehicle kinds with their filters and sorts in SQL; a bad filter is a Persian 400', async () => {
    const page = async (url: string) => PackagePageSchema.parse((await call('GET', url, undefined, staff)).json());
    expect((await page('/api/inspection/packages/?type=employed')).results.map((r) => r.name)).toEqual(['کارشناسی جامع']);
    expect((await page('/api/inspection/packages/?search=فور')).results.map((r) => r.name)).toEqual(['کارشناسی فوری']);
    expect((await page('/api/inspection/packages/?sort=base_price&isAscending=false&pageSize=2')).results.map((r) => r.base_price)).toEqual([1_900_000, 1_450_000]);
    expect(await page('/api/inspection/packages/?sort=base_price&isAscending=false&pageSize=2&page=2')).toMatchObject({ count: 4, page: 2, results: [{ base_price: 950_000 }, { base_price: 650_000 }] });
    expect((await page('/api/inspection/packages/?onSale=false')).count).toBe(0);
    expect((await page('/api/inspection/packages/?city=1763&kind=1')).count).toBe(4);
    expect((await page('/api/inspection/packages/?kind=2')).count).toBe(0);
    const bad = await call('GET', '/api/inspection/packages/?sort=price', undefined, staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ sort: ['ترتیب نامعتبر است'] });
    const kinds = VehicleKindPageSchema.parse((await call('GET', '/api/inspection/vehicle-kinds/?search=وان', undefined, staff)).json());
    expect(kinds).toMatchObject({ count: 1, results: [{ name: 'وانت', packages: 0, is_active: true }] });
  });

  once('refuses overlapping rates of one key in the database, with the Persian 409; neighbouring days and other keys pass', async () => {
    const base = { condition: 'weather', city_id: 5, package_id: null, ratio: '۱٫۱' };
    const first = await addRate({ ...base, starts_on: day(100), ends_on: day(110) });
    expect(first.statusCode).toBe(201);
    const rate = PricingRateSchema.parse(first.json().data);
    expect(rate).toMatchObject({ ratio: 1.1, scope: 'city', city: 'تبریز', created_by: 'boss' });
    const overlap = await addRate({ ...base, starts_on: day(110), ends_on: day(120) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({ message: RATE_MESSAGES.overlap });
    expect((await addRate({ ...base, starts_on: day(111), ends_on: day(120) })).statusCode).toBe(201);
    expect((await addRate({ ...base, city_id: null, starts_on: day(100), ends_on: day(120) })).statusCode).toBe(201);
    expect((await addRate({ ...base, condition: 'traffic', starts_on: day(100), ends_on: day(120) })).statusCode).toBe(201);
    // Moving a rate onto its neighbour is refused the same way; a stale edit or delete is a 409 too.
    const moved = await call('PUT', `/api/inspection/pricing-rates/${rate.id}/`, { ...base, starts_on: day(105), ends_on: day(115), version: rate.version });
    expect(moved.json()).toEqual({ message: RATE_MESSAGES.overlap });
    expect((await call('DELETE', `/api/inspection/pricing-rates/${rate.id}/?version=9`)).json()).toEqual({ message: RATE_MESSAGES.stale });
    expect((await call('DELETE', `/api/inspection/pricing-rates/${rate.id}/?version=${rate.version}`, undefined, staff)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/inspection/pricing-rates/${rate.id}/?version=${rate.version}`)).json().data).toEqual({ id: rate.id, message: RATE_MESSAGES.deleted });
    const listed = PricingRatePageSchema.parse((await call('GET', `/api/inspection/pricing-rates/?city=5&day=${day(115)}`, undefined, staff)).json());
    expect(listed.results.map((r) => [r.condition, r.city_id])).toEqual(expect.arrayContaining([['weather', 5], ['weather', null], ['traffic', 5]]));
    expect((await addRate({ ...base, starts_on: day(10), ends_on: day(5) })).json()).toEqual({ ends_on: [RATE_MESSAGES.range] });
    expect((await addRate({ ...base, starts_on: day(1), ends_on: day(5), ratio: '۳٫۵' })).json()).toEqual({ ratio: [RATE_MESSAGES.ratio] });
  });

  it('two overlapping rates added at once: one is kept, the other refused', async () => {
    const rate = { condition: 'holiday', city_id: 6, package_id: null, ratio: 1.2 };
    const answers = await Promise.all([addRate({ ...rate, starts_on: day(200), ends_on: day(205) }), addRate({ ...rate, starts_on: day(203), ends_on: day(210) })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  once('a rate added for a city changes the price of a new order there; the quote’s breakdown is locked with the order', async () => {
    const before = await phoneRequest(4, 'کارشناسی جامع', day(30));
    expect(before.price).toBe(1_450_000);
    const jameh = await packageId('کارشناسی جامع');
    const all = await addRate({ condition: 'demand_peak', city_id: null, package_id: null, starts_on: day(29), ends_on: day(31), ratio: 1.1 });
    const isfahan = await addRate({ condition: 'demand_peak', city_id: 4, package_id: jameh, starts_on: day(30), ends_on: day(30), ratio: '1.25' });
    expect([all.statusCode, isfahan.statusCode]).toEqual([201, 201]);
    const after = await phoneRequest(4, 'کارشناسی جامع', day(30));
    // The most specific rate wins: city and package (1.25) over every city (1.1).
    expect(after.price).toBe(1_813_000);
    const [locked] = LockedQuoteSchema.array().parse((await call('GET', `/api/inspection/quotes/?entity=inspection&entity_id=${after.pk}`, undefined, staff)).json().results);
    expect(locked).toMatchObject({ base_price: 1_450_000, multiplier: 1.25, price: 1_813_000, created_by: 'sara' });
    expect(locked!.factors).toMatchObject([{ condition: 'demand_peak', ratio: 1.25, scope: 'city_package', rate_id: isfahan.json().data.id }]);
    expect(locked!.explanation).toBe('کارشناسی جامع ۱٬۴۵۰٬۰۰۰ تومان × اوج تقاضا ×۱٫۲۵ = ۱٬۸۱۳٬۰۰۰ تومان');
    // Staff choose holiday too: the factors stack (1.25 × 1.2 = 1.5); deleting the rate leaves the locked quote as it was.
    const repriced = await call('PATCH', `/api/inspection/orders/${after.pk}/price-calculation/`, { conditions: ['holiday'] }, staff);
    expect(repriced.json().data).toMatchObject({ price: 2_175_000 });
    const rate = PricingRateSchema.parse(isfahan.json().data);
    await call('DELETE', `/api/inspection/pricing-rates/${rate.id}/?version=${rate.version}`);
    const quotes = LockedQuoteSchema.array().parse((await call('GET', `/api/inspection/quotes/?entity=inspection&entity_id=${after.pk}`)).json().results);
    expect(quotes.map((q) => q.price)).toEqual([2_175_000, 1_813_000]);
    // The preview quotes by the rates in force now: every city's 1.1 is left.
    const preview = QuoteSchema.parse((await call('POST', '/api/inspection/quote/', { package: 'کارشناسی جامع', city_id: 4, day: day(30), conditions: [] }, staff)).json().data);
    expect(preview).toMatchObject({ price: 1_595_000, factors: [{ scope: 'all', ratio: 1.1 }] });
  });

  once('holds the combined multiplier in the cap and says so in the breakdown', async () => {
    const fast = await packageId('کارشناسی فوری');
    await addRate({ condition: 'immediate_inspection', city_id: 7, package_id: fast, starts_on: day(40), ends_on: day(40), ratio: 1.8 });
    const quoted = QuoteSchema.parse(
      (await call('POST', '/api/inspection/quote/', { package: 'کارشناسی فوری', city_id: 7, day: day(40), conditions: ['holiday'] }, staff)).json().data,
    );
    expect(quoted).toMatchObject({ raw_multiplier: 2.16, multiplier: 2, capped: true, price: 3_800_000 });
    expect(quoted.explanation).toContain('ضریب ترکیبی ۲٫۱۶ به ۲ محدود شد');
  });

  once('replays the last 30 days of orders under a draft rate before it goes live', async () => {
    await phoneRequest(12, 'کارشناسی پایه');
    await phoneRequest(12, 'کارشناسی پایه');
    const answer = await call('POST', '/api/inspection/pricing-rates/what-if/', { condition: 'promotion', city_id: 12, package_id: null, starts_on: day(50), ends_on: day(60), ratio: 0.8 }, staff);
    const what = WhatIfSchema.parse(answer.json().data);
    expect(what).toMatchObject({ days: 30, orders: 2, changed: 2, revenue_before: 1_300_000, revenue_after: 1_040_000, revenue_change: -260_000 });
    expect(what.explanation).toContain('کاهش');
    // Nothing was stored.
    expect(PricingRatePageSchema.parse((await call('GET', '/api/inspection/pricing-rates/?city=12&condition=promotion')).json()).count).toBe(0);
  });
});
