import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { CAR_POST_WORKFLOW, CarPostDetailSchema, CarPostListPageSchema, type CarPostAction, type CarPostState } from '@panel/contracts/car-posts';
import { startTestGateway } from '../../testing';
import { seedCarPosts } from './car-posts.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

const PATHS: Record<CarPostAction, string> = {
  approve: 'approve',
  reject: 'reject',
  return_to_editing: 'editing',
  republish: 'republish',
  archive: 'archive',
  change_ownership: 'change-ownership',
};

describe.each(TEST_DRIVERS)('car posts on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let colleague: string;
  let viewer: string;
  let rejectionIds: number[];
  let editIds: number[];
  let serial = 0;
  const call = (method: 'GET' | 'POST', url: string, options: { token?: string; query?: Record<string, string>; payload?: unknown } = {}) =>
    gateway.app.inject({ method, url, query: options.query, payload: options.payload as never, headers: { authorization: `Bearer ${options.token ?? staff}` } });
  const list = async (query: Record<string, string> = {}) => {
    const response = await call('GET', '/api/car-posts/', { query });
    expect(response.statusCode, response.body).toBe(200);
    return CarPostListPageSchema.parse(response.json());
  };
  const detail = async (id: number) => CarPostDetailSchema.parse((await call('GET', `/api/car-posts/${id}/`)).json());

  /** One post in `state`, submitted `minutesAgo`. */
  const insertPost = async (state: CarPostState, minutesAgo = 60, extra: { price?: number; city?: number; findings?: unknown[]; expert?: string } = {}) => {
    serial += 1;
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const [row] = await gateway.deps.db.query<{ id: number }>(
      `INSERT INTO car_posts (token, state, car_post_type, title, model_id, brand_model, year, usage, color, gearbox, document, body_status, city_id, price,
         owner_name, owner_phone_number, body_findings, created_at, submitted_at, sales_expert_name)
       VALUES ($1, $2, 'direct', $3, (SELECT min(id) FROM car_models), 'پژو ۲۰۶ تیپ ۲', 1398, 85000, 'سفید', 'manual', 'سند تک برگ', 'بدون رنگ', $4, $5,
         'علی رضایی', '09121234567', $6, $7, $7, $8) RETURNING id`,
      [`test${String(serial).padStart(4, '0')}`, state, `آگهی آزمایشی ${serial}`, extra.city ?? 1, extra.price ?? 650_000_000, JSON.stringify(extra.findings ?? []), at, extra.expert ?? null],
    );
    return row!.id;
  };
  const bodyFor = (action: CarPostAction, id: number, version: number) => {
    if (action === 'reject') return { version, reasons: rejectionIds.slice(0, 2), text: 'عکس‌ها را دوباره بگیرید' };
    if (action === 'return_to_editing') return { version, reasons: [editIds[0]], text: '' };
    if (action === 'change_ownership') return { version, phone_number: '۰۹۳۵۱۱۱۲۲۳۳', owner_name: 'نیما شریفی', reason: 'فروش خودرو' };
    return { version };
  };
  const act = (action: CarPostAction, id: number, version: number, token?: string) => call('POST', `/api/car-posts/${id}/${PATHS[action]}/`, { token, payload: bodyFor(action, id, version) });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    colleague = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'بیننده', last_name: '' }, []);
    rejectionIds = ((await call('GET', '/api/car-posts/rejection-reasons/')).json() as { results: { id: number }[] }).results.map((r) => r.id);
    editIds = ((await call('GET', '/api/car-posts/edit-reasons/')).json() as { results: { id: number }[] }).results.map((r) => r.id);
  });
  afterAll(() => gateway.close());

  it('walks the table: every allowed move succeeds from every state that allows it, and is logged', async () => {
    for (const action of CAR_POST_WORKFLOW.actionList) {
      for (const from of CAR_POST_WORKFLOW.actions[action].from) {
        const id = await insertPost(from);
        const response = await act(action, id, 1);
        expect(response.statusCode, `${action} from ${from}: ${response.body}`).toBe(200);
        expect(response.json().data).toMatchObject({ id, state: CAR_POST_WORKFLOW.target(action, from), version: 2 });
        const [entry] = (await call('GET', `/api/car-posts/${id}/history/`)).json().results;
        expect(entry).toMatchObject({ action, from_state: from, to_state: CAR_POST_WORKFLOW.target(action, from), actor_username: 'sara', actor_fullname: 'سارا احمدی' });
      }
    }
  });

  it('refuses every move the table does not allow with the Persian 409, and changes nothing', async () => {
    for (const action of CAR_POST_WORKFLOW.actionList) {
      for (const from of CAR_POST_WORKFLOW.stateList.filter((s) => !CAR_POST_WORKFLOW.can(action, s))) {
        const id = await insertPost(from);
        const response = await act(action, id, 1);
        expect(response.statusCode, `${action} from ${from}`).toBe(409);
        expect(response.json().message).toContain(`در وضعیت «${CAR_POST_WORKFLOW.label(from)}» است`);
        expect((await detail(id)).state).toBe(from);
      }
    }
  });

  once('rejects with two reasons from the list and records what the seller is told (feedback, SMS)', async () => {
    const id = await insertPost('pending');
    const response = await act('reject', id, 1);
    expect(response.statusCode).toBe(200);
    const [feedback] = (await call('GET', `/api/car-posts/${id}/feedback/`)).json().results;
    expect(feedback.reasons).toEqual(['تصاویر نامناسب یا بی‌کیفیت', 'قیمت غیرواقعی']);
    expect(feedback.message).toBe(`آگهی «آگهی آزمایشی ${serial}» شما رد شد. دلیل: تصاویر نامناسب یا بی‌کیفیت، قیمت غیرواقعی. عکس‌ها را دوباره بگیرید`);
    const sms = await gateway.deps.db.query<{ target: string; text: string }>("SELECT target, text FROM outbox WHERE entity = 'car_post' AND entity_id = $1", [id]);
    expect(sms).toEqual([{ target: '09121234567', text: feedback.message }]);
    const [entry] = (await call('GET', `/api/car-posts/${id}/history/`)).json().results;
    expect(entry.reason).toBe('تصاویر نامناسب یا بی‌کیفیت، قیمت غیرواقعی — عکس‌ها را دوباره بگیرید');
  });

  once('refuses a rejection without a reason, or with an edit reason, in Persian', async () => {
    const id = await insertPost('pending');
    const none = await call('POST', `/api/car-posts/${id}/reject/`, { payload: { version: 1, reasons: [], text: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ reasons: ['دست‌کم یک دلیل را انتخاب کنید.'] });
    const wrongList = await call('POST', `/api/car-posts/${id}/reject/`, { payload: { version: 1, reasons: [editIds[0]] } });
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json()).toEqual({ reasons: ['دلیل انتخاب‌شده در فهرست نیست.'] });
    expect((await detail(id)).state).toBe('pending');
  });

  it('two moderators on one post at once: one wins, the other gets the Persian 409 naming what happened', async () => {
    const id = await insertPost('pending');
    const answers = await Promise.all([act('approve', id, 1, staff), act('reject', id, 1, colleague)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!.json().message as string;
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect(loser).toMatch(/^این آگهی همین حالا تغییر کرد \(«(تأیید و انتشار|رد آگهی)» توسط (سارا احمدی|رضا کریمی)\)/);
    const fresh = await detail(id);
    expect(fresh).toMatchObject({ state: winner.state, version: 2 });
    expect((await call('GET', `/api/car-posts/${id}/history/`)).json().results).toHaveLength(1);
  });

  once('changes ownership by phone (any digits) as a version of the post, refuses the same owner', async () => {
    const id = await insertPost('published');
    expect((await act('change_ownership', id, 1)).statusCode).toBe(200);
    const post = await detail(id);
    expect(post).toMatchObject({ owner_name: 'نیما شریفی', owner_phone_number: '09351112233', state: 'published', version: 2 });
    expect(post.versions[0]).toMatchObject({ version: 2, editor: 'سارا احمدی', reason: 'فروش خودرو', changes: { owner_phone_number: { from: '09121234567', to: '09351112233' } } });
    const again = await act('change_ownership', id, 2);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ phone_number: ['این شماره همین حالا مالک آگهی است.'] });
  });

  once('lists the queue oldest waiting first, with the tabs counted under the other filters', async () => {
    const older = await insertPost('pending', 60 * 24 * 30, { city: 3, price: 900_000_000 });
    const newer = await insertPost('pending', 60 * 24 * 29, { city: 3, price: 400_000_000 });
    const first = (await list({ city: '3' })).results.map((p) => p.id);
    expect(first).toEqual([older, newer]);
    expect((await list({ city: '۳', priceMax: '500000000' })).results.map((p) => p.id)).toEqual([newer]);
    const counts = (await call('GET', '/api/car-posts/states/', { query: { city: '3' } })).json().results;
    expect(counts.map((c: { state: string }) => c.state)).toEqual(['pending', 'editing', 'published', 'rejected', 'archived']);
    expect(counts[0]).toEqual({ state: 'pending', label: 'در انتظار بررسی', count: 2 });
    const around = (await call('GET', `/api/car-posts/${older}/neighbours/`, { query: { city: '3' } })).json().data;
    expect(around).toEqual({ previous: null, next: newer });
    const bad = await call('GET', '/api/car-posts/', { query: { state: 'gone' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ state: ['وضعیت آگهی نامعتبر است'] });
  });

  once('offers the sales experts who have posts on the first page, and filters by the one picked exactly', async () => {
    const maryam = await insertPost('pending', 60 * 24 * 40, { city: 5, expert: 'مریم نوری' });
    const maryamLater = await insertPost('published', 60 * 24 * 39, { city: 5, expert: 'مریم نوری' });
    await insertPost('pending', 60 * 24 * 38, { city: 5, expert: 'حسین نوری‌زاده' });
    await insertPost('pending', 60 * 24 * 37, { city: 5, expert: 'امیر طاهری' });
    const first = await list({ city: '5' });
    // Every expert with a post, whatever the other filters keep, in Persian alphabetical order.
    expect(first.sales_experts).toEqual(['امیر طاهری', 'حسین نوری‌زاده', 'مریم نوری']);
    const picked = await list({ city: '5', salesExpert: 'مریم نوری', state: 'all' });
    expect(picked.results.map((p) => [p.id, p.sales_expert_name])).toEqual([
      [maryam, 'مریم نوری'],
      [maryamLater, 'مریم نوری'],
    ]);
    const counts = (await call('GET', '/api/car-posts/states/', { query: { city: '5', salesExpert: 'مریم نوری' } })).json().results;
    expect(counts.slice(0, 3).map((c: { count: number }) => c.count)).toEqual([1, 0, 1]);
    // A pick is the whole name: a part of one (as the old contains-search took) matches no post.
    expect((await list({ city: '5', salesExpert: 'نوری', state: 'all' })).results).toEqual([]);
    // Later pages do not carry the options again.
    expect((await list({ city: '5', page: '2', pageSize: '1' })).sales_experts).toBeUndefined();
  });

  once('is staff work', async () => {
    const id = await insertPost('pending');
    expect((await call('GET', '/api/car-posts/', { token: viewer })).statusCode).toBe(403);
    expect((await act('approve', id, 1, viewer)).statusCode).toBe(403);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/car-posts/' })).statusCode).toBe(401);
  });

  once('gives the third-party insurance deadline as the day it runs out', async () => {
    const id = await insertPost('pending');
    await gateway.deps.db.query(`UPDATE car_posts SET third_party_insurance_deadline = '2026-08-01' WHERE id = $1`, [id]);
    expect((await detail(id)).third_party_insurance_deadline).toBe('2026-08-01');
  });

  once('seeds demo posts with galleries served by the media store', async () => {
    await seedCarPosts(gateway.deps.db, 12);
    const page = await list({ state: 'all', search: 'ایران' });
    expect(page.count).toBeGreaterThanOrEqual(0);
    const all = await list({ state: 'all', pageSize: '100' });
    const seeded = all.results.filter((p) => !p.token.startsWith('test'));
    expect(seeded).toHaveLength(12);
    const post = await detail(seeded[0]!.id);
    expect(post.car_images.length).toBeGreaterThanOrEqual(3);
    expect(post.car_images[0]!.is_cover).toBe(true);
    expect(post.price % 1_000_000).toBe(0);
    // Insurance deadlines are days: most in the coming year, a few just past, some unknown.
    for (const { id } of seeded) {
      const deadline = (await detail(id)).third_party_insurance_deadline;
      if (deadline !== null) expect(Math.abs(Date.parse(deadline) - Date.now())).toBeLessThan(400 * 86_400_000);
    }
    const image = await call('GET', post.car_images[0]!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe(post.car_images[0]!.type);
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    const again = await gateway.app.inject({ method: 'GET', url: post.car_images[0]!.url, headers: { authorization: `Bearer ${staff}`, 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
