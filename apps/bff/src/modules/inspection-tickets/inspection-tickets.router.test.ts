import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('inspectionTickets procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    caller = await staffCaller(gateway);
  });
  afterAll(() => gateway.close());

  it('lists, filters, shows and resolves once', async () => {
    const open = await caller.inspectionTickets.list({ resolved: false });
    expect(open.count).toBe(40);
    const ticket = open.results[0]!;
    // The seeded assistants are users: each ticket names its assistant (issue 13).
    expect(open.results.every((t) => t.assistant === null || (t.assistant_name ?? '').length > 0)).toBe(true);
    expect(await caller.inspectionTickets.detail({ pk: ticket.pk })).toEqual(ticket);
    const byExpert = await caller.inspectionTickets.list({ expert: ticket.expert_id!, assistant: ticket.assistant! });
    expect(byExpert.results.every((t) => t.expert_id === ticket.expert_id && t.assistant === ticket.assistant)).toBe(true);

    const resolved = await caller.inspectionTickets.resolve({ pk: ticket.pk, note: 'حل شد' });
    expect(resolved).toMatchObject({ resolved: true, resolved_by: 'neda', resolution_note: 'حل شد' });
    await expect(caller.inspectionTickets.resolve({ pk: ticket.pk })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'پیام: این تیکت قبلا بسته شده است.',
    });
    expect((await caller.inspectionTickets.list({ resolved: false })).count).toBe(39);

    // The ticket kit (decision 086): a resolved ticket takes no reply until reopened with a reason.
    await expect(caller.inspectionTickets.reply({ pk: ticket.pk, body: 'پیگیری' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller.inspectionTickets.reopen({ pk: ticket.pk, note: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('دلیل بازگشایی را بنویسید.') });
    expect(await caller.inspectionTickets.reopen({ pk: ticket.pk, note: 'کارشناس دوباره دیر کرد' })).toMatchObject({ resolved: false, resolution_note: '' });
    expect((await caller.inspectionTickets.reply({ pk: ticket.pk, body: 'با کارشناس تماس گرفتیم' })).reply_count).toBe(ticket.reply_count + 1);
    const thread = await caller.inspectionTickets.thread({ pk: ticket.pk });
    expect(thread.history.map((e) => e.action).slice(0, 3)).toEqual(['reply', 'reopen', 'resolve']);
    expect((await caller.inspectionTickets.export({ resolved: false })).rows).toHaveLength(40);
  });

  it('is the staff’s: a user without backoffice#staff is refused', async () => {
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.inspectionTickets.reply({ pk: 1, body: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
