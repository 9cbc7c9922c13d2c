import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '@panel/gateway/testing';
import { createTestCaller } from '../../testing';

describe('tickets procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: ReturnType<typeof createTestCaller>;

  beforeAll(async () => {
    gateway = await startTestGateway({ SEED_ORDERS: '30', SEED_EXPERTS: '5' }, { listen: true });
    const access = await gateway.deps.tokens.signAccess({ id: 5, username: 'neda', first_name: 'ندا', last_name: 'قاسمی' }, [ROLES.staff]);
    caller = createTestCaller({ gatewayUrl: gateway.url, access, refresh: await gateway.deps.tokens.signRefresh(5, 'test'), roles: [ROLES.staff] });
  });
  afterAll(() => gateway.close());

  it('lists, filters, shows and resolves once', async () => {
    const open = await caller.inspectionTickets.list({ resolved: false });
    expect(open.count).toBe(40);
    const ticket = open.results[0]!;
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
