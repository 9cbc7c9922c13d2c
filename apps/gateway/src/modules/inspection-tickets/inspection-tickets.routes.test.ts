import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { TicketListPageSchema, TicketSchema } from '@panel/contracts/inspection-tickets';
import { startTestGateway } from '../../testing';
import { seedTickets } from './inspection-tickets.seed';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

describe.each(TEST_DRIVERS)('tickets on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let staff: string;
  const get = async (url: string, query: Record<string, string> = {}) =>
    gateway.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${staff}` } });
  const list = async (query: Record<string, string> = {}) => {
    const response = await get('/api/inspection/tickets', query);
    expect(response.statusCode, response.body).toBe(200);
    return TicketListPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    staff = await gateway.deps.tokens.signAccess({ id: 1, username: 'neda', first_name: 'ندا', last_name: 'قاسمی' }, [ROLES.staff]);
    const insert = (title: string, createdAt: string, extra: { expert?: number; assistant?: string; code?: string; resolved?: boolean }) =>
      gateway.deps.db.query(
        'INSERT INTO tickets (title, order_code, expert_id, assistant, resolved, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [title, extra.code ?? null, extra.expert ?? null, extra.assistant ?? null, extra.resolved ?? false, createdAt],
      );
    // 2025-03-20 23:00 UTC is already 21 March (1 Farvardin) in Tehran.
    await insert('تأخیر کارشناس', '2025-03-20T23:00:00Z', { expert: 5, assistant: 'sara', code: '900001' });
    await insert('ایراد گزارش', '2025-03-20T19:00:00Z', { expert: 6, assistant: 'sara', resolved: true });
    await insert('شکایت مشتری', '2025-03-21T10:00:00Z', { expert: 5, assistant: 'reza', code: '900002' });
  });
  afterAll(() => gateway.close());

  once('lists newest first and filters by the query params of spec §2', async () => {
    // Open ones by default; 'resolved=' shows both.
    expect((await list()).results.map((t) => t.title)).toEqual(['شکایت مشتری', 'تأخیر کارشناس']);
    expect((await list({ resolved: '' })).results.map((t) => t.title)).toEqual(['شکایت مشتری', 'تأخیر کارشناس', 'ایراد گزارش']);
    expect((await list({ date: '2025-03-21' })).results.map((t) => t.title)).toEqual(['شکایت مشتری', 'تأخیر کارشناس']);
    expect((await list({ date: '2025-03-20', resolved: '' })).results.map((t) => t.title)).toEqual(['ایراد گزارش']);
    expect((await list({ assistant: 'sara', expert: '۵' })).results.map((t) => t.title)).toEqual(['تأخیر کارشناس']);
    expect((await list({ resolved: 'true' })).count).toBe(1);
    expect((await list({ query: '900002' })).results.map((t) => t.title)).toEqual(['شکایت مشتری']);
    expect((await list({ pageSize: '2', page: '2', resolved: '' })).results.map((t) => t.title)).toEqual(['ایراد گزارش']);
  });

  once('refuses a bad filter in Persian', async () => {
    const response = await get('/api/inspection/tickets', { resolved: 'maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ resolved: ['وضعیت رسیدگی نامعتبر است'] });
  });

  it('shows and resolves a ticket once', async () => {
    const open = (await list({ resolved: 'false', expert: '5', assistant: 'reza' })).results[0]!;
    expect(TicketSchema.parse((await get(`/api/inspection/tickets/${open.pk}`)).json()).title).toBe('شکایت مشتری');
    const resolve = () =>
      gateway.app.inject({
        method: 'POST',
        url: `/api/inspection/tickets/${open.pk}/resolve`,
        payload: { note: 'پیگیری شد' },
        headers: { authorization: `Bearer ${staff}` },
      });
    const first = await resolve();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ resolved: true, resolved_by: 'neda', resolution_note: 'پیگیری شد' });
    const second = await resolve();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'این تیکت قبلا بسته شده است.' });
    expect((await get('/api/inspection/tickets/999999')).statusCode).toBe(404);
  });

  it('keeps the thread, reopens with a reason, and orders by the kit\'s ordering', async () => {
    const open = (await list({ resolved: 'false', expert: '5', assistant: 'sara' })).results[0]!;
    const post = (action: string, payload: object) =>
      gateway.app.inject({ method: 'POST', url: `/api/inspection/tickets/${open.pk}/${action}`, payload, headers: { authorization: `Bearer ${staff}` } });
    const replied = await post('reply', { body: ' با کارشناس تماس گرفتیم. ' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(TicketSchema.parse(replied.json()).reply_count).toBe(1);
    expect((await post('reply', { body: '   ' })).json()).toEqual({ body: ['متن پاسخ را بنویسید.'] });
    expect((await post('resolve', {})).statusCode).toBe(200);
    expect((await post('reply', { body: 'دیر شد' })).json()).toEqual({ message: 'این تیکت بسته شده است؛ برای پاسخ دادن اول آن را دوباره باز کنید.' });
    expect((await post('reopen', { note: '' })).json()).toEqual({ note: ['دلیل بازگشایی را بنویسید.'] });
    expect((await post('reopen', { note: 'مشتری دوباره تماس گرفت' })).json()).toMatchObject({ resolved: false, resolved_at: null, resolved_by: null });
    const thread = (await get(`/api/inspection/tickets/${open.pk}/thread`)).json().data;
    expect(thread.replies.map((r: { body: string; author_name: string }) => [r.body, r.author_name])).toEqual([['با کارشناس تماس گرفتیم.', 'ندا قاسمی']]);
    expect(thread.history.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['reopen', 'مشتری دوباره تماس گرفت'],
      ['resolve', ''],
      ['reply', ''],
    ]);
    expect((await list({ ordering: 'created_at', resolved: '' })).results[0]!.title).toBe('ایراد گزارش');
    expect((await get('/api/inspection/tickets', { ordering: 'title' })).json()).toEqual({ ordering: ['ترتیب نامعتبر است'] });
  });

  once('is for staff only and seeds demo tickets', async () => {
    expect((await gateway.app.inject({ method: 'GET', url: '/api/inspection/tickets' })).statusCode).toBe(401);
    await seedTickets(gateway.deps.db, 10);
    expect((await list({ resolved: '' })).count).toBe(13);
  });
});
