import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { AffidavitDetailSchema, AffidavitPageSchema } from '@panel/contracts/affidavits';
import { startTestGateway } from '../../testing';
import { seedAffidavits } from './affidavits.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const FIELDS = {
  buyer_name: 'رضا کریمی', buyer_phone: '۰۹۱۲۱۱۱۲۲۳۳', seller_name: 'مریم احمدی', seller_phone: '09351112233',
  car_title: 'پژو ۲۰۶ تیپ ۵', car_year: '۱۳۹۸', city_id: 2, price: '۴۵۰٬۰۰۰٬۰۰۰',
};

describe.each(TEST_DRIVERS)('affidavits on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = staff) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const list = (query: Record<string, string> = {}) => gateway.app.inject({ method: 'GET', url: '/api/affidavits/', query, headers: { authorization: `Bearer ${staff}` } });
  const detail = async (id: number) => AffidavitDetailSchema.parse((await call('GET', `/api/affidavits/${id}/`)).json());
  const add = async (over: object = {}) => {
    const response = await call('POST', '/api/affidavits/', { ...FIELDS, ...over });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; version: number };
  };
  const outbox = async (id: number) => gateway.deps.db.query<{ target: string; text: string; amount: number | null }>(`SELECT target, text, amount FROM outbox WHERE entity = 'affidavit' AND entity_id = $1 ORDER BY id`, [id]);
  const document = async (id: number, kind: string) => {
    const data = Buffer.from(`%PDF-1.4 ${kind} ${id}`);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const [media] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO media (name, content_type, size, sha256, data, created_by) VALUES ($1, 'application/pdf', $2, $3, $4, 'sara') RETURNING id`,
      [`${kind}.pdf`, data.byteLength, sha256, data],
    );
    expect((await call('POST', `/api/affidavits/${id}/documents/`, { media_id: media!.id, kind })).statusCode).toBe(201);
    return sha256;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    await seedAffidavits(gateway.deps.db, 25);
  }, 120_000);
  afterAll(() => gateway?.close());

  once('answers the upstream envelope, twenty to a page, filtered and sorted in SQL; the seed passes every check', async () => {
    const first = AffidavitPageSchema.parse((await list()).json());
    expect(first).toMatchObject({ count: 25, page: 1, pageSize: 20 });
    expect(first.results).toHaveLength(20);
    const byState = AffidavitPageSchema.parse((await list({ state: 'done' })).json());
    expect(byState.count).toBeGreaterThan(0);
    expect(byState.results.every((r) => r.state === 'done' && r.state_label === 'تکمیل‌شده' && r.fee! >= 300_000)).toBe(true);
    const phone = first.results[0]!.buyer_phone;
    expect(AffidavitPageSchema.parse((await list({ search: phone })).json()).results.map((r) => r.buyer_phone)).toContain(phone);
    const words = AffidavitPageSchema.parse((await list({ search: 'تویوتا کرو' })).json());
    expect(words.count).toBeGreaterThan(0);
    expect(words.results.every((r) => r.car_title === 'تویوتا کرولا')).toBe(true);
    expect(AffidavitPageSchema.parse((await list({ search: String(first.results[0]!.id) })).json()).results.map((r) => r.id)).toContain(first.results[0]!.id);
    const cheap = AffidavitPageSchema.parse((await list({ sort: 'price', isAscending: 'true' })).json()).results.map((r) => r.price);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
    await seedAffidavits(gateway.deps.db, 25);
    expect(AffidavitPageSchema.parse((await list({ pageSize: '1' })).json()).count).toBe(25);
  });

  it('walks the table: add, price, payment link, purchase once, download link, checklist, done', async () => {
    const { id } = await add();
    expect(await detail(id)).toMatchObject({ state: 'draft', fee: null, buyer_phone: '09121112233', price: 450_000_000, car_year: 1398, city: 'کرج' });
    const early = await call('POST', `/api/affidavits/${id}/purchase/`, { request_id: randomUUID() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^قولنامه .+ در وضعیت «پیش‌نویس» است و «خرید قولنامه» برای آن ممکن نیست.$/);

    const priced = await call('POST', `/api/affidavits/${id}/price/`, { version: 0 });
    expect(priced.json().data).toMatchObject({ state: 'priced', fee: 2_250_000, version: 1 });

    const payment = randomUUID();
    for (let i = 0; i < 2; i += 1) expect((await call('POST', `/api/affidavits/${id}/send-payment-link/`, { request_id: payment })).statusCode).toBe(200);
    expect(await outbox(id)).toEqual([{ target: '09121112233', amount: 2_250_000, text: expect.stringContaining('۲٬۲۵۰٬۰۰۰ تومان') }]);

    const request = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => call('POST', `/api/affidavits/${id}/purchase/`, { request_id: request })));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const other = await call('POST', `/api/affidavits/${id}/purchase/`, { request_id: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('خریداری‌شده');
    const purchased = await detail(id);
    expect(purchased).toMatchObject({ state: 'purchased', version: 3 });
    expect(purchased.purchased_at).not.toBeNull();

    const download = randomUUID();
    for (let i = 0; i < 2; i += 1) expect((await call('POST', `/api/affidavits/${id}/send-download-link/`, { request_id: download })).statusCode).toBe(200);
    expect((await outbox(id)).map((m) => m.target)).toEqual(['09121112233', '09121112233', '09351112233']);

    const unchecked = await call('POST', `/api/affidavits/${id}/update-state/`, { action: 'complete', version: 4 });
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json().message).toBe('برای تکمیل پرونده، مدرک «قولنامه» را بارگذاری کنید.');
    const sha = await document(id, 'affidavit');
    await document(id, 'payment_receipt');
    expect((await call('POST', `/api/affidavits/${id}/update-state/`, { action: 'complete', version: 4 })).json().data).toMatchObject({ state: 'done' });

    const done = await detail(id);
    expect(done.documents.map((d) => [d.kind, d.sha256])).toContainEqual(['affidavit', sha]);
    expect(done.links.map((l) => l.kind)).toEqual(['download', 'payment']);
    const history = (await call('GET', `/api/affidavits/${id}/history/`)).json().results as { action: string }[];
    expect(history.map((h) => h.action).reverse()).toEqual(['add', 'price', 'send_payment_link', 'purchase', 'send_download_link', 'document', 'document', 'complete']);
  });

  it('purchases once when two people purchase at once with their own requests', async () => {
    const { id } = await add({ buyer_phone: '09121112234' });
    await call('POST', `/api/affidavits/${id}/price/`, { version: 0 });
    const answers = await Promise.all([1, 2].map(() => call('POST', `/api/affidavits/${id}/purchase/`, { request_id: randomUUID() })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [log] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM action_log WHERE entity = 'affidavit' AND entity_id = $1 AND action = 'purchase'`, [id]);
    expect(log!.n).toBe(1);
  });

  it('edits back to draft, refuses a stale version, cancels with a reason only', async () => {
    const { id } = await add({ buyer_phone: '09121112235' });
    await call('POST', `/api/affidavits/${id}/price/`, { version: 0 });
    const edited = await call('PUT', `/api/affidavits/${id}/`, { version: 1, fields: { ...FIELDS, buyer_phone: '09121112235', price: '900000000' } });
    expect(edited.json().data).toMatchObject({ state: 'draft', fee: null, version: 2 });
    expect((await call('POST', `/api/affidavits/${id}/price/`, { version: 1 })).statusCode).toBe(409);
    expect((await call('POST', `/api/affidavits/${id}/update-state/`, { action: 'cancel', version: 2 })).json()).toMatchObject({ reason: ['دلیل را بنویسید.'] });
    expect((await call('POST', `/api/affidavits/${id}/update-state/`, { action: 'cancel', version: 2, reason: 'انصراف خریدار' })).json().data).toMatchObject({ state: 'canceled' });
  });

  once('refuses bad input in Persian, a missing concierge sale, the database’s own checks, and a caller without the role', async () => {
    const bad = await call('POST', '/api/affidavits/', { ...FIELDS, seller_phone: FIELDS.buyer_phone, price: '5000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ seller_phone: ['شماره خریدار و فروشنده نباید یکی باشد.'] });
    expect((await call('POST', '/api/affidavits/', { ...FIELDS, concierge_sale_id: 999999 })).json()).toMatchObject({ concierge_sale_id: ['فروش همراه با این شناسه یافت نشد.'] });
    await expect(gateway.deps.db.query(`UPDATE affidavits SET state = 'purchased' WHERE state = 'draft'`)).rejects.toThrow();
    expect((await list({ page: 'x' })).statusCode).toBe(400);
    expect((await call('GET', '/api/affidavits/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/affidavits/99999/')).statusCode).toBe(404);
  });
});
