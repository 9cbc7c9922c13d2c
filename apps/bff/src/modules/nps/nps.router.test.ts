import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

describe('nps procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('records an answer, lists it with the figure and the chart, calls back and closes it with its root cause', async () => {
    const caller = await staffCaller(gateway);
    const { id } = await caller.nps.record({ score: 3, comment: 'کارشناس دیر رسید', customer_name: 'شیرین نادری', customer_phone: '۰۹۳۵۱۱۱۲۲۳۳' });
    await caller.nps.record({ score: 10, customer_name: 'کامران صالحی', customer_phone: '09351112234' });
    const page = await caller.nps.list({});
    expect(page).toMatchObject({ count: 2, totals: { count: 2, promoters: 1, detractors: 1, passives: 0, nps: 0 } });
    expect((await caller.nps.list({ group: 'detractor' })).results.map((r) => r.customer_phone)).toEqual(['09351112233']);
    expect((await caller.nps.trend({})).results).toEqual([expect.objectContaining({ count: 2, nps: 0 })]);
    expect((await caller.nps.export({ search: 'شیرین' })).rows).toHaveLength(1);

    await caller.nps.updateState({ id, version: 0, action: 'open_followup' });
    await caller.nps.updateState({ id, version: 1, action: 'call_back', reason: 'عذرخواهی شد' });
    await expect(caller.nps.updateState({ id, version: 2, action: 'close' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('برای بستن پیگیری، علت ریشه‌ای را انتخاب کنید.') });
    expect(await caller.nps.updateState({ id, version: 2, action: 'close', root_cause: 'expert_delay' })).toMatchObject({ state: 'H', message: 'پیگیری بسته شد.' });
    await expect(caller.nps.updateState({ id, version: 2, action: 'reopen', reason: 'x' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'پیام: این پاسخ همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.' });
    expect(await caller.nps.detail({ id })).toMatchObject({ state: 'H', root_cause: 'expert_delay', responded_at: expect.any(String) });
    expect((await caller.nps.history({ id })).map((h) => h.action)).toEqual(['close', 'call_back', 'open_followup', 'answer']);
  });

  it('refuses a bad input in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.nps.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.nps.record({ score: 12, customer_name: 'شیرین نادری', customer_phone: '09351112233' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('امتیاز را از ۰ تا ۱۰ وارد کنید.') });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.nps.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.nps.updateState({ id: 1, version: 0, action: 'open_followup' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const staffOnly = await viewerCaller(gateway, [ROLES.staff]);
    const { id } = await staffOnly.nps.record({ score: 5, customer_name: 'شیرین نادری', customer_phone: '09351112299' });
    await expect(staffOnly.nps.updateState({ id, version: 0, action: 'exclude', reason: 'تکراری' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('«کنار گذاشتن پاسخ» فقط از سرپرست برمی‌آید.') });
  });
});
