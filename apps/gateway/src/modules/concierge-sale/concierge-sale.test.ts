import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CONCIERGE_OFFERS_TOPIC, OffersLiveMessageSchema, SALE_WORKFLOW, WS_CONCIERGE_OFFERS_PATH, type BuyerOffer } from '@panel/contracts/concierge-sale';
import { startTestGateway } from '../../testing';
import { startOfferTrickle } from './concierge-sale.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

describe.each(TEST_DRIVERS)('concierge sale gateway on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Gateway;
  const auth: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let carId: number;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { listen: true, usePostgres, seed: 'small' });
    const users = await gateway.deps.db.query<{ id: number; username: string; first_name: string; last_name: string; roles: string[] }>('SELECT id, username, first_name, last_name, roles FROM users');
    for (const user of users) {
      ids[user.username] = user.id;
      auth[user.username] = `Bearer ${await gateway.deps.tokens.signAccess({ id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name }, user.roles)}`;
    }
    carId = (await gateway.deps.db.query<{ id: number }>("SELECT id FROM car_models WHERE name_fa = 'دنا'"))[0]!.id;
  }, 60_000);
  afterAll(() => gateway.close());

  function call(method: 'GET' | 'POST', url: string, body?: unknown, who = 'staff') {
    return gateway.app.inject({ method, url, payload: body as never, headers: who ? { authorization: auth[who]! } : {} });
  }
  const detail = async (id: number, who = 'staff') => (await call('GET', `/api/concierge-sale/sales/${id}/`, undefined, who)).json().data;

  async function create(who = 'staff', extra: Record<string, unknown> = {}) {
    const response = await call(
      'POST',
      '/api/concierge-sale/sales/',
      { applicant_full_name: 'کامران نادری', phone_number: '۰۹۱۲۷۷۷۸۸۹۹', city_id: 1, car_model_id: carId, car_brand_model_year: '۱۴۰۰', usage: 42000, price: '۸۵۰٬۰۰۰٬۰۰۰', address: 'تهران، ونک', plan: 'standard', ...extra },
      who,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; token: string };
  }

  once('seeds a consistent demo set and lists it with its filters in SQL', async () => {
    const all = (await call('GET', '/api/concierge-sale/sales/')).json();
    expect(all.count).toBe(30);
    expect(all.results).toHaveLength(20);
    const onOffer = (await call('GET', '/api/concierge-sale/sales/?status=on_offer')).json();
    expect(onOffer.results.every((s: { status: string; is_count_in_offer: boolean }) => s.status === 'on_offer' && s.is_count_in_offer)).toBe(true);
    const byPhone = (await call('GET', '/api/concierge-sale/sales/?search=09121234567')).json();
    expect(byPhone.results.map((s: { phone_number: string }) => s.phone_number)).toContain('09121234567');
    const withDeal = (await call('GET', '/api/concierge-sale/sales/?hasDeal=true&pageSize=100')).json();
    expect(withDeal.results.every((s: { has_deal: boolean; status: string }) => s.has_deal && ['in_deal', 'sold'].includes(s.status))).toBe(true);
    const sorted = (await call('GET', '/api/concierge-sale/sales/?sort=price&isAscending=true&pageSize=100')).json().results.map((s: { price: number }) => s.price);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    const bad = await call('GET', '/api/concierge-sale/sales/?status=zz');
    expect(bad.statusCode).toBe(400);
    const byCommission = (await call('GET', '/api/concierge-sale/deals/?sort=product_commission&isAscending=false&pageSize=100')).json().results.map((d: { product_commission: number }) => d.product_commission);
    expect(byCommission.length).toBeGreaterThan(1);
    expect(byCommission).toEqual([...byCommission].sort((a, b) => b - a));
    const byAmount = (await call('GET', '/api/concierge-sale/offers/?sort=amount&isAscending=true&pageSize=100')).json().results.map((o: { amount: number }) => o.amount);
    expect(byAmount.length).toBeGreaterThan(1);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    expect((await call('GET', '/api/concierge-sale/deals/?sort=buyer_name')).statusCode).toBe(400);
  });

  once('filters deals and buyers\' offers on their own rows exactly as through their sale (decision 091)', async () => {
    const db = gateway.deps.db;
    // A live deal exactly in the states that say so, and it carries its sale's supervisor and city.
    const broken = await db.query(
      `SELECT s.id FROM concierge_sales s LEFT JOIN concierge_sale_deals d ON d.sale_id = s.id AND d.state <> 'canceled'
        WHERE (d.id IS NOT NULL) <> (s.status IN ('in_deal', 'sold'))
           OR (d.id IS NOT NULL AND (d.city_id <> s.city_id OR d.supervisor_id IS DISTINCT FROM s.supervisor_id))`,
    );
    expect(broken).toEqual([]);
    const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const listed = async (query: string, path = 'deals') => ids((await call('GET', `/api/concierge-sale/${path}/?pageSize=100&${query}`)).json().results);

    const [deal] = await db.query<{ supervisor_id: number; city_id: number; seller: string; buyer: string; token: string }>(
      `SELECT s.supervisor_id, s.city_id, s.applicant_full_name AS seller, d.buyer_name AS buyer, s.token
         FROM concierge_sale_deals d JOIN concierge_sales s ON s.id = d.sale_id WHERE s.supervisor_id IS NOT NULL ORDER BY d.id LIMIT 1`,
    );
    expect(deal).toBeDefined();
    const through = (where: string, params: unknown[]) =>
      db.query<{ id: number }>(`SELECT d.id FROM concierge_sale_deals d JOIN concierge_sales s ON s.id = d.sale_id WHERE ${where}`, params).then(ids);
    expect(await listed(`supervisor=${deal!.supervisor_id}`)).toEqual(await through('s.supervisor_id = $1', [deal!.supervisor_id]));
    expect(await listed(`cities=${deal!.city_id}`)).toEqual(await through('s.city_id = $1', [deal!.city_id]));
    // A search finds a deal by its buyer or by its sale's seller or token, each once.
    const sellerWord = deal!.seller.split(' ')[0]!;
    expect(await listed(`search=${encodeURIComponent(sellerWord)}`)).toEqual(await through('s.applicant_full_name ILIKE $1 OR d.buyer_name ILIKE $1 OR s.car_brand_model ILIKE $1', [`%${sellerWord}%`]));
    expect(await listed(`search=${encodeURIComponent(deal!.buyer)}`)).toEqual(await through('d.buyer_name ILIKE $1 OR s.applicant_full_name ILIKE $1', [`%${deal!.buyer}%`]));
    expect(await listed(`search=${deal!.token}`)).toEqual(await through('s.token = $1', [deal!.token]));
    const totals = (await call('GET', `/api/concierge-sale/deals/?search=${encodeURIComponent(sellerWord)}`)).json();
    expect(totals.count).toBe(totals.totals.count);

    const [offer] = await db.query<{ token: string; buyer: string }>(
      'SELECT s.token, o.buyer_name AS buyer FROM concierge_sale_buyer_offers o JOIN concierge_sales s ON s.id = o.sale_id ORDER BY o.id LIMIT 1',
    );
    const offersThrough = (where: string, params: unknown[]) =>
      db.query<{ id: number }>(`SELECT o.id FROM concierge_sale_buyer_offers o JOIN concierge_sales s ON s.id = o.sale_id WHERE ${where}`, params).then(ids);
    expect(await listed(`search=${offer!.token}`, 'offers')).toEqual(await offersThrough('s.token = $1', [offer!.token]));
    expect(await listed(`search=${encodeURIComponent(offer!.buyer)}`, 'offers')).toEqual(
      await offersThrough('o.buyer_name ILIKE $1 OR s.applicant_full_name ILIKE $1 OR s.car_brand_model ILIKE $1', [`%${offer!.buyer}%`]),
    );
  });

  once('registers a sale with the catalogue\'s car name and Persian digits read', async () => {
    const { id, token } = await create();
    const sale = await detail(id);
    expect(sale).toMatchObject({ token, status: 'new', phone_number: '09127778899', price: 850_000_000, car_brand_model_year: 1400, car_brand_model: 'ایران‌خودرو دنا', city: 'تهران', version: 0 });
    const refused = await call('POST', '/api/concierge-sale/sales/', { applicant_full_name: '', phone_number: '123', city_id: 99, car_model_id: carId, car_brand_model_year: 1400, usage: 1, price: 1, address: 'x', plan: 'standard' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('شماره تلفن همراه معتبر نیست');
  });

  it('walks the state table: assign, offer, a buyer offers, accept, approve; refused moves are Persian 409s', async () => {
    const { id, token } = await create();
    // Only a supervisor assigns.
    expect((await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.supervisor, version: 0 }, 'sales1')).statusCode).toBe(403);
    const refused = await call('POST', `/api/concierge-sale/sales/${id}/send-to-offer/`, { version: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SALE_WORKFLOW.refusal('send_to_offer', 'new', token));
    let r = await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.supervisor, version: 0 }, 'supervisor');
    expect(r.json().data).toMatchObject({ status: 'assigned', version: 1 });
    expect((await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.sales1, version: 1 }, 'supervisor')).statusCode).toBe(400);
    r = await call('POST', `/api/concierge-sale/sales/${id}/revert/`, { version: 1, reason: '' });
    expect(r.statusCode).toBe(400);
    r = await call('POST', `/api/concierge-sale/sales/${id}/revert/`, { version: 1, reason: 'ناظر اشتباه' });
    expect(r.json().data).toMatchObject({ status: 'new', version: 2 });
    await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.supervisor, version: 2 }, 'supervisor');
    r = await call('POST', `/api/concierge-sale/sales/${id}/send-to-offer/`, { version: 3 });
    expect(r.json().data).toMatchObject({ status: 'on_offer', version: 4 });

    // A buyer's offer on the public endpoint, without a token.
    const offered = await call('POST', `/api/concierge-sale/public/sales/${token}/offers/`, { buyer_name: 'پریسا نوری', buyer_phone_number: '09351112233', amount: '۸۲۰۰۰۰۰۰۰' }, '');
    expect(offered.statusCode, offered.body).toBe(201);
    const offerId = offered.json().data.id as number;
    expect((await call('POST', `/api/concierge-sale/offers/${offerId}/accept/`, { deal_date: '2026-01-10', sale_commission_percent: 1, buy_commission_percent: 0.5 }, 'sales1')).statusCode).toBe(403);
    r = await call('POST', `/api/concierge-sale/offers/${offerId}/accept/`, { deal_date: '2026-01-10', sale_commission_percent: 1, buy_commission_percent: 0.5 }, 'supervisor');
    expect(r.json().data).toMatchObject({ status: 'in_deal' });
    // The second acceptance of the same offer has nothing left to accept.
    expect((await call('POST', `/api/concierge-sale/offers/${offerId}/accept/`, { deal_date: '2026-01-10', sale_commission_percent: 1, buy_commission_percent: 0.5 }, 'supervisor')).statusCode).toBe(409);
    const inDeal = await detail(id);
    expect(inDeal).toMatchObject({ has_deal: true, deal_state: 'pending', deal_buyer_name: 'پریسا نوری', deal_price: 820_000_000, sale_concierge_commission: 8_200_000, buy_concierge_commission: 4_100_000, product_commission: 12_300_000, is_count_in_offer: false });
    expect((await call('POST', `/api/concierge-sale/public/sales/${token}/offers/`, { buyer_name: 'دیرآمده', buyer_phone_number: '09351112234', amount: 1 }, '')).statusCode).toBe(409);
    expect((await call('POST', `/api/concierge-sale/sales/${id}/approve-deal/`, { version: inDeal.version }, 'sales1')).statusCode).toBe(403);
    r = await call('POST', `/api/concierge-sale/sales/${id}/approve-deal/`, { version: inDeal.version }, 'supervisor');
    expect(r.json().data).toMatchObject({ status: 'sold' });
    expect((await detail(id)).deal_state).toBe('approved');
    expect((await call('POST', `/api/concierge-sale/sales/${id}/cancel/`, { version: r.json().data.version, reason_type: 'customer_regret' })).statusCode).toBe(409);

    const history = (await call('GET', `/api/concierge-sale/sales/${id}/action-log/`)).json().results.map((e: { action: string }) => e.action);
    expect(history).toEqual(['approve_deal', 'accept_offer', 'send_to_offer', 'assign_supervisor', 'revert_order', 'assign_supervisor', 'create']);

    const deals = (await call('GET', `/api/concierge-sale/deals/?search=${token}`)).json();
    expect(deals.totals).toEqual({ count: 1, price: 820_000_000, commission: 12_300_000 });
  });

  it('submits a deal with computed commission, cancels it with a reason, and cancels the sale with a reason type', async () => {
    const { id } = await create();
    await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.supervisor, version: 0 }, 'supervisor');
    let r = await call('POST', `/api/concierge-sale/sales/${id}/submit-deal/`, { version: 1, buyer_name: 'مجید طاهری', buyer_phone_number: '09121110000', price: '900000000', deal_date: '۲۰۲۶-۰۱-۱۲', sale_commission_percent: '2', buy_commission_percent: 1 });
    expect(r.json().data).toMatchObject({ status: 'in_deal', version: 2 });
    expect(await detail(id)).toMatchObject({ sale_concierge_commission: 18_000_000, buy_concierge_commission: 9_000_000, product_commission: 27_000_000, deal_date: '2026-01-12' });
    expect((await call('POST', `/api/concierge-sale/sales/${id}/cancel-deal/`, { version: 2, reason: ' ' })).statusCode).toBe(400);
    r = await call('POST', `/api/concierge-sale/sales/${id}/cancel-deal/`, { version: 2, reason: 'خریدار منصرف شد' });
    expect(r.json().data).toMatchObject({ status: 'assigned' });
    expect((await detail(id)).has_deal).toBe(false);
    expect((await call('POST', `/api/concierge-sale/sales/${id}/cancel/`, { version: 3, reason_type: 'nope' })).statusCode).toBe(400);
    r = await call('POST', `/api/concierge-sale/sales/${id}/cancel/`, { version: 3, reason_type: 'sold_elsewhere' });
    expect(r.json().data.status).toBe('canceled');
    const sale = await detail(id);
    expect(sale).toMatchObject({ is_canceled: true, cancel_reason_types: [{ value: 'sold_elsewhere', label: 'فروش در جای دیگر' }] });
    r = await call('POST', `/api/concierge-sale/sales/${id}/notes/`, { content: 'مشتری دوباره تماس گرفت' });
    expect(r.statusCode).toBe(200);
    expect((await detail(id)).notes[0]).toMatchObject({ content: 'مشتری دوباره تماس گرفت', author: 'سارا محمدی' });
  });

  it('gives concurrent changes of one sale one winner and a Persian 409', async () => {
    const { id } = await create();
    const attempts = await Promise.all(
      [ids.supervisor, ids.staff, ids.supervisor].map((supervisor) => call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: supervisor, version: 0 }, 'supervisor')),
    );
    expect(attempts.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(attempts.find((a) => a.statusCode === 409)!.json().message).toContain('هم‌زمان');
    expect((await detail(id)).version).toBe(1);
  });

  once('lets a sales expert see and act on their own sales only', async () => {
    const own = await create('sales1');
    expect((await detail(own.id, 'sales1')).sales_expert).toMatchObject({ id: ids.sales1, name: 'حسین کریمی', switch_user_id: expect.any(String) });
    const other = await call('GET', `/api/concierge-sale/sales/${own.id}/`, undefined, 'sales2');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('این فروش به شما سپرده نشده است.');
    expect((await call('GET', `/api/concierge-sale/sales/${own.id}/action-log/`, undefined, 'sales2')).statusCode).toBe(403);
    expect((await call('POST', `/api/concierge-sale/sales/${own.id}/notes/`, { content: 'سلام' }, 'sales2')).statusCode).toBe(403);
    const list = (await call('GET', '/api/concierge-sale/sales/?pageSize=100', undefined, 'sales2')).json();
    expect(list.results.every((s: { sales_expert_name: string }) => s.sales_expert_name === 'نرگس امینی')).toBe(true);
    expect((await call('GET', '/api/concierge-sale/sales/', undefined, 'viewer')).statusCode).toBe(403);
  });

  once('keeps a demo trickle of buyers\' offers coming on sales on offer, each published', async () => {
    const published: number[] = [];
    const failures: unknown[] = [];
    const stop = startOfferTrickle(gateway.deps.db, 30, async (offerIds) => void published.push(...offerIds), (error) => failures.push(error));
    const until = Date.now() + 5000;
    while (published.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    stop();
    // A tick already running when stopped may still publish: the ids asked for are the ones seen now.
    const seen = [...published];
    expect(failures).toEqual([]);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const rows = await gateway.deps.db.query<{ status: string; amount: number }>(
      'SELECT s.status, o.amount FROM concierge_sale_buyer_offers o JOIN concierge_sales s ON s.id = o.sale_id WHERE o.id = ANY($1)',
      [seen],
    );
    expect(rows.length).toBe(seen.length);
    expect(rows.every((row) => row.amount > 0)).toBe(true);
  });

  it('streams buyers\' offers live: a snapshot of the open ones, then each new offer, and an accepted one leaves', async () => {
    const { id, token } = await create();
    await call('POST', `/api/concierge-sale/sales/${id}/assign-supervisor/`, { supervisor_id: ids.supervisor, version: 0 }, 'supervisor');
    await call('POST', `/api/concierge-sale/sales/${id}/send-to-offer/`, { version: 1 });
    const messages: BuyerOffer[][] = [];
    const socket = new WebSocket(`${gateway.wsUrl}${WS_CONCIERGE_OFFERS_PATH}`, { headers: { authorization: auth.staff! } });
    socket.on('message', (data) => messages.push(OffersLiveMessageSchema.parse(JSON.parse(String(data))).offers));
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'init', data: CONCIERGE_OFFERS_TOPIC }));
    const waitFor = async (predicate: () => boolean) => {
      const until = Date.now() + 5000;
      while (!predicate()) {
        if (Date.now() > until) throw new Error('no matching live message');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitFor(() => messages.length >= 1);
    expect(messages[0]!.every((o) => o.state === 'open')).toBe(true);
    const offered = await call('POST', `/api/concierge-sale/public/sales/${token}/offers/`, { buyer_name: 'حمید مرادی', buyer_phone_number: '09191112233', amount: 800_000_000 }, '');
    const offerId = offered.json().data.id as number;
    await waitFor(() => messages.some((m) => m.some((o) => o.id === offerId && o.state === 'open')));
    await call('POST', `/api/concierge-sale/offers/${offerId}/accept/`, { deal_date: '2026-01-10', sale_commission_percent: 1, buy_commission_percent: 0.5 }, 'supervisor');
    await waitFor(() => messages.some((m) => m.some((o) => o.id === offerId && o.state === 'accepted' && o.version === 2)));
    socket.close();
  });
});
