import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { NPS_WORKFLOW, NpsAnswerDetailSchema, NpsListFilterSchema, NpsPageSchema, NpsTrendSchema, npsScore, type NpsAction, type NpsState } from '@panel/contracts/nps';
import { kyselyOf } from '../../db/kysely';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';
import { startTestGateway } from '../../testing';
import { seedNps } from './nps.seed';
import { npsFigureCounted, npsTrendCounted, type NpsTablesAll } from './nps.service';


/** A path through the table from B to each state (the reason each move needs, the root cause a close needs). */
const PATHS: Record<Exclude<NpsState, 'B'>, NpsAction[]> = {
  A: ['exclude'],
  C: ['open_followup'],
  D: ['open_followup', 'no_answer'],
  E: ['open_followup', 'call_back'],
  F: ['open_followup', 'call_back', 'refer'],
  G: ['open_followup', 'call_back', 'resolve'],
  H: ['open_followup', 'call_back', 'resolve', 'close'],
};

describe.each(TEST_DRIVERS)('nps on $name', (driver) => {
  const { usePostgres } = driver;
  // The lists, the figures and bad input need one driver; the walks and the races both (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let supervisor: string;
  let viewer: string;
  let phone = 1000;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = staff) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const list = async (query: Record<string, string> = {}) => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/nps/answers/', query, headers: { authorization: `Bearer ${staff}` } });
    expect(response.statusCode, response.body).toBe(200);
    return NpsPageSchema.parse(response.json());
  };
  const detail = async (id: number) => NpsAnswerDetailSchema.parse((await call('GET', `/api/nps/answers/${id}/`)).json());
  const record = async (score: number, over: object = {}) => {
    phone += 1;
    const response = await call('POST', '/api/nps/answers/', { score, comment: 'کارشناس دیر رسید', customer_name: 'نرگس امینی', customer_phone: `0935000${phone}`, ...over });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; state: NpsState; version: number };
  };
  const step = (id: number, version: number, action: NpsAction, extra: object = {}, token = staff) =>
    call('POST', `/api/nps/answers/${id}/update-state/`, { version, action, ...extra }, token);
  const needs = (action: NpsAction) => ({
    ...(NPS_WORKFLOW.actions[action].reason === 'required' ? { reason: 'بررسی شد' } : {}),
    ...(action === 'close' ? { root_cause: 'expert_delay' } : {}),
  });
  /** Walks `actions` from B as a supervisor (who may take every action), answering the last version. */
  const walk = async (id: number, actions: NpsAction[], version = 0) => {
    for (const action of actions) {
      const response = await step(id, version, action, needs(action), supervisor);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      version = response.json().data.version;
    }
    return version;
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    supervisor = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    await seedNps(gateway.deps.db, 400);
  }, 120_000);
  afterAll(() => gateway?.close());

  once('seeds answers that pass every check, with their paths as history, and seeds once', async () => {
    const [seeded] = await gateway.deps.db.query<{ n: number; states: number; logs: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT state)::int AS states,
              (SELECT count(*)::int FROM action_log WHERE entity = 'nps_answer') AS logs FROM nps_answers`,
    );
    expect(seeded).toMatchObject({ n: 400, states: 8 });
    expect(seeded!.logs).toBeGreaterThan(400);
    // The history's last move leads to the state the row holds, and the version counts the moves.
    const [mismatch] = await gateway.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM nps_answers a
        CROSS JOIN LATERAL (SELECT to_state FROM action_log l WHERE l.entity = 'nps_answer' AND l.entity_id = a.id ORDER BY at DESC, id DESC LIMIT 1) last
        WHERE last.to_state <> a.state OR a.version <> (SELECT count(*) - 1 FROM action_log l WHERE l.entity = 'nps_answer' AND l.entity_id = a.id)`,
    );
    expect(mismatch!.n).toBe(0);
    await seedNps(gateway.deps.db, 400);
    expect((await list({ state: '' })).count).toBe(400);
  });

  once('shows B–H by default with the figure of the filtered set counted by the database', async () => {
    const [all] = await gateway.deps.db.query<{ n: number; p: number; d: number; a: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE score >= 9)::int AS p, count(*) FILTER (WHERE score <= 6)::int AS d, count(*) FILTER (WHERE state = 'A')::int AS a
         FROM nps_answers WHERE state <> 'A'`,
    );
    const first = await list();
    expect(first).toMatchObject({ count: all!.n, page: 1, pageSize: 20 });
    expect(first.results).toHaveLength(20);
    expect(first.results.every((r) => r.state !== 'A')).toBe(true);
    expect(first.totals).toMatchObject({ count: all!.n, promoters: all!.p, detractors: all!.d });
    expect(first.totals.promoters + first.totals.passives + first.totals.detractors).toBe(all!.n);
    expect(first.totals.nps).toBe(npsScore({ count: all!.n, promoters: all!.p, detractors: all!.d }));
    const answered = first.results.map((r) => r.answered_at);
    expect(answered).toEqual([...answered].sort().reverse());

    const detractors = await list({ group: 'detractor', state: 'B,C,D' });
    expect(detractors.results.every((r) => r.score <= 6 && r.group === 'detractor' && ['B', 'C', 'D'].includes(r.state) && r.due_at !== null)).toBe(true);
    expect(detractors.totals).toMatchObject({ promoters: 0, passives: 0, nps: -100 });
    const range = await list({ scoreMin: '۷', scoreMax: '8', sort: 'score', isAscending: 'true' });
    expect(range.results.map((r) => r.score)).toEqual([...range.results.map((r) => r.score)].sort((a, b) => a - b));
    expect(range.totals).toMatchObject({ promoters: 0, detractors: 0, nps: 0 });
    expect((await list({ state: 'A' })).results.every((r) => r.state === 'A' && r.state_label === 'کنارگذاشته')).toBe(true);
    const none = await list({ search: 'ناموجود' });
    expect(none).toMatchObject({ count: 0, totals: { count: 0, nps: null } });
  });

  once('finds overdue detractors, the last days in Jalali terms, and searches by name, phone, answer and order', async () => {
    const overdue = await list({ overdue: 'true' });
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.totals.overdue).toBe(overdue.count);
    expect(overdue.results.every((r) => r.overdue && r.score <= 6 && r.responded_at === null && Date.parse(r.due_at!) < Date.now())).toBe(true);
    const notOverdue = await list({ overdue: 'false' });
    expect(notOverdue.count + overdue.count).toBe((await list()).count);

    const today = new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);
    const recent = await list({ answeredFrom: today, answeredTo: today });
    expect(recent.results.every((r) => Date.now() - Date.parse(r.answered_at) < 25 * 3_600_000)).toBe(true);

    const { id } = await record(3, { customer_name: 'کیوان صدری', customer_phone: '09390001122' });
    expect((await list({ search: 'کیوان صد' })).results.map((r) => r.id)).toEqual([id]);
    expect((await list({ search: '۰۹۳۹۰۰۰۱' })).results.map((r) => r.id)).toEqual([id]);
    expect((await list({ search: String(id) })).results.map((r) => r.id)).toContain(id);
    const [order] = await gateway.deps.db.query<{ pk: number; code: string }>(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package) VALUES ('7700123', 'D', 'بهرام نیک‌نام', '09121110000', 1, 'پژو ۲۰۶', 'پایه') RETURNING pk, code`,
    );
    const linked = await record(10, { inspection_id: order!.pk, customer_name: 'بهرام نیک‌نام' });
    expect((await list({ search: '7700123' })).results.map((r) => [r.id, r.order_code])).toEqual([[linked.id, '7700123']]);
    expect((await detail(linked.id)).order).toMatchObject({ code: '7700123', brand_model: 'پژو ۲۰۶', city: 'تهران' });
    // One answer per order; an unknown order is named.
    expect((await call('POST', '/api/nps/answers/', { score: 9, customer_name: 'بهرام نیک‌نام', customer_phone: '09121110000', inspection_id: order!.pk })).statusCode).toBe(409);
    expect((await call('POST', '/api/nps/answers/', { score: 9, customer_name: 'بهرام نیک‌نام', customer_phone: '09121110000', inspection_id: 99999999 })).json()).toMatchObject({ inspection_id: ['سفارشی با این شناسه یافت نشد.'] });
  });

  once('draws the chart by Tehran week over the same filtered set', async () => {
    const trend = NpsTrendSchema.parse((await call('GET', '/api/nps/answers/trend/?group=detractor')).json()).results;
    expect(trend.length).toBeGreaterThan(10);
    expect(trend.length).toBeLessThanOrEqual(26);
    const weeks = trend.map((w) => w.week);
    expect(weeks).toEqual([...weeks].sort());
    // Each week starts on a Saturday.
    expect(weeks.every((w) => new Date(`${w}T00:00:00Z`).getUTCDay() === 6)).toBe(true);
    expect(trend.every((w) => w.nps === -100 && w.promoters === 0 && w.count === w.detractors)).toBe(true);
    const all = NpsTrendSchema.parse((await call('GET', '/api/nps/answers/trend/')).json()).results;
    for (const week of all) expect(week.nps).toBe(npsScore(week));
  });

  it('walks every move of the table and refuses a sample of the others in Persian', async () => {
    for (const [state, actions] of Object.entries(PATHS)) {
      const { id } = await record(4);
      const version = await walk(id, actions);
      expect(await detail(id)).toMatchObject({ state, version });
    }
    // Every allowed move from every state, each from a fresh answer brought there.
    for (const from of NPS_WORKFLOW.stateList) {
      for (const action of NPS_WORKFLOW.allowed(from)) {
        const { id } = await record(2);
        const version = await walk(id, from === 'B' ? [] : PATHS[from]);
        const response = await step(id, version, action, needs(action), supervisor);
        expect(response.statusCode, `${action} from ${from}: ${response.body}`).toBe(200);
        expect(response.json().data.state).toBe(NPS_WORKFLOW.target(action, from));
      }
    }
    const { id } = await record(6);
    const early = await step(id, 0, 'call_back');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`پاسخ نظرسنجی ${id.toLocaleString('fa-IR', { useGrouping: false })} در وضعیت «جدید» است و «تماس با مشتری» برای آن ممکن نیست.`);
    expect((await step(id, 0, 'resolve')).statusCode).toBe(409);
    expect((await step(id, 0, 'reopen', { reason: 'x' }, supervisor)).statusCode).toBe(409);
  });

  it('calls back within the target, refuses a close without a root cause, closes with one and keeps the history', async () => {
    const { id } = await record(2);
    const fresh = await detail(id);
    expect(fresh).toMatchObject({ state: 'B', group: 'detractor', overdue: false, responded_at: null, root_cause: null, order: null });
    expect(Date.parse(fresh.due_at!) - Date.parse(fresh.answered_at)).toBe(48 * 3_600_000);
    await walk(id, ['open_followup']);
    expect((await step(id, 1, 'call_back', { reason: 'مشتری منتظر بازگشت وجه است' })).json().data).toMatchObject({ state: 'E', version: 2, message: 'تماس با مشتری ثبت شد.' });
    expect((await detail(id)).responded_at).not.toBeNull();

    const refused = await step(id, 2, 'close');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ root_cause: ['برای بستن پیگیری، علت ریشه‌ای را انتخاب کنید.'] });
    expect((await step(id, 2, 'refer')).json()).toMatchObject({ reason: ['دلیل را بنویسید.'] });
    const closed = await step(id, 2, 'close', { root_cause: 'payment', reason: 'وجه برگشت داده شد' });
    expect(closed.json().data).toMatchObject({ state: 'H', version: 3, message: 'پیگیری بسته شد.' });
    expect(await detail(id)).toMatchObject({ state: 'H', root_cause: 'payment', overdue: false });

    const history = (await call('GET', `/api/nps/answers/${id}/history/`)).json().results as { action: string; from_state: string | null; to_state: string; reason: string; actor_username: string }[];
    expect(history.map((h) => h.action).reverse()).toEqual(['answer', 'open_followup', 'call_back', 'close']);
    expect(history[0]).toMatchObject({ from_state: 'E', to_state: 'H', reason: 'علت ریشه‌ای: پرداخت یا بازگشت وجه — وجه برگشت داده شد', actor_username: 'sara' });

    // Reopening is a supervisor's; it clears the root cause for the next close.
    const staffReopen = await step(id, 3, 'reopen', { reason: 'مشتری دوباره تماس گرفت' });
    expect(staffReopen.statusCode).toBe(403);
    expect(staffReopen.json().detail).toBe('«بازگشایی پیگیری» فقط از سرپرست برمی‌آید.');
    expect((await step(id, 3, 'reopen', { reason: 'مشتری دوباره تماس گرفت' }, supervisor)).json().data).toMatchObject({ state: 'C' });
    expect(await detail(id)).toMatchObject({ state: 'C', root_cause: null });
  });

  it('refuses a stale version, and one of two changes at once', async () => {
    const { id } = await record(1);
    await walk(id, ['open_followup']);
    const stale = await step(id, 0, 'call_back');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('این پاسخ همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.');
    const answers = await Promise.all([step(id, 1, 'call_back'), step(id, 1, 'no_answer')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [log] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM action_log WHERE entity = 'nps_answer' AND entity_id = $1 AND action IN ('call_back', 'no_answer')`, [id]);
    expect(log!.n).toBe(1);
  });

  /** A Tehran day `days` before today, as the list's day filter names it. */
  const tehranDay = (days = 0) => new Date(Date.now() + 3.5 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
  /** Filters the summary can answer (status, score group and range, Tehran days, overdue or not) and two it cannot (a search). */
  const FILTERS: Record<string, string>[] = [
    {},
    { state: '' },
    { state: 'B' },
    { state: 'A,H' },
    { group: 'detractor' },
    { group: 'promoter', state: '' },
    { group: 'passive', scoreMin: '8' },
    { scoreMin: '5', scoreMax: '7' },
    { scoreMax: '0', state: '' },
    { overdue: 'true' },
    { overdue: 'false' },
    { overdue: 'false', group: 'detractor', state: 'B,C' },
    { overdue: 'true', answeredTo: tehranDay(20), state: '' },
    { answeredFrom: tehranDay(7) },
    { answeredFrom: tehranDay(60), answeredTo: tehranDay(30), group: 'detractor' },
    { answeredFrom: tehranDay(), answeredTo: tehranDay() },
    { answeredFrom: '2024-03-05', answeredTo: '2024-03-05', state: '' },
    { search: 'نرگس' },
    { search: 'امینی', overdue: 'false' },
  ];
  /** Every filter's figure and chart, from the summary through the route, equal a count of the answers themselves; the summary equals a count by key. */
  const summaryAgrees = async () => {
    const q = kyselyOf<NpsTablesAll>(gateway.deps.db);
    for (const query of FILTERS) {
      const filter = NpsListFilterSchema.parse(query);
      const page = await list(query);
      expect(page.totals, JSON.stringify(query)).toEqual(await npsFigureCounted(q, filter));
      expect(page.count).toBe(page.totals.count);
      const trend = NpsTrendSchema.parse((await call('GET', `/api/nps/answers/trend/?${new URLSearchParams(query)}`)).json()).results;
      expect(trend, JSON.stringify(query)).toEqual((await npsTrendCounted(q, filter)).results);
    }
    const [differ] = await gateway.deps.db.query<{ n: number; answers: number }>(
      `SELECT count(*)::int AS n, (SELECT count(*)::int FROM nps_answers) AS answers
         FROM (SELECT nps_day(answered_at) AS day, state, score, count(*)::int AS n FROM nps_answers GROUP BY 1, 2, 3) a
         FULL JOIN (SELECT * FROM nps_days WHERE answers <> 0) d USING (day, state, score)
        WHERE a.n IS DISTINCT FROM d.answers`,
    );
    expect(differ).toMatchObject({ n: 0 });
    expect(differ!.answers).toBeGreaterThanOrEqual(400);
    const [negative] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nps_days WHERE answers < 0`);
    expect(negative!.n).toBe(0);
  };
  /** Answers inserted by one statement (as a bulk import or a seed writes them), `at` their Tehran answer time. */
  const insertAnswers = (q: { query: (text: string, params?: unknown[]) => Promise<unknown> }, rows: { score: number; state?: NpsState; at: string }[]) =>
    q.query(
      `INSERT INTO nps_answers (state, score, customer_name, customer_phone, answered_at, due_at, responded_at, root_cause, created_by)
       SELECT r.state, r.score, 'نرگس امینی', '09350009999', r.at::timestamptz, CASE WHEN r.score <= 6 THEN r.at::timestamptz + interval '48 hours' END,
              CASE WHEN r.state IN ('E', 'F', 'G', 'H') THEN r.at::timestamptz END, CASE WHEN r.state = 'H' THEN 'price' END, 'test'
         FROM json_to_recordset($1::json) AS r(state text, score int, at text)`,
      [JSON.stringify(rows.map((r) => ({ state: r.state ?? 'B', score: r.score, at: r.at })))],
    );

  once('keeps the figure and the chart in its summary equal to a count of the answers, after inserts, moves, changes of score and day, and deletes', async () => {
    await summaryAgrees();
    // Inserts: through the route (today), and many days and keys in one statement.
    for (const score of [0, 6, 7, 9, 10]) await record(score);
    await insertAnswers(
      gateway.deps.db,
      Array.from({ length: 60 }, (_, i) => ({ score: i % 11, state: (['A', 'B', 'C', 'H'] as const)[i % 4], at: `${tehranDay(i % 9)}T${String(i % 24).padStart(2, '0')}:15:00+03:30` })),
    );
    // Moves through the table, and one statement moving many.
    for (const [state, actions] of Object.entries(PATHS)) {
      const { id } = await record(state === 'A' ? 9 : 5);
      await walk(id, actions);
    }
    await gateway.deps.db.query(`UPDATE nps_answers SET state = 'H', root_cause = 'price', responded_at = coalesce(responded_at, now()) WHERE state = 'G'`);
    // A score across groups (with its target), an answer moved to another day, an update of none of the three.
    await gateway.deps.db.query(
      `UPDATE nps_answers SET score = CASE WHEN score <= 6 THEN 9 ELSE 3 END, due_at = CASE WHEN score <= 6 THEN NULL ELSE answered_at + interval '48 hours' END
        WHERE id IN (SELECT id FROM nps_answers WHERE state = 'B' ORDER BY id LIMIT 7)`,
    );
    await gateway.deps.db.query(
      `UPDATE nps_answers SET answered_at = answered_at - interval '3 days', due_at = due_at - interval '3 days' WHERE id IN (SELECT id FROM nps_answers ORDER BY id DESC LIMIT 5)`,
    );
    await gateway.deps.db.query(`UPDATE nps_answers SET comment = 'ویرایش شد' WHERE id IN (SELECT id FROM nps_answers ORDER BY id LIMIT 5)`);
    // Deletes: one, and many in one statement.
    await gateway.deps.db.query(`DELETE FROM nps_answers WHERE id = (SELECT max(id) FROM nps_answers)`);
    await gateway.deps.db.query(`DELETE FROM nps_answers WHERE id IN (SELECT id FROM nps_answers WHERE created_by = 'test' ORDER BY id LIMIT 25)`);
    await summaryAgrees();
  });

  it('keeps the counts of a day when two transactions change its answers at once', async () => {
    const day = '2024-03-05';
    await insertAnswers(gateway.deps.db, [{ score: 9, at: `${day}T08:00:00+03:30` }, { score: 3, at: `${day}T09:00:00+03:30` }, { score: 10, at: `${day}T09:30:00+03:30` }]);
    const ids = (await gateway.deps.db.query<{ id: number }>(`SELECT id FROM nps_answers WHERE nps_day(answered_at) = $1 ORDER BY id`, [day])).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const done: string[] = [];
    let written!: () => void;
    const firstWrote = new Promise<void>((resolve) => (written = resolve));
    // The first writes the day's keys (one of them new: score 5) and holds them a while before it commits.
    const first = gateway.deps.db.transaction(async (tx) => {
      await insertAnswers(tx, [{ score: 9, at: `${day}T10:00:00+03:30` }, { score: 5, at: `${day}T10:30:00+03:30` }]);
      await tx.query(`UPDATE nps_answers SET state = 'C' WHERE id = $1`, [ids[0]]);
      written();
      await new Promise((resolve) => setTimeout(resolve, 300));
      done.push('first');
    });
    await firstWrote;
    // The second changes the same keys meanwhile: on PostgreSQL it waits for the first's rows of the summary.
    const started = Date.now();
    const second = gateway.deps.db.transaction(async (tx) => {
      await insertAnswers(tx, [{ score: 5, at: `${day}T11:00:00+03:30` }, { score: 9, at: `${day}T11:30:00+03:30` }]);
      await tx.query(`UPDATE nps_answers SET state = 'C' WHERE id = $1`, [ids[2]]);
      await tx.query(`DELETE FROM nps_answers WHERE id = $1`, [ids[1]]);
      done.push('second');
    });
    await Promise.all([first, second]);
    expect(done).toEqual(['first', 'second']);
    expect(Date.now() - started).toBeGreaterThan(150);
    const rows = await gateway.deps.db.query<{ state: string; score: number; answers: number }>(
      `SELECT state, score, answers FROM nps_days WHERE day = $1 AND answers <> 0 ORDER BY state, score`,
      [day],
    );
    expect(rows).toEqual([
      { state: 'B', score: 5, answers: 2 },
      { state: 'B', score: 9, answers: 2 },
      { state: 'C', score: 9, answers: 1 },
      { state: 'C', score: 10, answers: 1 },
    ]);
    await summaryAgrees();
  });

  once('refuses bad input in Persian, the database’s own checks, an unknown answer and a caller without the role', async () => {
    const bad = await call('POST', '/api/nps/answers/', { score: 11, customer_name: 'ن', customer_phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ score: ['امتیاز را از ۰ تا ۱۰ وارد کنید.'], customer_name: ['نام مشتری را بنویسید.'] });
    await expect(gateway.deps.db.query(`UPDATE nps_answers SET state = 'H' WHERE root_cause IS NULL`)).rejects.toThrow();
    await expect(gateway.deps.db.query(`UPDATE nps_answers SET due_at = NULL WHERE score <= 6`)).rejects.toThrow();
    expect((await call('GET', '/api/nps/answers/?page=x')).statusCode).toBe(400);
    expect((await call('GET', '/api/nps/answers/?state=Z')).statusCode).toBe(400);
    expect((await call('GET', '/api/nps/answers/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/nps/answers/1/update-state/', { version: 0, action: 'open_followup' }, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/nps/answers/99999999/')).statusCode).toBe(404);
  });
});
