import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from '@panel/gateway/testing';
import { staffCaller } from '../../testing';

describe('inspectionTickets procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startTestGateway({ SEED_ORDERS: '30', SEED_EXPERTS: '5' }, { listen: true });
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
  });
});
