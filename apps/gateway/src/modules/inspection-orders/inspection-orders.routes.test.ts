import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, toPersianDigits } from '@panel/contracts/common';
import { OrderListPageSchema, OrderDetailSchema, type OrderListPage, ORDER_LIST_STATE_LABELS } from '@panel/contracts/inspection-orders';
import { startTestGateway } from '../../testing';
import { seedOrders } from './inspection-orders.seed';
import { TEST_DRIVERS } from '../../test-drivers';

interface Fixture {
  code: string;
  state: string;
  name: string;
  phone: string;
  city: number;
  car: string;
  pkg?: string;
  date: string | null;
  slot: string | null;
  expert?: number;
  mechanic?: number;
  assistant?: string;
  requestType?: string;
  qc?: boolean;
  pricing?: boolean;
}

// Hand-made orders so every expectation below is known in advance.
const FIXTURES: Fixture[] = [
  { code: '900001', state: 'R', name: 'علی رضایی', phone: '09121110001', city: 1, car: 'پژو ۲۰۶', date: null, slot: null, requestType: 'phone' },
  { code: '900002', state: 'A', name: 'مریم احمدی', phone: '09121110002', city: 2, car: 'سمند LX', date: '2025-03-21', slot: '10-12', assistant: 'sara' },
  { code: '900003', state: 'T', name: 'حسین کریمی', phone: '09351110003', city: 1, car: 'پژو پارس', date: '2025-03-20', slot: '08-10' },
  { code: '900004', state: 'O', name: 'زهرا نوری', phone: '09121110004', city: 3, car: 'کیا سراتو', date: '2025-03-21', slot: '08-10', expert: 7, assistant: 'sara' },
  { code: '900005', state: 'E', name: 'رضا موسوی', phone: '09191110005', city: 1, car: 'پژو ۲۰۶ تیپ ۵', date: '2025-03-21', slot: '14-16', expert: 8, mechanic: 1001 },
  { code: '900006', state: 'Q', name: 'سارا کاظمی', phone: '09121110006', city: 1763, car: 'دنا پلاس', date: '2025-03-19', slot: '12-14', expert: 7, qc: true },
  { code: '900007', state: 'W', name: 'امیر صادقی', phone: '09121110007', city: 1, car: 'تیبا ۲', date: '2025-03-22', slot: '16-18', expert: 9, pricing: true, pkg: 'کارشناسی جامع' },
  { code: '900008', state: 'D', name: 'نرگس طاهری', phone: '09121110008', city: 1, car: 'ساینا', date: '2025-03-18', slot: '10-12', expert: 7, qc: true },
  { code: '900009', state: 'F', name: 'کاوه قاسمی', phone: '09121110009', city: 1, car: 'پراید ۱۳۱', date: '2025-03-21', slot: '18-20' },
];
const LIST_STATE_CODES = FIXTURES.filter((f) => f.state in ORDER_LIST_STATE_LABELS).map((f) => f.code);

describe.each(TEST_DRIVERS)('inspection orders on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;

  const list = async (query: Record<string, string> = {}): Promise<OrderListPage> => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/inspection/orders', query, headers: { authorization: `Bearer ${staff}` } });
    expect(response.statusCode, response.body).toBe(200);
    return OrderListPageSchema.parse(response.json());
  };
  const codes = async (query: Record<string, string> = {}) => (await list(query)).results.map((r) => r.code);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    for (const f of FIXTURES) {
      await gateway.deps.db.query(
        `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, visit_date, time_slot,
           visit_time, expert_id, mechanic_id, assistant, request_type, qc, pricing, price)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16, 950000)`,
        [f.code, f.state, f.name, f.phone, f.city, f.car, f.pkg ?? 'کارشناسی استاندارد', f.date, f.slot, f.slot ? `${f.slot.slice(0, 2)}:30` : null,
          f.expert ?? null, f.mechanic ?? null, f.assistant ?? null, f.requestType ?? 'web', f.qc ?? false, f.pricing ?? false],
      );
    }
  });
  afterAll(() => gateway.close());

  it('lists every order-list state by default, time_slot ascending, unscheduled last', async () => {
    const page = await list();
    expect(page.count).toBe(LIST_STATE_CODES.length);
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.results.map((r) => r.code)).toEqual(['900006', '900003', '900004', '900002', '900005', '900007', '900001']);
    expect(page.results[0]).toMatchObject({ city: 'ری', visit_date: '2025-03-19', time_slot: '12-14', expert_id: 7, qc: true });
  });

  it('sorts descending and by other columns', async () => {
    expect((await codes({ isAscending: 'false' }))[1]).toBe('900007');
    expect(await codes({ sort: 'code', isAscending: 'false', state: 'R,A,T' })).toEqual(['900003', '900002', '900001']);
  });

  it('pages in SQL', async () => {
    const first = await list({ pageSize: '3' });
    const second = await list({ pageSize: '3', page: '2' });
    const third = await list({ pageSize: '3', page: '3' });
    expect(first.count).toBe(7);
    expect([...first.results, ...second.results, ...third.results].map((r) => r.code)).toEqual(await codes());
    expect(third.results).toHaveLength(1);
    expect(third.next).toBeUndefined();
  });

  it('pages after the last row of the page before (keyset), as by number, and counts exactly under 10,000', async () => {
    for (const sort of ['time_slot', 'created_at', 'brand_model', 'price'] as const) {
      for (const isAscending of ['true', 'false']) {
        const query = { pageSize: '2', sort, isAscending, state: '' };
        const byNumber: string[] = [];
        const byCursor: string[] = [];
        let after: string | undefined;
        for (let page = 1; page <= 5; page += 1) {
          byNumber.push(...(await codes({ ...query, page: String(page) })));
          const answer = await list({ ...query, page: String(page), ...(after ? { after } : {}) });
          byCursor.push(...answer.results.map((r) => r.code));
          expect(answer).not.toHaveProperty('estimated');
          after = answer.next;
          if (page < 5) expect(after, `${sort} ${isAscending} page ${page}`).toBeDefined();
        }
        expect(byCursor, `${sort} ${isAscending}`).toEqual(byNumber);
        expect(new Set(byCursor).size).toBe(FIXTURES.length);
      }
    }
  });

  it('filters by each parameter of spec §2', async () => {
    expect(await codes({ state: 'D,F' })).toEqual(['900008', '900009']);
    expect((await codes({ state: '' })).sort()).toEqual(FIXTURES.map((f) => f.code).sort());
    expect(await codes({ date: '2025-03-21' })).toEqual(['900004', '900002', '900005']);
    expect(await codes({ assistant: 'sara' })).toEqual(['900004', '900002']);
    expect(await codes({ experts: '7,9' })).toEqual(['900006', '900004', '900007']);
    expect(await codes({ mechanics: '1001' })).toEqual(['900005']);
    expect(await codes({ cities: '2,3' })).toEqual(['900004', '900002']);
    expect(await codes({ requestType: 'phone' })).toEqual(['900001']);
    expect(await codes({ fPackage: 'کارشناسی جامع' })).toEqual(['900007']);
    // The car is a catalogue pick (decision 123): the model's full name, either digit form, exactly.
    expect(await codes({ brandModel: 'پژو 206' })).toEqual(['900001']);
    expect(await codes({ brandModel: 'پژو ۲۰۶ تیپ ۵' })).toEqual(['900005']);
    expect(await codes({ brandModel: 'پژو' })).toEqual([]);
    expect(await codes({ qc: 'true' })).toEqual(['900006']);
    expect(await codes({ pricing: 'true' })).toEqual(['900007']);
    expect(await codes({ pricing: 'false', state: 'O,E', cities: '1' })).toEqual(['900005']);
  });

  it('searches by phone (Persian digits too), code prefix and name', async () => {
    expect(await codes({ search: toPersianDigits('09351110003') })).toEqual(['900003']);
    expect(await codes({ search: '9351110003' })).toEqual(['900003']);
    expect(await codes({ search: '۹۰۰۰۰۴' })).toEqual(['900004']);
    expect(await codes({ search: 'احمدی' })).toEqual(['900002']);
    // Word prefixes, in any order, over name and car; digits in either spelling.
    expect(await codes({ search: 'رضا' })).toEqual(['900005', '900001']);
    expect(await codes({ search: 'رضایی علی' })).toEqual(['900001']);
    expect(await codes({ search: 'پژو 206' })).toEqual(['900005', '900001']);
    expect(await codes({ search: "سمند & LX | '" })).toEqual(['900002']);
    expect(await codes({ search: '%' })).toEqual([]);
  });

  it('searches the words orders have now, and a typed word that starts many words, as word prefixes', async () => {
    const db = gateway.deps.db;
    // The search's words follow the orders (migration 0307): a name changed since is found by its new words.
    await db.query("UPDATE inspections SET customer_name = 'کیانوش فرهمند' WHERE code = '900009'");
    expect(await codes({ search: 'کیانو فره', state: '' })).toEqual(['900009']);
    expect(await codes({ search: 'کاوه', state: '' })).toEqual([]);
    await db.query("UPDATE inspections SET customer_name = 'کاوه قاسمی' WHERE code = '900009'");
    // 70 orders whose names start 70 different words with 'زرین': more than are looked up word by
    // word, so the index matches the prefix itself; every one is found either way.
    const letters = 'ابپتثجچحخدذرزسشصضطظعغفقکگلمنوهی';
    await db.query(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, price)
       SELECT (910000 + g)::text, 'R', 'زرین' || substr($1, 1 + g % 31, 1) || substr($1, 1 + g / 31, 1) || ' کاظمی', '09120000000', 1, 'پژو پارس', 'کارشناسی استاندارد', 950000
         FROM generate_series(0, 69) g`,
      [letters],
    );
    try {
      expect((await list({ search: 'زرین', pageSize: '100' })).count).toBe(70);
      expect((await list({ search: 'زرینا کاظ', pageSize: '100' })).results.map((r) => r.customer_name).sort()).toEqual(['زریناا کاظمی', 'زریناب کاظمی', 'زریناپ کاظمی'].sort());
    } finally {
      await db.query("DELETE FROM inspections WHERE code LIKE '910%'");
    }
  });

  it('refuses a bad query with Persian field messages', async () => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/inspection/orders',
      query: { state: 'R,X', cities: '99', pageSize: '1000' },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ state: ['وضعیت نامعتبر است'], cities: ['شهر نامعتبر است'], pageSize: ['اندازه صفحه نامعتبر است'] });
  });

  it('is read by anyone signed in and created by staff only (spec §6)', async () => {
    expect((await gateway.app.inject({ method: 'GET', url: '/api/inspection/orders' })).statusCode).toBe(401);
    const expert = await gateway.deps.tokens.signAccess({ id: 2, username: 'x', first_name: '', last_name: '' }, [ROLES.expert]);
    const headers = { authorization: `Bearer ${expert}` };
    expect((await gateway.app.inject({ method: 'GET', url: '/api/inspection/orders', headers })).statusCode).toBe(200);
    expect((await gateway.app.inject({ method: 'POST', url: '/api/inspection/orders', headers, payload: {} })).statusCode).toBe(403);
  });

  it('shows one order with the detail fields of spec §3', async () => {
    const [row] = await gateway.deps.db.query<{ pk: number }>("SELECT pk::int AS pk FROM inspections WHERE code = '900004'");
    const pk = row!.pk;
    const response = await gateway.app.inject({ method: 'GET', url: `/api/inspection/orders/${pk}`, headers: { authorization: `Bearer ${staff}` } });
    const detail = OrderDetailSchema.parse(response.json());
    expect(detail).toMatchObject({ code: '900004', customer_name: 'زهرا نوری', city: 'مشهد', state: 'O', visit_time: '2025-03-21T08:30:00+03:30', is_canceled: false });
    const missing = await gateway.app.inject({ method: 'GET', url: '/api/inspection/orders/987654', headers: { authorization: `Bearer ${staff}` } });
    expect(missing.statusCode).toBe(404);
  });

  it('creates a phone request in state R and refuses bad input without creating anything', async () => {
    const before = (await list({ state: '' })).count;
    const bad = await gateway.app.inject({
      method: 'POST',
      url: '/api/inspection/orders',
      payload: { customer_name: ' ', phone_number: '12345', city_id: 1, brand_model: 'پژو', package: 'کارشناسی پایه', visit_place: 'ونک' },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ customer_name: ['نام مشتری را وارد کنید'], phone_number: ['شماره تلفن همراه معتبر نیست'] });
    expect((await list({ state: '' })).count).toBe(before);

    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/inspection/orders',
      payload: { customer_name: 'بهاره شریفی', phone_number: '۰۹۱۲۷۷۷۸۸۸۸', city_id: 4, brand_model: 'هیوندای سوناتا', package: 'کارشناسی پایه', visit_place: 'اصفهان، چهارباغ' },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(created.statusCode).toBe(201);
    const { code } = created.json() as { code: string };
    expect(Number(code)).toBeGreaterThan(5_000_000);
    const found = await list({ search: '09127778888' });
    // This database has no inspection assistants: the turn-assign gives the order to nobody (decision 097).
    expect(found.results).toEqual([expect.objectContaining({ code, state: 'R', request_type: 'phone', assistant: null, city: 'اصفهان', price: 650000 })]);
  });

  it('seeds realistic orders in every order-list state', async () => {
    await gateway.deps.db.query("DELETE FROM inspections WHERE code LIKE '1%'");
    await seedOrders(gateway.deps.db, 400, { experts: 10, today: new Date('2025-03-21T08:00:00Z') });
    const rows = await gateway.deps.db.query<{ state: string }>("SELECT DISTINCT state FROM inspections WHERE code LIKE '1%'");
    expect(rows.map((r) => r.state)).toEqual(expect.arrayContaining(Object.keys(ORDER_LIST_STATE_LABELS)));
    // The filter's people come with their names where the gateway knows them (issue 13).
    await gateway.deps.db.query(
      "INSERT INTO users (username, password_hash, first_name, last_name, phone_number, roles) VALUES ('sara.ahmadi', 'x', 'سارا', 'احمدی', '09120000101', '{}') ON CONFLICT DO NOTHING",
    );
    const options = await gateway.app.inject({ method: 'GET', url: '/api/inspection/orders/filter-options', headers: { authorization: `Bearer ${staff}` } });
    expect(options.json()).toMatchObject({
      assistants: expect.arrayContaining([{ value: 'sara', name: null }, { value: 'sara.ahmadi', name: 'سارا احمدی' }]),
      // This database has no expert rows: the ids come without names.
      experts: expect.arrayContaining([7, 8, 9].map((value) => ({ value, name: null }))),
    });
    // Consistent in time (issue 13): registered before the visit and not after "now"; only
    // finished orders were visited on a past day.
    const seeded = await gateway.deps.db.query<{ state: string; visit_date: string | null; time_slot: string | null; created_at: string }>(
      "SELECT state, visit_date, time_slot, created_at FROM inspections WHERE code LIKE '1%'",
    );
    for (const order of seeded) {
      expect(Date.parse(order.created_at)).toBeLessThanOrEqual(Date.parse('2025-03-21T08:00:00Z'));
      if (!order.visit_date) continue;
      expect(Date.parse(order.created_at)).toBeLessThan(Date.parse(`${order.visit_date}T${order.time_slot!.slice(0, 2)}:00:00+03:30`));
      if (!['D', 'F', 'Q', 'W'].includes(order.state)) expect(order.visit_date >= '2025-03-21').toBe(true);
    }
  });
});
