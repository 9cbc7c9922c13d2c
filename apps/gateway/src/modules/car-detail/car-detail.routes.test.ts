import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, VIN_MESSAGE } from '@panel/contracts/common';
import { CAR_DETAIL_MESSAGES, CarHistorySchema, type CarHistory } from '@panel/contracts/car-detail';
import type { Queryable } from '../../db/db';
import { startTestGateway } from '../../testing';
import { CAR_DETAIL_DEMO_PLATES, CAR_DETAIL_DEMO_VINS, seedDemoCars } from './car-detail.seed';
import { SINGLE_DRIVER } from '../../test-drivers';

const PLATE = '91 ژ 807 ایران 33';
const OWNER_PHONE = '09127770001';
/** The VIN the sale's inspection order recorded (decision 136); the advert has none. */
const VIN = 'NAAN21CA3KK512874';

/**
 * One car the way the modules record it: an advert with the plate, a concierge sale of that
 * advert with a deal and its inspection, an inspection order for the sale with a ticket, an expert's ticket and
 * a QC review, a sale-team ticket on the advert, a price estimate from the owner's phone for the same
 * model and year, an affidavit of the sale, and a logged state change. Plus one record of another
 * car that must not appear.
 */
async function oneCar(db: Queryable) {
  const [model] = await db.query<{ id: number; name: string }>(`SELECT m.id, b.name_fa || ' ' || m.name_fa AS name FROM car_models m JOIN car_brands b ON b.id = m.brand_id ORDER BY m.id LIMIT 1`);
  const { id: modelId, name } = model!;
  const [post] = await db.query<{ id: number }>(
    `INSERT INTO car_posts (token, state, car_post_type, title, model_id, brand_model, year, usage, color, gearbox, document, body_status, city_id, price, owner_name, owner_phone_number, license_plate_code, created_at, submitted_at)
     VALUES ('cdpost001', 'published', 'concierge_sale', $1 || ' ۱۳۹۹', $2, $1, 1399, 85000, 'سفید', 'manual', 'سند تک برگ', 'بدون رنگ', 1, 650000000, 'نادر صالحی', $3, $4, '2026-01-10T08:00:00Z', '2026-01-10T08:00:00Z') RETURNING id`,
    [name, modelId, OWNER_PHONE, PLATE],
  );
  const [sale] = await db.query<{ id: number }>(
    `INSERT INTO concierge_sales (token, status, applicant_full_name, phone_number, city_id, car_model_id, car_brand_model, car_brand_model_year, usage, car_color, plan, car_post_token, supervisor_id, created_at)
     VALUES ('cs-cdsale01', 'in_deal', 'نادر صالحی', $1, 1, $2, $3, 1399, 86000, 'سفید صدفی', 'standard', 'cdpost001', (SELECT id FROM users ORDER BY id LIMIT 1), '2026-01-05T08:00:00Z') RETURNING id`,
    [OWNER_PHONE, modelId, name],
  );
  const saleId = sale!.id;
  await db.query(
    `INSERT INTO concierge_sale_deals (sale_id, city_id, buyer_name, buyer_phone_number, price, deal_date, sale_commission_percent, buy_commission_percent, sale_commission, buy_commission, product_commission, created_by, created_at)
     VALUES ($1, 1, 'کامران یزدی', '09127770002', 640000000, '2026-01-20', 1, 1, 6400000, 6400000, 12800000, 'staff', '2026-01-20T09:00:00Z')`,
    [saleId],
  );
  await db.query(`INSERT INTO concierge_sale_inspections (sale_id, token, state, created_at) VALUES ($1, 'insp-cd01', 'D', '2026-01-07T08:00:00Z')`, [saleId]);
  const [order] = await db.query<{ pk: number }>(
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, concierge_sale, vin, created_at) VALUES ('7700001', 'D', 'نادر صالحی', $1, 1, $2, 'کارشناسی پایه', $3, $4, '2026-01-06T08:00:00Z') RETURNING pk`,
    [OWNER_PHONE, name, saleId, VIN],
  );
  // The buyer's own inspection later, asked by phone: no sale, no plate; only the VIN says it is this car.
  await db.query(
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, vin, created_at) VALUES ('7700002', 'R', 'کامران یزدی', '09127770002', 1, $1, 'کارشناسی ویژه', $2, '2026-02-01T08:00:00Z')`,
    [name, VIN],
  );
  // Another car: an advert and an order of another VIN, which must not appear.
  await db.query(
    `INSERT INTO car_posts (token, state, car_post_type, title, model_id, brand_model, year, usage, color, gearbox, document, body_status, city_id, price, owner_name, owner_phone_number, vin)
     VALUES ('cdpost002', 'published', 'direct', $1 || ' ۱۴۰۰', $2, $1, 1400, 20000, 'مشکی', 'automatic', 'سند تک برگ', 'بدون رنگ', 1, 900000000, 'مینا راد', '09127770003', 'KNAFX411BK5093184')`,
    [name, modelId],
  );
  await db.query(
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, vin, created_at) VALUES ('7700003', 'D', 'مینا راد', '09127770003', 1, $1, 'کارشناسی پایه', 'KNAFX411BK5093184', '2026-01-15T08:00:00Z')`,
    [name],
  );
  await db.query(`INSERT INTO tickets (title, order_code, created_at) VALUES ('تأخیر کارشناس', '7700001', '2026-01-06T12:00:00Z')`);
  await db.query(
    `INSERT INTO expert_tickets (title, category, expert_id, assistant, inspection_id, created_at) VALUES ('آدرس بازدید نادرست است', 'question', (SELECT pk FROM experts ORDER BY pk LIMIT 1), 'staff', $1, '2026-01-06T15:00:00Z')`,
    [order!.pk],
  );
  await db.query(`INSERT INTO inspection_reviewers (username, kind) VALUES ('staff', 'qc') ON CONFLICT DO NOTHING`);
  await db.query(`INSERT INTO inspection_reviews (inspection_id, reviewer_id, kind, outcome, at) VALUES ($1, (SELECT id FROM inspection_reviewers WHERE username = 'staff' AND kind = 'qc'), 'qc', 'approved', '2026-01-06T18:00:00Z')`, [order!.pk]);
  await db.query(
    `INSERT INTO sell_tickets (title, category, customer_name, customer_phone, city_id, assistant, car_post_id, created_at) VALUES ('ویرایش قیمت آگهی', 'post_edit', 'نادر صالحی', $1, 1, 'staff', $2, '2026-01-11T08:00:00Z')`,
    [OWNER_PHONE, post!.id],
  );
  await db.query(
    `INSERT INTO pricing_orders (code, model_id, brand_model, year, usage, city_id, customer_name, phone_number, created_at) VALUES ('77000011', $1, $2, 1399, 84000, 1, 'نادر صالحی', $3, '2026-01-02T08:00:00Z')`,
    [modelId, name, OWNER_PHONE],
  );
  // The same owner asked a price for another year: not this car.
  await db.query(`INSERT INTO pricing_orders (code, model_id, brand_model, year, usage, city_id, customer_name, phone_number) VALUES ('77000012', $1, $2, 1390, 84000, 1, 'نادر صالحی', $3)`, [modelId, name, OWNER_PHONE]);
  await db.query(
    `INSERT INTO affidavits (buyer_name, buyer_phone, seller_name, seller_phone, car_title, car_year, city_id, price, concierge_sale_id, created_by, created_at) VALUES ('کامران یزدی', '09127770002', 'نادر صالحی', $1, $2, 1399, 1, 640000000, $3, 'staff', '2026-01-21T08:00:00Z')`,
    [OWNER_PHONE, name, saleId],
  );
  await db.query(
    `INSERT INTO action_log (entity, entity_id, action, from_state, to_state, actor_username, actor_fullname, reason, at) VALUES ('car_post', $1, 'approve', 'pending', 'published', 'sara', 'سارا احمدی', '', '2026-01-10T10:00:00Z')`,
    [post!.id],
  );
  return { postId: post!.id, saleId, orderPk: order!.pk };
}

describe.each(SINGLE_DRIVER)('car-detail on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  let car: Awaited<ReturnType<typeof oneCar>>;
  const lookup = (query: Record<string, string>, token = staff) => gateway.app.inject({ method: 'GET', url: '/api/car-detail/lookup/', query, headers: { authorization: `Bearer ${token}` } });
  const history = async (query: Record<string, string>): Promise<CarHistory> => {
    const answer = await lookup(query);
    expect(answer.statusCode).toBe(200);
    return CarHistorySchema.parse(answer.json().result);
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    car = await oneCar(gateway.deps.db);
  }, 180_000);
  afterAll(() => gateway?.close());

  it('finds one car by its plate however typed and tells its whole history, newest first', async () => {
    const found = await history({ q: '۹۱ژ۸۰۷-۳۳' });
    expect(found.query).toEqual({ kind: 'plate', key: '91ژ80733', display: PLATE });
    expect(found.found).toBe(true);
    expect(Object.fromEntries(found.sections.map((s) => [s.section, s.count]))).toEqual({ inspection: 3, post: 1, sale: 1, pricing: 1, ticket: 3, affidavit: 1, leasing: 0 });
    const titles = found.events.map((e) => e.title);
    expect(titles).toEqual([
      // Found by the VIN the sale's order recorded.
      'سفارش کارشناسی 7700002: کارشناسی ویژه',
      expect.stringMatching(/^قولنامه \d+: نادر صالحی به کامران یزدی$/),
      'قرارداد فروش به کامران یزدی',
      expect.stringMatching(/^تیکت فروش \d+: ویرایش قیمت آگهی$/),
      'آگهی cdpost001: در انتظار بررسی ← منتشر شده',
      expect.stringMatching(/^ثبت آگهی cdpost001: /),
      'کارشناسی فروش همراه insp-cd01',
      'گزارش کارشناسی در کنترل کیفیت تأیید شد (سفارش 7700001)',
      expect.stringMatching(/^تیکت کارشناس \d+: آدرس بازدید نادرست است$/),
      expect.stringMatching(/^تیکت کارشناسی \d+: تأخیر کارشناس$/),
      'سفارش کارشناسی 7700001: کارشناسی پایه',
      'درخواست فروش همراه cs-cdsale01',
      'درخواست برآورد قیمت 77000011',
    ]);
    expect(found.events.map((e) => e.at)).toEqual([...found.events.map((e) => e.at)].sort().reverse());
    const deal = found.events.find((e) => e.title.startsWith('قرارداد'))!;
    expect(deal).toMatchObject({ section: 'sale', state: 'در انتظار تأیید', ref: { kind: 'sale', id: car.saleId, code: 'cs-cdsale01' } });
    expect(deal.detail).toBe('مبلغ ۶۴۰٬۰۰۰٬۰۰۰ تومان');
    expect(found.events.find((e) => e.title.startsWith('سفارش کارشناسی 7700001'))).toMatchObject({ state: 'انجام شده', ref: { kind: 'order', id: car.orderPk, code: '7700001' } });
    expect(found.events.find((e) => e.title.startsWith('درخواست برآورد'))).toMatchObject({ ref: { kind: 'pricing', code: '77000011', tab: 'PE' }, detail: 'هنوز قیمتی برآورد نشده است' });
    // Each fact with the records that state it; records that disagree show both values.
    const fact = (name: string) => found.facts.find((f) => f.fact === name)?.values.map((v) => [v.value, v.sources.map((s) => s.kind)]);
    expect(fact('year')).toEqual([['1399', ['car_post', 'sale', 'pricing', 'affidavit']]]);
    expect(fact('color')).toEqual([['سفید', ['car_post']], ['سفید صدفی', ['sale']]]);
    expect(fact('plate')).toEqual([[PLATE, ['car_post']]]);
    expect(fact('gearbox')).toEqual([['دنده‌ای', ['car_post']]]);
    expect(fact('vin')).toEqual([[VIN, ['order', 'order']]]);
  });

  it('finds the same car by its VIN however typed: every record of it, across the modules', async () => {
    const byPlate = await history({ q: PLATE });
    const byVin = await history({ q: 'naan21ca3kk51۲۸۷۴' });
    expect(byVin.query).toEqual({ kind: 'vin', key: VIN, display: VIN });
    expect(byVin.events).toEqual(byPlate.events);
    expect(byVin.facts).toEqual(byPlate.facts);
    // The other car: its advert and its order, by the advert's VIN, and nothing of the first car.
    const other = await history({ q: 'KNAFX411-BK5093184', kind: 'vin' });
    expect(Object.fromEntries(other.sections.map((s) => [s.section, s.count]))).toMatchObject({ inspection: 1, post: 1, sale: 0 });
    expect(other.events.map((e) => e.title)).toEqual([expect.stringMatching(/^ثبت آگهی cdpost002: /), 'سفارش کارشناسی 7700003: کارشناسی پایه']);
  });

  it('records a VIN with a phone request, refuses a malformed one in Persian, and finds the order by it', async () => {
    const order = { customer_name: 'لیلا کرمی', phone_number: '09127770009', city_id: 1, brand_model: 'پژو ۲۰۶', package: 'کارشناسی پایه', visit_place: 'تهران، ونک' };
    const create = (vin: string) => gateway.app.inject({ method: 'POST', url: '/api/inspection/orders', payload: { ...order, vin }, headers: { authorization: `Bearer ${staff}` } });
    for (const bad of ['NAAM01CA6HK41023', 'NAAM01CA6HK41023O', 'NAAQ01CA6HK410239', '12345678901234567']) {
      const refused = await create(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json(), bad).toEqual({ vin: [VIN_MESSAGE] });
    }
    const created = await create('naad۳۱ce2lk-760429');
    expect(created.statusCode, created.body).toBe(201);
    const { pk, code } = created.json() as { pk: number; code: string };
    const detail = await gateway.app.inject({ method: 'GET', url: `/api/inspection/orders/${pk}`, headers: { authorization: `Bearer ${staff}` } });
    expect(detail.json()).toMatchObject({ code, vin: 'NAAD31CE2LK760429' });
    const found = await history({ q: 'NAAD31CE2LK760429' });
    expect(found.found).toBe(true);
    expect(found.events.map((e) => e.ref)).toEqual([{ kind: 'order', id: pk, code, tab: null }]);
    // Without a VIN the order records none.
    const none = await gateway.app.inject({ method: 'POST', url: '/api/inspection/orders', payload: { ...order, vin: '' }, headers: { authorization: `Bearer ${staff}` } });
    expect(none.statusCode).toBe(201);
    const [row] = await gateway.deps.db.query<{ vin: string | null }>('SELECT vin FROM inspections WHERE pk = $1', [(none.json() as { pk: number }).pk]);
    expect(row!.vin).toBeNull();
  });

  it('finds the same car by its post token and by its sale token', async () => {
    const byPlate = await history({ q: PLATE });
    const byPost = await history({ q: 'CDPOST001' });
    expect(byPost.query).toMatchObject({ kind: 'post', key: 'cdpost001' });
    expect(byPost.events).toEqual(byPlate.events);
    const bySale = await history({ q: 'cs-cdsale01', kind: 'sale' });
    expect(bySale.events).toEqual(byPlate.events);
  });

  it('says plainly when nothing is known: an unknown plate, an unknown VIN', async () => {
    const unknown = await history({ q: '11 ب 111 ایران 11' });
    expect(unknown).toMatchObject({ found: false, facts: [], events: [] });
    expect(unknown.sections.every((s) => s.count === 0)).toBe(true);
    expect(await history({ q: '1HGCM82633A004352' })).toMatchObject({ query: { kind: 'vin' }, found: false });
  });

  it('links the demo seed’s cars across modules', async () => {
    // The small seed ran before this test's car; the demo cars are there, each in several modules.
    const demo = await history({ q: CAR_DETAIL_DEMO_PLATES[0]! });
    expect(demo.found).toBe(true);
    const known = demo.sections.filter((s) => s.count > 0).map((s) => s.section);
    expect(known).toEqual(expect.arrayContaining(['post', 'sale', 'inspection', 'pricing', 'ticket']));
    expect(demo.sections.find((s) => s.section === 'post')!.count).toBe(2);
    // Its VIN, on the sale's advert and order, finds the same records and the buyer's later phone request.
    const byVin = await history({ q: CAR_DETAIL_DEMO_VINS[0]! });
    expect(byVin.events).toEqual(demo.events);
    expect(demo.facts.find((f) => f.fact === 'vin')?.values.map((v) => [v.value, v.sources.map((source) => source.kind).sort()])).toEqual([[CAR_DETAIL_DEMO_VINS[0], ['car_post', 'order', 'order']]]);
    // Idempotent: a second run links the same rows the same way.
    await seedDemoCars(gateway.deps.db);
    expect(await history({ q: CAR_DETAIL_DEMO_PLATES[0]! })).toEqual(demo);
  });

  it('refuses a malformed query in Persian and a caller without the role', async () => {
    const malformed = await lookup({ q: '12 345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ q: [CAR_DETAIL_MESSAGES.malformed] });
    const wrongKind = await lookup({ q: 'cdpost001', kind: 'plate' });
    expect(wrongKind.json()).toEqual({ q: [CAR_DETAIL_MESSAGES.byKind.plate] });
    expect((await lookup({ q: '' })).json()).toEqual({ q: [CAR_DETAIL_MESSAGES.required] });
    expect((await lookup({ q: PLATE }, viewer)).statusCode).toBe(403);
  });
});
