import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { callerAs, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const MODEL = 'bff-test-model';
const TEXT = 'خودروی پژو ۲۰۶ در بازدید کارشناسی بررسی شد. بدنه سالم است و موتور خوب کار می‌کند.';

describe('aiQc procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let order: number;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    order = (await gateway.deps.db.query<{ pk: number }>('SELECT pk FROM inspections ORDER BY pk LIMIT 1'))[0]!.pk;
  }, 180_000);
  afterAll(() => gateway?.close());

  it('submits, lists the queue, edits and approves with the change kept, and shows the history', async () => {
    const caller = await staffCaller(gateway);
    const { text } = await caller.aiQc.submit({ kind: 'report_summary', model: MODEL, subject_id: order, text: TEXT });
    const queue = await caller.aiQc.list({ model: MODEL });
    expect(queue.results.map((t) => t.id)).toEqual([text.id]);
    expect((await caller.aiQc.models()).map((m) => m.name)).toContain(MODEL);
    expect(await caller.aiQc.next({ model: MODEL })).toMatchObject({ id: text.id });
    const edited = await caller.aiQc.editApprove({ id: text.id, version: 0, text: TEXT.replace('خوب', 'بسیار خوب') });
    expect(edited).toMatchObject({ message: 'متن ویرایش و تأیید شد.', text: { state: 'approved', edited: true, changed_words: 1 } });
    expect(await caller.aiQc.next({ model: MODEL })).toBeNull();
    expect((await caller.aiQc.export({ model: MODEL, state: [] })).rows.map((t) => t.id)).toEqual([text.id]);
    expect((await caller.aiQc.history({ id: text.id })).map((h) => h.action)).toEqual(['edit_approve', 'submit']);
    await expect(caller.aiQc.approve({ id: text.id, version: 1 })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('تأییدشده') });
  });

  it('refuses a rejection without a reason and a stale version in Persian', async () => {
    const caller = await staffCaller(gateway);
    const { text } = await caller.aiQc.submit({ kind: 'report_technical', model: MODEL, subject_id: order, text: TEXT });
    await expect(caller.aiQc.reject({ id: text.id, version: 0 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('دلیل رد را انتخاب کنید.') });
    expect(await caller.aiQc.reject({ id: text.id, version: 0, reason_code: 'tone', note: '' })).toMatchObject({ message: 'متن رد شد.', text: { state: 'rejected' } });
    await expect(caller.aiQc.updateState({ id: text.id, version: 0, action: 'reopen', reason: 'دوباره' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const supervisor = await callerAs(gateway, { id: 7, username: 'reza', first_name: 'رضا', last_name: 'قاسمی' }, [ROLES.staff, ROLES.supervisor]);
    await expect(supervisor.aiQc.updateState({ id: text.id, version: 0, action: 'reopen', reason: 'دوباره' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('همین حالا') });
    expect(await supervisor.aiQc.updateState({ id: text.id, version: 1, action: 'reopen', reason: 'دوباره' })).toMatchObject({ text: { state: 'pending' } });
  });

  it('refuses a bad input and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.aiQc.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.aiQc.submit({ kind: 'report_summary', model: 'a b', subject_id: order, text: TEXT })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('نام مدل نامعتبر است') });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.aiQc.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.aiQc.approve({ id: 1, version: 0 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
