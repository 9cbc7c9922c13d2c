import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('sellTickets procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    caller = await staffCaller(gateway);
  }, 120_000);
  afterAll(() => gateway.close());

  it('lists twenty to a page with spec §2 filters, exports the filter, and replies, resolves and reopens a ticket', async () => {
    const page = await caller.sellTickets.list({ resolved: null });
    expect([page.count, page.pageSize, page.results.length]).toEqual([45, 20, 20]);
    // Without `resolved`, the open ones: the list's default view (decision 086).
    const open = await caller.sellTickets.list({});
    expect(open.count).toBe((await caller.sellTickets.list({ resolved: false })).count);
    expect(open.results.every((t) => !t.resolved)).toBe(true);
    const people = await caller.sellTickets.people();
    const assistant = people.assistants[0]!.value;
    const mine = await caller.sellTickets.list({ assistant, resolved: false });
    expect(mine.results.every((t) => t.assistant === assistant && !t.resolved)).toBe(true);
    expect((await caller.sellTickets.export({ assistant, resolved: false })).rows).toHaveLength(mine.count);

    const ticket = mine.results[0]!;
    expect(await caller.sellTickets.detail({ pk: ticket.pk })).toEqual(ticket);
    const replied = await caller.sellTickets.reply({ pk: ticket.pk, body: 'با خریدار هماهنگ شد' });
    expect(replied.reply_count).toBe(ticket.reply_count + 1);
    expect(await caller.sellTickets.resolve({ pk: ticket.pk, note: 'حل شد' })).toMatchObject({ resolved: true, resolved_by: 'neda', resolution_note: 'حل شد' });
    await expect(caller.sellTickets.resolve({ pk: ticket.pk })).rejects.toMatchObject({ code: 'CONFLICT', message: 'پیام: این تیکت قبلا بسته شده است.' });
    await expect(caller.sellTickets.reply({ pk: ticket.pk, body: 'دیر' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'پیام: این تیکت بسته شده است؛ برای پاسخ دادن اول آن را دوباره باز کنید.' });
    expect(await caller.sellTickets.reopen({ pk: ticket.pk, note: 'خریدار دوباره تماس گرفت' })).toMatchObject({ resolved: false });
    const thread = await caller.sellTickets.thread({ pk: ticket.pk });
    expect(thread.replies.at(-1)).toMatchObject({ body: 'با خریدار هماهنگ شد', author_name: 'ندا قاسمی' });
    expect(thread.history.slice(0, 3).map((e) => e.action)).toEqual(['reopen', 'resolve', 'reply']);
  });

  it('refuses bad input in Persian before the gateway', async () => {
    await expect(caller.sellTickets.list({ resolved: 'maybe' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('وضعیت رسیدگی نامعتبر است') });
    await expect(caller.sellTickets.reply({ pk: 1, body: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('متن پاسخ را بنویسید.') });
    await expect(caller.sellTickets.reopen({ pk: 1, note: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('دلیل بازگشایی را بنویسید.') });
    await expect(caller.sellTickets.detail({ pk: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is the staff’s: a user without backoffice#staff is refused', async () => {
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.sellTickets.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.sellTickets.resolve({ pk: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
