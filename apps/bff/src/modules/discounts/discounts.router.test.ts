import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const today = new Date(Date.now() + 12_600_000).toISOString().slice(0, 10);
const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const rules = { kind: 'amount' as const, value: 50_000, max_discount: null, min_order: 0, valid_from: today, valid_until: nextMonth, usage_limit: 1, per_user_limit: 1, services: ['inspection' as const], city_id: null };

describe('discounts procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
  }, 120_000);
  afterAll(() => gateway?.close());

  it('creates, lists, checks, uses once, and deactivates a code; exports the filtered rows', async () => {
    const caller = await staffCaller(gateway);
    const created = await caller.discounts.create({ code: 'BFFTEST1', ...rules });
    expect(created).toMatchObject({ state: 'active', message: 'کد تخفیف ثبت شد.' });
    expect((await caller.discounts.list({ search: 'BFF' })).count).toBe(1);
    expect((await caller.discounts.export({ search: 'BFF' })).rows).toHaveLength(1);
    expect(await caller.discounts.check({ code: 'bfftest1', amount: 400_000, service: 'inspection' })).toMatchObject({ applies: true, discount: 50_000, payable: 350_000 });
    expect(await caller.discounts.check({ code: 'BFFTEST1', amount: 400_000, service: 'leasing' })).toMatchObject({ applies: false, reason: 'wrong_service', message: 'این کد تخفیف برای این خدمت معتبر نیست.' });
    const use = { code: 'BFFTEST1', phone: '09121234567', amount: 400_000, service: 'inspection' as const };
    const both = await Promise.allSettled([caller.discounts.redeem(use), caller.discounts.redeem({ ...use, phone: '09127654321' })]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT', message: expect.stringContaining('ظرفیت استفاده از این کد تخفیف تکمیل شده است.') } });
    expect(await caller.discounts.detail({ id: created.id })).toMatchObject({ used: 1, redemptions: [{ state: 'confirmed' }] });
    // Deactivating for good is a supervisor's; staff pause.
    await expect(caller.discounts.updateState({ id: created.id, version: 0, action: 'deactivate', reason: 'پایان همکاری' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.discounts.updateState({ id: created.id, version: 0, action: 'pause', reason: '' })).resolves.toMatchObject({ state: 'paused' });
    expect((await caller.discounts.history({ id: created.id })).map((h) => h.action)).toEqual(['pause', 'redeem', 'create']);
  });

  it('makes a campaign and hands out its codes', async () => {
    const caller = await staffCaller(gateway);
    const campaign = await caller.discounts.createCampaign({ name: 'جشنواره پاییز', prefix: 'PZ', count: 25, ...rules });
    expect(campaign).toMatchObject({ total: 25, done: 25, state: 'done', message: 'کدهای کمپین ساخته شد.' });
    expect(await caller.discounts.campaignCodes({ id: campaign.id })).toHaveLength(25);
    expect((await caller.discounts.campaigns()).map((c) => c.id)).toContain(campaign.id);
  });

  it('refuses a bad input in Persian and a user without the role', async () => {
    const caller = await staffCaller(gateway);
    await expect(caller.discounts.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.discounts.create({ code: 'x', ...rules })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.discounts.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.discounts.redeem({ code: 'BFFTEST1', phone: '09121234567', amount: 1, service: 'inspection' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
