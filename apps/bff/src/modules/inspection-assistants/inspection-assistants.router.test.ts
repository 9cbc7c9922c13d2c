import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { ASSISTANT_MESSAGES } from '@panel/contracts/inspection-assistants';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

describe('inspectionAssistants procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  });
  afterAll(() => gateway.close());

  it('anyone signed in reads the board and the balance plan; only staff change the rotation', async () => {
    const viewer = await viewerCaller(gateway);
    const board = await viewer.inspectionAssistants.board();
    expect(board.results.map((a) => a.username)).toEqual(['sara.ahmadi', 'reza.karimi', 'maryam.nouri', 'hamid.sadeghi', 'neda.ghasemi']);
    expect(board.results.find((a) => a.username === 'neda.ghasemi')).toMatchObject({ active: false, turns_away: null });
    expect((await viewer.inspectionAssistants.balancePlan()).rows).toHaveLength(5);
    const sara = board.results[0]!;
    await expect(viewer.inspectionAssistants.deactivate({ id: sara.id, version: sara.version })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.inspectionAssistants.queue({ kind: 'qc' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses bad input before the gateway, in Persian', async () => {
    const staff = await staffCaller(gateway);
    await expect(staff.inspectionAssistants.pause({ id: 1, version: 1, reason: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(ASSISTANT_MESSAGES.reason) });
    await expect(staff.inspectionAssistants.applyBalance({ fingerprint: 'not a plan' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(ASSISTANT_MESSAGES.fingerprint) });
    await expect(staff.inspectionAssistants.price({ pk: 1, low: '۹۰۰٬۰۰۰٬۰۰۰', high: '800000000' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('deactivates an assistant, a phone request lands on the next active one, and the ledger says why', async () => {
    const staff = await staffCaller(gateway, STAFF);
    const [sara] = (await staff.inspectionAssistants.board()).results;
    const done = await staff.inspectionAssistants.deactivate({ id: sara!.id, version: sara!.version });
    expect(done).toMatchObject({ message: ASSISTANT_MESSAGES.done.deactivate, assistant: { active: false } });
    await expect(staff.inspectionAssistants.deactivate({ id: sara!.id, version: sara!.version })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(ASSISTANT_MESSAGES.stale) });
    const created = await staff.inspectionOrders.create({ customer_name: 'بهاره شریفی', phone_number: '09125554433', city_id: 1, brand_model: 'کیا سراتو', package: 'کارشناسی پایه', visit_place: 'تهران، ونک' });
    const [entry] = await staff.inspectionAssistants.ledger({ pk: created.pk, limit: 5 });
    expect(entry).toMatchObject({ reason: 'turn', assistant: 'reza.karimi', skipped: [{ username: 'sara.ahmadi', why: 'inactive' }] });
    expect(entry!.explanation).toContain('غیرفعال');
    const orders = await staff.inspectionOrders.list({ assistant: 'reza.karimi', search: created.code });
    expect(orders.results.map((o) => o.code)).toEqual([created.code]);
    expect((await staff.inspectionAssistants.changes())[0]).toMatchObject({ action: 'deactivate', assistant: 'sara.ahmadi', actor_username: 'staff' });
  });

  it('a QC reviewer claims a Q order, looks at its report and its five photos', async () => {
    const staff = await staffCaller(gateway, STAFF);
    const queue = await staff.inspectionAssistants.queue({ kind: 'qc' });
    expect(queue.count).toBeGreaterThan(0);
    const order = queue.results[0]!;
    expect(await staff.inspectionAssistants.claim({ kind: 'qc', pk: order.pk })).toMatchObject({ claim_expires_at: expect.any(String) });
    const report = await staff.inspectionAssistants.report({ kind: 'qc', pk: order.pk });
    expect(report.photos.map((p) => p.slot)).toEqual(['front', 'back', 'odometer', 'left', 'right']);
    expect(report.photos.every((p) => p.url?.startsWith('/media/'))).toBe(true);
    expect(report.claimed_by).toBe('staff');
    const reviewers = await staff.inspectionAssistants.reviewers({ kind: 'qc' });
    expect(reviewers.find((r) => r.username === 'staff')).toMatchObject({ claimed_now: 1 });
    // The claimed filter and the CSV of the filter; a filter the contract refuses is a Persian 400.
    const held = await staff.inspectionAssistants.queue({ kind: 'qc', claimed: true });
    expect(held.results.map((o) => o.pk)).toContain(order.pk);
    const csv = await staff.inspectionAssistants.queueExport({ kind: 'qc', claimed: true });
    expect([csv.rows.length, csv.truncated]).toEqual([held.count, false]);
    await expect(staff.inspectionAssistants.queue({ kind: 'qc', sort: 'code' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('ترتیب نامعتبر') });
  });
});
