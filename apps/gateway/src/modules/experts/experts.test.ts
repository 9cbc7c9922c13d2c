import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, tehranDateKey } from '@panel/contracts/common';
import { ExpertOverviewSchema, ExpertSchema, ExpertTicketPageSchema, ExpertsPageSchema, EXPERTS_MESSAGES } from '@panel/contracts/experts';
import { startTestGateway } from '../../testing';
import { seedExpertTickets } from './experts.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

// Karaj's areas and one of Tehran's, as the dispatch seed makes them.
const AREAS = [
  [2001, 'گوهردشت', 2],
  [2002, 'عظیمیه', 2],
  [1001, 'منطقه ۱ - تجریش', 1],
] as const;
const FIELDS = { report_name: 'کاوه  رستمی', phone_number: '۰۹۱۲۳۴۵۶۷۸۹', level: '3', is_car_expert: true, city: 2, areas: [2001, 2002] };

describe.each(TEST_DRIVERS)('experts on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let viewer: string;
  let phone = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = staff) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const nextPhone = () => `0935${String(1_000_000 + (phone += 1)).slice(1).padStart(7, '0')}`;
  const add = async (over: object = {}) => {
    const response = await call('POST', '/api/experts/', { ...FIELDS, phone_number: nextPhone(), ...over });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { pk: number; version: number; is_active: boolean };
  };
  const detail = async (pk: number) => ExpertSchema.parse((await call('GET', `/api/experts/${pk}/`)).json());
  const today = () => tehranDateKey(new Date());
  const sheetExperts = async () => ((await call('GET', '/api/dispatch/experts/')).json().result as { pk: number }[]).map((e) => e.pk);
  const cellsOf = async (pk: number, date = today()) => ((await call('GET', `/api/dispatch/cells/?date=${date}`)).json().result as { expert_id: number; pk: number; state: number }[]).filter((c) => c.expert_id === pk);
  const count = async () => Number((await gateway.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM experts'))[0]!.n);

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    await gateway.deps.db.query(`INSERT INTO dispatch_areas (id, name, city_id) SELECT * FROM unnest($1::int[], $2::text[], $3::int[])`, [AREAS.map((a) => a[0]), AREAS.map((a) => a[1]), AREAS.map((a) => a[2])]);
    await gateway.deps.db.query(`INSERT INTO users (username, first_name, last_name, password_hash, roles) VALUES ('sara.ahmadi', 'سارا', 'احمدی', 'x', '{backoffice#staff}')`);
  }, 120_000);
  afterAll(() => gateway?.close());

  once('adds an expert of level 3 in Karaj: the sheet lists them and gives them a cell in every shift of the day', async () => {
    await call('GET', `/api/dispatch/cells/?date=${today()}`); // the sheet has made today before the expert came
    const { pk } = await add();
    const expert = await detail(pk);
    expect(expert).toMatchObject({ report_name: 'کاوه رستمی', level: 3, city: 2, city_name: 'کرج', area_names: ['گوهردشت', 'عظیمیه'], is_active: true, username: `expert${pk}` });
    expect(await sheetExperts()).toContain(pk);
    expect(await cellsOf(pk)).toHaveLength(6);
    const history = (await call('GET', `/api/experts/${pk}/history/`)).json().results as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['add']);
  });

  once('refuses bad input in Persian and changes nothing: a taken phone, areas of another city, no type; the database refuses too', async () => {
    const taken = (await add()).pk;
    const before = await count();
    const samePhone = await call('POST', '/api/experts/', { ...FIELDS, phone_number: (await detail(taken)).phone_number });
    expect(samePhone.statusCode).toBe(400);
    expect(samePhone.json().phone_number).toEqual([EXPERTS_MESSAGES.phoneTaken]);
    const tehranArea = await call('POST', '/api/experts/', { ...FIELDS, phone_number: nextPhone(), areas: [1001] });
    expect(tehranArea.json().areas).toEqual([EXPERTS_MESSAGES.areaOutsideCity]);
    const noType = await call('POST', '/api/experts/', { ...FIELDS, phone_number: nextPhone(), is_car_expert: false });
    expect(noType.json().is_car_expert).toEqual([EXPERTS_MESSAGES.noType]);
    expect((await call('POST', '/api/experts/', { ...FIELDS, phone_number: nextPhone(), level: 6 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    await expect(gateway.deps.db.query(`UPDATE experts SET areas = '{1001}' WHERE pk = $1`, [taken])).rejects.toThrow();
    await expect(gateway.deps.db.query(`UPDATE experts SET is_car_expert = false WHERE pk = $1`, [taken])).rejects.toThrow();
    await expect(gateway.deps.db.query(`UPDATE experts SET areas = '{}' WHERE pk = $1`, [taken])).rejects.toThrow();
  });

  it('edits with the version read: two staff saving at once, one wins and the other hears it changed', async () => {
    const { pk, version } = await add();
    const edit = (name: string) => call('PUT', `/api/experts/${pk}/`, { version, fields: { ...FIELDS, phone_number: nextPhone(), report_name: name, level: 4 } });
    const answers = await Promise.all([edit('کاوه رستمی نو'), edit('کاوه رستمی دیگر')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(EXPERTS_MESSAGES.stale);
    expect(await detail(pk)).toMatchObject({ level: 4, version: version + 1 });
  });

  it('deactivates with a reason: refused while the expert holds an order today; then off the sheet, free cells unavailable, no cells on new days', async () => {
    const { pk, version } = await add();
    const [cell] = await cellsOf(pk);
    const [order] = await gateway.deps.db.query<{ pk: number; code: string }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, visit_date, time_slot, price, expert_id)
       VALUES ('9' || nextval('inspections_pk_seq'), 'O', 'نرگس نوری', '09121112233', 2, 'تارا', 'کارشناسی استاندارد', $1, '08-10', 690000, $2) RETURNING pk, code`,
      [today(), pk],
    );
    await gateway.deps.db.query('UPDATE expert_timeslots SET inspection_id = $1, state = 2 WHERE pk = $2', [order!.pk, cell!.pk]);
    const step = (v: number, reason = 'پایان همکاری') => call('POST', `/api/experts/${pk}/update-state/`, { version: v, action: 'deactivate', reason });
    expect((await step(version, '  ')).json().reason).toBeDefined();
    const held = await step(version);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('سفارش تخصیص‌یافته');
    expect((await detail(pk)).is_active).toBe(true);

    await gateway.deps.db.query(`UPDATE inspections SET state = 'F' WHERE pk = $1`, [order!.pk]);
    const done = await step(version);
    expect(done.statusCode, done.body).toBe(200);
    expect(await sheetExperts()).not.toContain(pk);
    expect((await cellsOf(pk)).filter((c) => c.pk !== cell!.pk).every((c) => c.state === 1)).toBe(true);
    expect((await call('POST', `/api/experts/${pk}/update-state/`, { version, action: 'activate' })).statusCode).toBe(409);
    // A day the sheet makes after it (none of these tests has read it yet) has no cell for them, and cells for the active.
    const later = tehranDateKey(new Date(Date.now() + 4 * 86_400_000));
    const laterCells = (await call('GET', `/api/dispatch/cells/?date=${later}`)).json().result as { expert_id: number }[];
    expect(laterCells.length).toBeGreaterThan(0);
    expect(laterCells.filter((c) => c.expert_id === pk)).toHaveLength(0);
    const log = (await call('GET', `/api/experts/${pk}/history/`)).json().results as { action: string; reason: string }[];
    expect(log[0]).toMatchObject({ action: 'deactivate', reason: 'پایان همکاری' });

    const back = await call('POST', `/api/experts/${pk}/update-state/`, { version: version + 1, action: 'activate' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await sheetExperts()).toContain(pk);
  });

  once('lists twenty to a page with the filters of the address, in SQL', async () => {
    for (let n = 0; n < 22; n += 1) await add({ report_name: `کارشناس آزمون ${n}`, level: String(n % 6), is_motor_cycle_expert: n % 2 === 0, areas: [n % 3 === 0 ? 2002 : 2001] });
    const list = async (query: Record<string, string>) => ExpertsPageSchema.parse((await gateway.app.inject({ method: 'GET', url: '/api/experts/', query, headers: { authorization: `Bearer ${staff}` } })).json());
    const first = await list({});
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.count).toBe(await count());
    expect(first.results).toHaveLength(20);
    expect((await list({ level: '3,4' })).results.every((e) => e.level === 3 || e.level === 4)).toBe(true);
    const motor = await list({ type: 'is_motor_cycle_expert' });
    expect(motor.count).toBe(11);
    expect((await list({ area: '2002' })).results.every((e) => e.areas.includes(2002))).toBe(true);
    expect((await list({ search: 'آزمون' })).count).toBe(22);
    const one = first.results[0]!;
    expect((await list({ search: one.phone_number! })).results.map((e) => e.pk)).toEqual([one.pk]);
    expect((await list({ active: 'false' })).results.every((e) => !e.is_active)).toBe(true);
    const byLevel = (await list({ sort: 'level', isAscending: 'false' })).results.map((e) => e.level);
    expect(byLevel).toEqual([...byLevel].sort((a, b) => b - a));
    expect((await call('GET', '/api/experts/?level=9')).statusCode).toBe(400);
    expect((await call('GET', '/api/experts/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/experts/', { ...FIELDS, phone_number: nextPhone() }, viewer)).statusCode).toBe(403);
  });

  once('shows an expert the week from the sheet, their inspections and the messages sent to them', async () => {
    await call('GET', `/api/dispatch/cells/?date=${today()}`); // the sheet has made today (alone, no other test did)
    const { pk } = await add();
    const expert = await detail(pk);
    await gateway.deps.db.query(`INSERT INTO outbox (channel, target, text, created_by) VALUES ('push', $1, 'شیفت فردا تغییر کرد', 'sara'), ('sms', $2, 'کد ورود شما ۱۲۳۴', 'system'), ('push', '999999', 'دیگری', 'sara')`, [String(pk), expert.phone_number]);
    const overview = ExpertOverviewSchema.parse((await call('GET', `/api/experts/${pk}/overview/`)).json().data);
    expect(overview.week[0]).toMatchObject({ date: today() });
    expect(overview.week[0]!.shifts).toHaveLength(6);
    expect(overview.messages.map((m) => m.text).sort()).toEqual(['شیفت فردا تغییر کرد', 'کد ورود شما ۱۲۳۴'].sort());
    expect((await call('GET', '/api/experts/99999999/overview/')).statusCode).toBe(404);
  });

  it('keeps the experts\' tickets on the ticket kit: filtered by expert, replied, resolved once when two staff close it at once', async () => {
    await seedExpertTickets(gateway.deps.db, 30);
    const page = ExpertTicketPageSchema.parse((await call('GET', '/api/experts/tickets/?resolved=')).json());
    expect(page.count).toBe(30);
    const ticket = page.results.find((t) => !t.resolved)!;
    const mine = ExpertTicketPageSchema.parse((await call('GET', `/api/experts/tickets/?resolved=&expert=${ticket.expert_id}`)).json());
    expect(mine.results.every((t) => t.expert_id === ticket.expert_id)).toBe(true);
    expect((await call('POST', `/api/experts/tickets/${ticket.pk}/reply/`, { body: 'بررسی می‌کنیم' })).statusCode).toBe(200);
    const closes = await Promise.all([1, 2].map(() => call('POST', `/api/experts/tickets/${ticket.pk}/resolve/`, { note: 'حل شد' })));
    expect(closes.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(closes.find((c) => c.statusCode === 409)!.json().message).toBe('این تیکت قبلا بسته شده است.');
    const thread = (await call('GET', `/api/experts/tickets/${ticket.pk}/thread/`)).json().data as { replies: unknown[]; history: { action: string }[] };
    expect(thread.replies.length).toBeGreaterThan(0);
    expect(thread.history.map((h) => h.action)).toContain('resolve');
    expect((await call('GET', '/api/experts/tickets/', undefined, viewer)).statusCode).toBe(403);
  });
});
