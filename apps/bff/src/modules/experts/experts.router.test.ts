import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tehranDateKey } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const FIELDS = { report_name: 'بهاره توکلی', phone_number: '09127770011', level: 3 as const, is_car_expert: true, city: 2, areas: [2001] };

describe('experts procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let caller: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    caller = await staffCaller(gateway);
  }, 120_000);
  afterAll(() => gateway?.close());

  it('adds a level 3 expert in Karaj who then shows on the dispatch sheet; edits, deactivates with a reason, shows the page', async () => {
    const added = await caller.experts.add(FIELDS);
    expect(added).toMatchObject({ is_active: true, version: 1 });
    const found = await caller.experts.list({ search: '09127770011' });
    expect(found.results.map((e) => e.pk)).toEqual([added.pk]);
    expect(found.results[0]).toMatchObject({ level: 3, city_name: 'کرج', area_names: ['گوهردشت'] });
    expect((await caller.dispatch.experts({})).map((e) => e.pk)).toContain(added.pk);
    const cells = await caller.dispatch.cells({ date: tehranDateKey(new Date()) });
    expect(cells.filter((c) => c.expert_id === added.pk)).toHaveLength(6);

    const edited = await caller.experts.update({ pk: added.pk, version: 1, fields: { ...FIELDS, level: 4 } });
    expect(edited.version).toBe(2);
    await expect(caller.experts.update({ pk: added.pk, version: 1, fields: FIELDS })).rejects.toMatchObject({ code: 'CONFLICT' });
    const off = await caller.experts.updateState({ pk: added.pk, version: 2, action: 'deactivate', reason: 'انتقال به شهر دیگر' });
    expect(off).toMatchObject({ is_active: false, message: 'کارشناس غیرفعال شد.' });
    expect((await caller.dispatch.experts({})).map((e) => e.pk)).not.toContain(added.pk);
    expect((await caller.experts.history({ pk: added.pk })).map((h) => h.action)).toEqual(['deactivate', 'edit', 'add']);
    const overview = await caller.experts.overview({ pk: added.pk });
    expect(overview.week[0]!.shifts.length).toBe(6);
    expect((await caller.experts.areas()).some((a) => a.id === 2001 && a.city_name === 'کرج')).toBe(true);
    expect((await caller.experts.export({ active: false })).rows.map((e) => e.pk)).toContain(added.pk);
  });

  it('lists the experts\' tickets on the ticket kit and closes one', async () => {
    const page = await caller.expertTickets.list({});
    expect(page.results.every((t) => !t.resolved)).toBe(true);
    const ticket = page.results[0]!;
    expect(await caller.expertTickets.detail({ pk: ticket.pk })).toEqual(ticket);
    expect(await caller.expertTickets.resolve({ pk: ticket.pk, note: 'پاسخ داده شد' })).toMatchObject({ resolved: true });
    await expect(caller.expertTickets.resolve({ pk: ticket.pk })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('این تیکت قبلا بسته شده است.') });
    expect((await caller.expertTickets.people()).experts.length).toBeGreaterThan(0);
  });

  it('refuses bad input in Persian before the gateway, and the gateway\'s own refusals by field', async () => {
    await expect(caller.experts.add({ ...FIELDS, phone_number: '12' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شماره') });
    await expect(caller.experts.add({ ...FIELDS, areas: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('دست‌کم یک منطقه') });
    await expect(caller.experts.list({ level: [7 as never] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.experts.add({ ...FIELDS, phone_number: '09127770099', areas: [1001] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('شهر کارشناس') });
  });

  it('is the staff\'s: a user without backoffice#staff is refused', async () => {
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.experts.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.experts.add(FIELDS)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.expertTickets.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
