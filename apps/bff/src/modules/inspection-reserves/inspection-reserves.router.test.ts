import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { RESERVE_MESSAGES } from '@panel/contracts/inspection-reserves';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('inspectionReserves procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
    caller = await staffCaller(gateway);
  });
  afterAll(() => gateway.close());

  it('lists waiting reserves, sends the payment link, renews, releases with a reason; the history shows each', async () => {
    // The latest slot first: its shift ends long after the deadline, so a renewal has room.
    const waiting = await caller.inspectionReserves.list({ sort: 'slot', isAscending: false });
    expect(waiting.count).toBeGreaterThan(1);
    expect(waiting.results.every((r) => r.state === 'waiting')).toBe(true);
    const [reserve] = waiting.results;
    const sent = await caller.inspectionReserves.sendPaymentLink({ id: reserve!.id });
    expect(sent.link_text).toContain('pay.example.com');
    expect((await caller.inspectionReserves.renew({ id: reserve!.id })).renewals).toBe(reserve!.renewals + 1);
    expect(await caller.inspectionReserves.release({ id: reserve!.id, reason: '  مشتری منصرف شد ' })).toMatchObject({ state: 'released', release_reason: 'مشتری منصرف شد' });
    expect((await caller.inspectionReserves.actionLog({ id: reserve!.id })).map((e) => e.action).slice(0, 3)).toEqual(['release', 'renew', 'send_payment_link']);
    await expect(caller.inspectionReserves.release({ id: reserve!.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses bad input in Persian and a user without the staff role', async () => {
    await expect(caller.inspectionReserves.renew({ id: -1 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شناسه رزرو نامعتبر است') });
    await expect(caller.inspectionReserves.list({ sort: 'nope' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway);
    await expect(viewer.inspectionReserves.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(RESERVE_MESSAGES.slotGone).toBeTruthy();
  });
});
