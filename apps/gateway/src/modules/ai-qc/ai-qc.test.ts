import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { AiTextPageSchema, AiTextSchema, type AiText } from '@panel/contracts/ai-qc';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

// The model of these tests: every text they submit names it, so the seeded texts stay out of their counts.
const MODEL = 'test-summarizer-v1';
const SUMMARY = 'خودروي پژو ۲۰۶ در بازديد كارشناسي بررسي شد. بدنه سالم است و موتور خوب كار مي‌كند. لاستیک‌ها ٧٠ درصد آج دارند.';

describe.each(TEST_DRIVERS)('ai-qc on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let supervisor: string;
  let viewer: string;
  let order: number;
  let post: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = staff) =>
    gateway.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const list = async (query: Record<string, string> = {}) => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/ai-qc/', query: { model: MODEL, ...query }, headers: { authorization: `Bearer ${staff}` } });
    expect(response.statusCode, response.body).toBe(200);
    return AiTextPageSchema.parse(response.json());
  };
  const submit = async (over: object = {}): Promise<AiText> => {
    const response = await call('POST', '/api/ai-qc/', { kind: 'report_summary', model: MODEL, subject_id: order, text: SUMMARY, ...over });
    expect(response.statusCode, response.body).toBe(201);
    return AiTextSchema.parse(response.json().data.text);
  };
  const history = async (id: number) => ((await call('GET', `/api/ai-qc/${id}/history/`)).json().results as { action: string; from_state: string | null; to_state: string; reason: string }[]).reverse();

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    supervisor = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    order = (await gateway.deps.db.query<{ pk: number }>('SELECT pk FROM inspections ORDER BY pk LIMIT 1'))[0]!.pk;
    post = (await gateway.deps.db.query<{ id: number }>('SELECT id FROM car_posts ORDER BY id LIMIT 1'))[0]!.id;
  }, 180_000);
  afterAll(() => gateway?.close());

  once('seeds texts in every state, each with its history, passing the table’s checks', async () => {
    const seeded = await gateway.deps.db.query<{ state: string; n: number; logged: number }>(
      `SELECT state, count(*)::int AS n, sum((SELECT count(*) FROM action_log l WHERE l.entity = 'ai_text' AND l.entity_id = t.id))::int AS logged FROM ai_texts t GROUP BY state ORDER BY state`,
    );
    expect(seeded.map((s) => s.state)).toEqual(['approved', 'pending', 'regenerating', 'rejected']);
    for (const s of seeded) expect(s.logged).toBe(s.state === 'pending' ? s.n : 2 * s.n);
    const [edited] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ai_texts WHERE edited AND change_percent > 0 AND final_text <> machine_text`);
    expect(edited!.n).toBeGreaterThan(0);
  });

  once('takes a model’s text about an order or a post, normalised, and refuses an unknown subject in Persian', async () => {
    const text = await submit();
    expect(text).toMatchObject({ state: 'pending', version: 0, revision: 1, kind_label: 'خلاصه گزارش کارشناسی', subject_type: 'inspection', subject_id: order, final_text: null, edited: false });
    expect(text.machine_text).toBe('خودروی پژو ۲۰۶ در بازدید کارشناسی بررسی شد. بدنه سالم است و موتور خوب کار می‌کند. لاستیک‌ها ۷۰ درصد آج دارند.');
    expect(text.subject_code).not.toBe('');
    const about = await submit({ kind: 'post_description', subject_id: post, text: 'خودرو تمیز و کم‌کار است و سند آن آماده انتقال است.' });
    expect(about).toMatchObject({ subject_type: 'car_post', subject_id: post });
    const unknown = await call('POST', '/api/ai-qc/', { kind: 'post_highlights', model: MODEL, subject_id: 987654321, text: SUMMARY });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ subject_id: ['آگهی خودرو با این شناسه یافت نشد.'] });
    const models = (await call('GET', '/api/ai-qc/models/')).json().results as { name: string }[];
    expect(models.map((m) => m.name)).toContain(MODEL);
  });

  once('lists the queue by default, oldest first, and filters by state, kind, edit and words in SQL', async () => {
    const queue = await list();
    expect(queue.results.every((t) => t.state === 'pending')).toBe(true);
    const at = queue.results.map((t) => t.created_at);
    expect(at).toEqual([...at].sort());
    expect((await list({ kind: 'post_description' })).results.every((t) => t.kind === 'post_description')).toBe(true);
    const words = await list({ search: 'بازديد كارشناسي' });
    expect(words.count).toBeGreaterThan(0);
    expect(words.results.every((t) => t.machine_text.includes('بازدید کارشناسی'))).toBe(true);
    const all = await gateway.app.inject({ method: 'GET', url: '/api/ai-qc/?state=&sort=created_at&isAscending=false&pageSize=5', headers: { authorization: `Bearer ${staff}` } });
    const every = AiTextPageSchema.parse(all.json());
    expect(every.count).toBeGreaterThanOrEqual(40);
    expect(new Set(every.results.map((t) => t.created_at)).size).toBeGreaterThan(0);
    const edited = AiTextPageSchema.parse((await gateway.app.inject({ method: 'GET', url: '/api/ai-qc/?state=approved&edited=true&sort=change_percent', headers: { authorization: `Bearer ${staff}` } })).json());
    expect(edited.results.every((t) => t.edited && t.change_percent! > 0)).toBe(true);
    const first = queue.results[0]!;
    expect((await list({ search: String(first.id) })).results.map((t) => t.id)).toContain(first.id);
  });

  it('walks the table: approve, edit and approve with the change kept, reject with a reason, regenerate, the model’s new text, a supervisor’s reopen', async () => {
    const plain = await submit();
    const approved = await call('POST', `/api/ai-qc/${plain.id}/approve/`, { version: 0 });
    expect(approved.json().data).toMatchObject({ message: 'متن تأیید شد.', text: { state: 'approved', final_text: plain.machine_text, edited: false, changed_words: 0, change_percent: 0, reviewed_by: 'سارا احمدی', version: 1 } });
    const again = await call('POST', `/api/ai-qc/${plain.id}/approve/`, { version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^متن .+ در وضعیت «تأییدشده» است و «تأیید» برای آن ممکن نیست.$/);

    const edit = await submit();
    const same = await call('POST', `/api/ai-qc/${edit.id}/edit-approve/`, { version: 0, text: ` ${edit.machine_text.replace(/ /g, '  ')} ` });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ text: ['متن تغییری نکرده است؛ برای تأیید بدون ویرایش، «تأیید» را بزنید.'] });
    const changed = edit.machine_text.replace('موتور خوب', 'موتور بسيار خوب');
    const edited = await call('POST', `/api/ai-qc/${edit.id}/edit-approve/`, { version: 0, text: changed });
    expect(edited.json().data).toMatchObject({ message: 'متن ویرایش و تأیید شد.', text: { state: 'approved', edited: true, changed_words: 1, change_percent: 2, final_text: changed.replace('بسيار', 'بسیار') } });
    expect((await list({ state: 'approved', edited: 'true' })).results.map((t) => t.id)).toContain(edit.id);
    expect((await list({ state: 'approved', edited: 'false' })).results.map((t) => t.id)).toContain(plain.id);

    const bad = await submit();
    const noReason = await call('POST', `/api/ai-qc/${bad.id}/reject/`, { version: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ reason_code: ['دلیل رد را انتخاب کنید.'] });
    expect((await call('POST', `/api/ai-qc/${bad.id}/reject/`, { version: 0, reason_code: 'other' })).json()).toMatchObject({ note: ['برای «سایر»، دلیل رد را بنویسید.'] });
    const rejected = await call('POST', `/api/ai-qc/${bad.id}/reject/`, { version: 0, reason_code: 'wrong_facts', note: 'کارکرد با گزارش نمی‌خواند.' });
    expect(rejected.json().data.text).toMatchObject({ state: 'rejected', reject_reason: 'wrong_facts', review_note: 'کارکرد با گزارش نمی‌خواند.' });

    const retry = await submit();
    expect((await call('POST', `/api/ai-qc/${retry.id}/update-state/`, { version: 0, action: 'regenerate' })).json()).toMatchObject({ reason: ['دلیل را بنویسید.'] });
    const back = await call('POST', `/api/ai-qc/${retry.id}/update-state/`, { version: 0, action: 'regenerate', reason: 'کوتاه‌تر بنویس.' });
    expect(back.json().data.text).toMatchObject({ state: 'regenerating', review_note: 'کوتاه‌تر بنویس.' });
    expect((await call('POST', `/api/ai-qc/${retry.id}/approve/`, { version: 1 })).statusCode).toBe(409);
    const renewed = await call('POST', `/api/ai-qc/${retry.id}/regenerated/`, { version: 1, model: 'test-summarizer-v2', text: 'بدنه سالم و موتور بی‌نقص است.' });
    expect(renewed.json().data.text).toMatchObject({ state: 'pending', revision: 2, model: 'test-summarizer-v2', machine_text: 'بدنه سالم و موتور بی‌نقص است.', review_note: '' });

    const refused = await call('POST', `/api/ai-qc/${bad.id}/update-state/`, { version: 1, action: 'reopen', reason: 'بررسی دوباره' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('«بازگشت به صف بررسی» فقط از سرپرست برمی‌آید.');
    const reopened = await call('POST', `/api/ai-qc/${edit.id}/update-state/`, { version: 1, action: 'reopen', reason: 'ویرایش اشتباه بود.' }, supervisor);
    expect(reopened.json().data.text).toMatchObject({ state: 'pending', final_text: null, edited: false, change_percent: null, reviewed_by: null });

    expect((await history(edit.id)).map((h) => [h.action, h.from_state, h.to_state])).toEqual([
      ['submit', null, 'pending'],
      ['edit_approve', 'pending', 'approved'],
      ['reopen', 'approved', 'pending'],
    ]);
    expect((await history(edit.id))[1]!.reason).toBe('تغییر ۲٪ واژه‌ها (۱ واژه حذف یا افزوده شد)');
    expect((await history(bad.id)).at(-1)!.reason).toBe('اطلاعات نادرست یا مغایر با گزارش: کارکرد با گزارش نمی‌خواند.');
  });

  it('gives one winner when two reviewers decide one text at once, and refuses a stale version', async () => {
    const text = await submit();
    const answers = await Promise.all([
      call('POST', `/api/ai-qc/${text.id}/approve/`, { version: 0 }),
      call('POST', `/api/ai-qc/${text.id}/edit-approve/`, { version: 0, text: `${text.machine_text} رنگ خودرو سفید است.` }, supervisor),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('این متن همین حالا بررسی یا تغییر داده شد؛ وضعیت تازه نمایش داده شد.');
    const [log] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM action_log WHERE entity = 'ai_text' AND entity_id = $1 AND action IN ('approve', 'edit_approve')`, [text.id]);
    expect(log!.n).toBe(1);

    const twice = await submit();
    const both = await Promise.all([1, 2].map(() => call('POST', `/api/ai-qc/${twice.id}/approve/`, { version: 0 })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  once('offers the oldest waiting text after the one just reviewed, within a kind', async () => {
    const first = await submit({ kind: 'report_technical' });
    const second = await submit({ kind: 'report_technical' });
    const [oldest] = await gateway.deps.db.query<{ id: number }>(`SELECT id FROM ai_texts WHERE state = 'pending' AND kind = 'report_technical' ORDER BY created_at, id LIMIT 2`);
    const next = (await call('GET', `/api/ai-qc/next/?kind=report_technical&after=${oldest!.id}`)).json().result as AiText;
    expect(next.kind).toBe('report_technical');
    expect(next.id).not.toBe(oldest!.id);
    expect(next.state).toBe('pending');
    await call('POST', `/api/ai-qc/${first.id}/approve/`, { version: 0 });
    await gateway.deps.db.query(`UPDATE ai_texts SET state = 'regenerating', version = version + 1 WHERE kind = 'report_technical' AND state = 'pending' AND id <> $1`, [second.id]);
    expect((await call('GET', `/api/ai-qc/next/?kind=report_technical&after=${second.id}`)).json()).toEqual({ result: null });
  });

  once('refuses bad input in Persian, the database’s own checks, an unknown text and a caller without the role', async () => {
    expect((await call('GET', '/api/ai-qc/?page=x')).statusCode).toBe(400);
    expect((await call('GET', '/api/ai-qc/?state=published')).json()).toMatchObject({ state: [expect.any(String)] });
    expect((await call('GET', '/api/ai-qc/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/ai-qc/', { kind: 'report_summary', model: MODEL, subject_id: order, text: SUMMARY }, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/ai-qc/99999999/')).statusCode).toBe(404);
    expect((await call('POST', '/api/ai-qc/99999999/approve/', { version: 0 })).statusCode).toBe(404);
    await expect(gateway.deps.db.query(`UPDATE ai_texts SET state = 'approved' WHERE state = 'pending'`)).rejects.toThrow();
    await expect(gateway.deps.db.query(`UPDATE ai_texts SET state = 'rejected', reject_reason = 'other', reviewed_by = 'x', reviewed_at = now() WHERE state = 'pending'`)).rejects.toThrow();
  });
});
