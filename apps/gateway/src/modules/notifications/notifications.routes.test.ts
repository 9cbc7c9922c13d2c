import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, formatJalaliDate, toLatinDigits } from '@panel/contracts/common';
import { MANUAL_SMS_PER_MINUTE, NOTIFICATION_MESSAGES, OutboxPageSchema, SmsTemplatePageSchema, SmsTemplateSchema, TEMPLATE_WORKFLOW, type TemplateState } from '@panel/contracts/notifications';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('notifications on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  let colleague: string;
  let viewer: string;
  let serial = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; query?: Record<string, string>; payload?: unknown } = {}) =>
    gateway.app.inject({ method, url, query: options.query, payload: options.payload as never, headers: { authorization: `Bearer ${options.token ?? staff}` } });
  const T = '/api/notifications/sms-templates';
  const template = async (id: number) => SmsTemplateSchema.parse((await call('GET', `${T}/${id}/`)).json());
  const newTemplate = async (text = 'سلام {name}، کد شما {code} است.') => {
    serial += 1;
    const made = await call('POST', `${T}/`, { payload: { name: `قالب آزمایشی ${serial}`, text } });
    expect(made.statusCode, made.body).toBe(200);
    return template(made.json().data.id);
  };
  const pushRows = async (messageId: number) =>
    (await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'push' AND entity = 'expert_message' AND entity_id = $1`, [messageId]))[0]!.n;

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'small' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    colleague = await gateway.deps.tokens.signAccess({ id: 2, username: 'reza', first_name: 'رضا', last_name: 'کریمی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
  }, 120_000);
  afterAll(() => gateway.close());

  // Issue 28, defect 11: the seeded history quoted 1404/02/15 whatever the day.
  once('seeds SMS whose quoted dates follow the day each was sent, never a fixed year', async () => {
    const rows = await gateway.deps.db.query<{ created_at: string; date: string | null }>(
      `SELECT created_at, placeholder_values->>'date' AS date FROM manual_sms WHERE placeholder_values ? 'date'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const sent = new Date(row.created_at).getTime();
      const quoted = toLatinDigits(row.date!);
      expect(quoted >= toLatinDigits(formatJalaliDate(sent)) && quoted <= toLatinDigits(formatJalaliDate(sent + 8 * 86_400_000)), `${quoted} for an SMS sent ${row.created_at}`).toBe(true);
    }
  });

  once('lists the seeded SMS history newest first, filtered in SQL, with what each message concerns and its page', async () => {
    const page = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { token: viewer })).json());
    expect(page.pageSize).toBe(20);
    expect(page.count).toBeGreaterThanOrEqual(25);
    const times = page.results.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.results.every((m) => m.channel === 'sms' && m.state === 'recorded')).toBe(true);

    const fromTemplates = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { entity: 'sms_template', pageSize: '100' } })).json());
    expect(fromTemplates.count).toBeGreaterThan(0);
    expect(fromTemplates.results.every((m) => m.subject.entity === 'sms_template' && m.subject.title && m.subject.url?.startsWith('/panel/sms?tab=templates&template='))).toBe(true);
    const free = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { entity: 'none', pageSize: '100' } })).json());
    expect(free.count + fromTemplates.count).toBe(page.count);

    // An SMS another module wrote (an order's) links to the order.
    const [order] = await gateway.deps.db.query<{ pk: number; code: string }>('SELECT pk, code FROM inspections ORDER BY pk LIMIT 1');
    await gateway.deps.db.query(`INSERT INTO outbox (channel, target, text, entity, entity_id, created_by) VALUES ('sms', '09127776655', 'لینک پرداخت سفارش', 'inspection', $1, 'sara')`, [order!.pk]);
    const byPhone = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { target: '۰۹۱۲۷۷۷' } })).json());
    expect(byPhone.results).toHaveLength(1);
    expect(byPhone.results[0]).toMatchObject({ created_by_name: null, subject: { entity: 'inspection', id: order!.pk, title: order!.code, url: `/panel/inspection/orders/${order!.pk}` } });
    const byText = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { text: 'لینک پرداخت سفارش', entity: 'inspection' } })).json());
    expect(byText.count).toBe(1);
    const sorted = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { sort: 'target', isAscending: 'true' } })).json());
    const targets = sorted.results.map((m) => m.target);
    expect(targets).toEqual([...targets].sort());
    const bad = await call('GET', '/api/notifications/outbox/', { query: { sort: 'password' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ sort: ['ترتیب نامعتبر است'] });
  });

  it('walks the template state table: each allowed move once, every refused move a Persian 409, each logged in the history', async () => {
    const t = await newTemplate();
    expect(t).toMatchObject({ state: 'active', version: 1, placeholders: ['name', 'code'] });
    const moveTo = (action: 'activate' | 'deactivate', version: number, token = staff) => call('POST', `${T}/${t.id}/${action}/`, { token, payload: { version, reason: 'آزمون' } });
    const walk: { action: 'activate' | 'deactivate'; from: TemplateState }[] = [];
    for (const from of TEMPLATE_WORKFLOW.stateList) for (const action of ['activate', 'deactivate'] as const) walk.push({ action, from });
    let current = t;
    for (const { action, from } of walk) {
      if (current.state !== from) {
        const back = await moveTo(current.state === 'active' ? 'deactivate' : 'activate', current.version);
        expect(back.statusCode, back.body).toBe(200);
        current = await template(t.id);
      }
      const answer = await moveTo(action, current.version);
      if (TEMPLATE_WORKFLOW.can(action, from)) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data).toMatchObject({ state: TEMPLATE_WORKFLOW.target(action, from), version: current.version + 1, message: NOTIFICATION_MESSAGES.moved[action] });
      } else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe(TEMPLATE_WORKFLOW.refusal(action, from, `«${t.name}»`));
      }
      current = await template(t.id);
    }
    const history = (await call('GET', `${T}/${t.id}/history/`, { token: viewer })).json().results as { action: string; actor_fullname: string }[];
    expect(history.at(-1)).toMatchObject({ action: 'create', actor_fullname: 'سارا احمدی' });
    expect(history.filter((e) => e.action !== 'create').every((e) => e.action === 'activate' || e.action === 'deactivate')).toBe(true);
    expect((await moveTo('deactivate', current.version, viewer)).statusCode).toBe(403);
  });

  it('refuses a stale edit with the Persian 409, and of two edits at once exactly one wins', async () => {
    const t = await newTemplate();
    const edit = (version: number, text: string, token = staff) => call('PUT', `${T}/${t.id}/`, { token, payload: { version, name: t.name, text } });
    const first = await edit(1, 'سلام {name}، کد تازه شما {code}');
    expect(first.json().data).toMatchObject({ version: 2, message: NOTIFICATION_MESSAGES.edited });
    const stale = await edit(1, 'نسخه کهنه {name}', colleague);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(NOTIFICATION_MESSAGES.staleTemplate);

    const [a, b] = await Promise.all([edit(2, 'ویرایش الف {name}'), edit(2, 'ویرایش ب {name}', colleague)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await template(t.id);
    expect(after.version).toBe(3);
    expect(after.text).toBe(a.statusCode === 200 ? 'ویرایش الف {name}' : 'ویرایش ب {name}');
    const edits = ((await call('GET', `${T}/${t.id}/history/`)).json().results as { action: string }[]).filter((e) => e.action === 'edit');
    expect(edits).toHaveLength(2);

    const stray = await call('POST', `${T}/`, { payload: { name: 'آکولاد', text: 'سلام {نام}' } });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().text[0]).toContain('آکولاد');
    const dup = await call('POST', `${T}/`, { payload: { name: ` ${t.name} `, text: 'متن' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(NOTIFICATION_MESSAGES.duplicateName);
    const list = SmsTemplatePageSchema.parse((await call('GET', `${T}/`, { token: viewer, query: { state: 'inactive' } })).json());
    expect(list.results.every((x) => x.state === 'inactive')).toBe(true);
  });

  once('records an SMS from a template with its placeholders filled, refuses an empty placeholder and an inactive template, never sends', async () => {
    const t = await newTemplate('{name} عزیز، لینک پرداخت سفارش {code}: {link}');
    const send = (payload: unknown, token = staff) => call('POST', '/api/notifications/sms/', { token, payload });
    const missing = await send({ phone_number: '۰۹۱۲ ۳۴۵ ۶۷۸۹', template_id: t.id, values: { name: 'علی', code: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ non_field_errors: ['جای‌های خالی «کد»، «لینک» را پر کنید.'] });

    const done = await send({ phone_number: '+98 912 345 6789', template_id: t.id, values: { name: 'علی', code: '۱۰۰۰۰۲۳', link: 'https://pay.example.com/x' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ text: 'علی عزیز، لینک پرداخت سفارش ۱۰۰۰۰۲۳: https://pay.example.com/x', parts: 1, message: NOTIFICATION_MESSAGES.sent });
    const [row] = await gateway.deps.db.query<{ target: string; state: string; created_by: string; entity: string; entity_id: number }>('SELECT target, state, created_by, entity, entity_id FROM outbox WHERE id = $1', [
      done.json().data.id,
    ]);
    expect(row).toEqual({ target: '09123456789', state: 'recorded', created_by: 'sara', entity: 'sms_template', entity_id: t.id });
    expect((await template(t.id)).used).toBe(1);

    const free = await send({ phone_number: '09351112233', text: 'لطفا مدارک خودرو را همراه داشته باشید.' });
    expect(free.statusCode, free.body).toBe(200);
    const leftover = await send({ phone_number: '09351112233', text: 'سلام {name}' });
    expect(leftover.statusCode).toBe(400);
    expect(leftover.json().text[0]).toContain('{name}');
    const badPhone = await send({ phone_number: '0912', text: 'سلام' });
    expect(badPhone.json()).toEqual({ phone_number: ['شماره تلفن همراه معتبر نیست'] });

    expect((await call('POST', `${T}/${t.id}/deactivate/`, { payload: { version: 1 } })).statusCode).toBe(200);
    const inactive = await send({ phone_number: '09123456789', template_id: t.id, values: { name: 'علی', code: '۱', link: 'x' } });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(NOTIFICATION_MESSAGES.templateInactive);
    expect((await send({ phone_number: '09123456789', text: 'سلام' }, viewer)).statusCode).toBe(403);
  });

  it('refuses more than the per-minute number of SMS of one user with a Persian 429, even sent at once', async () => {
    const rate = await gateway.deps.tokens.signAccess({ id: 9, username: 'rate', first_name: 'پر', last_name: 'کار' }, [ROLES.staff]);
    const answers = await Promise.all(
      Array.from({ length: MANUAL_SMS_PER_MINUTE + 3 }, (_, n) => call('POST', '/api/notifications/sms/', { token: rate, payload: { phone_number: '09121110000', text: `پیام ${n}` } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MANUAL_SMS_PER_MINUTE);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(3);
    expect(refused.every((a) => a.statusCode === 429 && a.json().detail === NOTIFICATION_MESSAGES.rateLimited)).toBe(true);
    // Another user is not held back by it.
    expect((await call('POST', '/api/notifications/sms/', { token: colleague, payload: { phone_number: '09121110000', text: 'پیام همکار' } })).statusCode).toBe(200);
  });

  once('sends a message to an audience of experts: the preview count is the rows written, in one transaction; an empty audience is refused', async () => {
    const count = async (query: Record<string, string>) => (await call('GET', '/api/notifications/expert-messages/audience/', { query })).json().data.count as number;
    const [expected] = await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM experts WHERE is_active AND city_id = 1 AND level IN (0, 1, 2) AND (is_car_expert OR is_car_mechanic)`);
    const tehran = await count({ cities: '1', levels: '0,1,2', types: 'is_car_expert,is_car_mechanic' });
    expect(tehran).toBe(expected!.n);
    expect(tehran).toBeGreaterThan(0);
    const [outsider] = await gateway.deps.db.query<{ pk: number }>('SELECT pk FROM experts WHERE is_active AND city_id <> 1 ORDER BY pk LIMIT 1');
    expect(await count({ cities: '1', levels: '0,1,2', types: 'is_car_expert,is_car_mechanic', experts: String(outsider!.pk) })).toBe(tehran + 1);

    const audience = { cities: [1], levels: [0, 1, 2], types: ['is_car_expert', 'is_car_mechanic'], experts: [outsider!.pk] };
    const sent = await call('POST', '/api/notifications/expert-messages/', { payload: { text: 'جلسه هماهنگی فردا ساعت ۹', audience, count: tehran + 1 } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ recipient_count: tehran + 1, message: `پیام برای ${(tehran + 1).toLocaleString('fa-IR')} کارشناس ثبت شد.` });
    expect(await pushRows(sent.json().data.id)).toBe(tehran + 1);
    const list = (await call('GET', '/api/notifications/expert-messages/')).json();
    expect(list.results[0]).toMatchObject({ id: sent.json().data.id, recipient_count: tehran + 1, created_by: 'sara', created_by_name: 'سارا احمدی', audience });
    const recipients = OutboxPageSchema.parse((await call('GET', '/api/notifications/outbox/', { query: { channel: 'push', entity: 'expert_message', entityId: String(sent.json().data.id), pageSize: '100' } })).json());
    expect(recipients.count).toBe(tehran + 1);
    expect(recipients.results.every((r) => r.target_name && r.subject.url === `/panel/notification?message=${sent.json().data.id}`)).toBe(true);

    const empty = await call('POST', '/api/notifications/expert-messages/', { payload: { text: 'سلام', audience: {}, count: 1 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: [NOTIFICATION_MESSAGES.emptyAudience] });
    const changed = await call('POST', '/api/notifications/expert-messages/', { payload: { text: 'سلام', audience: { cities: [1] }, count: 1 } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(NOTIFICATION_MESSAGES.countChanged(1, await count({ cities: '1' })));
    const before = (await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'push'`))[0]!.n;
    const none = await call('POST', '/api/notifications/expert-messages/', { payload: { text: 'سلام', audience: { cities: [1763], levels: [5], types: ['is_leasing_expert'] }, count: 1 } });
    if ((await count({ cities: '1763', levels: '5', types: 'is_leasing_expert' })) === 0) {
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(NOTIFICATION_MESSAGES.noRecipients);
    }
    expect((await gateway.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE channel = 'push'`))[0]!.n).toBe(before);
    expect((await call('GET', '/api/notifications/expert-messages/', { token: viewer })).statusCode).toBe(403);
    const found = (await call('GET', '/api/notifications/expert-messages/experts/', { query: { q: '' } })).json().results as unknown[];
    expect(found.length).toBeGreaterThan(0);
  });

  once('an expert no longer at work is not in an audience, by criteria or picked, nor offered for picking', async () => {
    const count = async (query: Record<string, string>) => (await call('GET', '/api/notifications/expert-messages/audience/', { query })).json().data.count as number;
    const [expert] = await gateway.deps.db.query<{ pk: number; report_name: string; city_id: number }>(
      'SELECT pk, report_name, city_id FROM experts WHERE is_active ORDER BY pk DESC LIMIT 1',
    );
    const byCity = await count({ cities: String(expert!.city_id) });
    const searched = async () => ((await call('GET', '/api/notifications/expert-messages/experts/', { query: { q: expert!.report_name } })).json().results as { pk: number }[]).map((e) => e.pk);
    expect(await searched()).toContain(expert!.pk);
    expect(await count({ experts: String(expert!.pk) })).toBe(1);

    await gateway.deps.db.query('UPDATE experts SET is_active = false WHERE pk = $1', [expert!.pk]);
    expect(await count({ cities: String(expert!.city_id) })).toBe(byCity - 1);
    expect(await count({ experts: String(expert!.pk) })).toBe(0);
    expect(await searched()).not.toContain(expert!.pk);
    const sent = await call('POST', '/api/notifications/expert-messages/', { payload: { text: 'سلام', audience: { experts: [expert!.pk] }, count: 1 } });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(NOTIFICATION_MESSAGES.noRecipients);
  });
});
