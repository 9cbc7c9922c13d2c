import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startTestGateway } from '@panel/gateway/testing';
import { staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

/** The first zod message of a BAD_REQUEST: what the error formatter shows the user. */
async function firstIssue(call: Promise<unknown>): Promise<string | undefined> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { code?: string; cause?: { issues?: { message: string }[] } },
  );
  expect(error?.code).toBe('BAD_REQUEST');
  return error?.cause?.issues?.[0]?.message;
}

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const ALI = { id: 2, username: 'staff2', first_name: 'علی', last_name: 'رضایی' };

describe('dispatch procedures against a real gateway', () => {
  let gateway: Gateway;
  let sara: Awaited<ReturnType<typeof staffCaller>>;
  let ali: Awaited<ReturnType<typeof staffCaller>>;

  beforeAll(async () => {
    gateway = await startGatewayForBff('demo');
    sara = await staffCaller(gateway, SARA);
    ali = await staffCaller(gateway, ALI);
  });
  afterAll(() => gateway.close());

  /** A free cell of tomorrow (no inspection, no hold, available). */
  async function freeCell(skip = 0) {
    const dates = await sara.dispatch.dates();
    const tomorrow = dates.find((d) => d.type === 'tommorrow')!.date;
    const cells = await sara.dispatch.cells({ date: tomorrow });
    return { date: tomorrow, cell: cells.filter((c) => c.state === 0 && !c.inspection && !c.hold)[skip]! };
  }

  it('refuses a signed-in user without the staff role', async () => {
    const viewer = await viewerCaller(gateway);
    await expect(viewer.dispatch.dates()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reads dates, schedule, experts, areas and the cells of a date', async () => {
    const dates = await sara.dispatch.dates();
    expect(dates.map((d) => d.type)).toEqual(['yesterday', 'today', 'tommorrow', 'date', 'date', 'date', 'date']);
    const [day] = await sara.dispatch.schedule({ date: dates[1]!.date });
    expect(day!.shifts.map((s) => `${s.start}-${s.end}`)).toEqual([
      '08:00:00-10:00:00', '10:00:00-12:00:00', '12:00:00-14:00:00', '14:00:00-16:00:00', '16:00:00-18:00:00', '18:00:00-20:00:00',
    ]);
    const experts = await sara.dispatch.experts({});
    expect(experts).toHaveLength(40);
    const areas = await sara.dispatch.areas();
    expect(areas.filter((a) => a.city === 1)).toHaveLength(22);
    const cells = await sara.dispatch.cells({ date: dates[1]!.date });
    expect(cells).toHaveLength(40 * 6);
    expect(cells.some((c) => c.inspection !== null)).toBe(true);
  });

  it('rejects bad input with a Persian message before the gateway', async () => {
    expect(await firstIssue(sara.dispatch.cells({ date: '1403/12/30' }))).toBe('تاریخ نامعتبر است.');
    expect(await firstIssue(sara.dispatch.assignOrder({ inspectionId: 1, timeslotId: 1, visitTime: 'ساعت ده' }))).toBe(
      'زمان بازدید باید به شکل ساعت:دقیقه باشد، مثلا 10:00.',
    );
  });

  it('temp reserve: one of two dispatchers wins, the other gets a 409 naming the holder', async () => {
    const { cell } = await freeCell(0);
    const results = await Promise.allSettled([
      sara.dispatch.tempReserve({ expertId: cell.expert_id, shiftId: cell.shift_id }),
      ali.dispatch.tempReserve({ expertId: cell.expert_id, shiftId: cell.shift_id }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const holder = (won[0] as PromiseFulfilledResult<{ hold: { holder_fullname: string } }>).value.hold.holder_fullname;
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: `پیام: این خانه هم‌اکنون توسط «${holder}» رزرو شده است.`,
    });
  });

  it('assigns an order with Persian digits, refuses the same order twice, checks penalty and cancels', async () => {
    const { cell } = await freeCell(1);
    const [other] = [(await freeCell(2)).cell];
    const orders = await sara.dispatch.orders({ shiftId: cell.shift_id, expertId: cell.expert_id });
    expect(orders.length).toBeGreaterThan(0);
    const order = orders[0]!;
    const [schedule] = await sara.dispatch.schedule({ date: (await freeCell(0)).date });
    const shift = schedule!.shifts.find((s) => s.pk === cell.shift_id)!;
    const time = `${shift.start.slice(0, 2)}:۳۰`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const assigned = await sara.dispatch.assignOrder({ inspectionId: order.pk, timeslotId: cell.pk, visitTime: time });
    expect(assigned.inspection).toMatchObject({ pk: order.pk, state: 'O', visit_time: `${shift.start.slice(0, 2)}:30` });
    expect(assigned.state).toBe(2);

    await expect(
      ali.dispatch.assignOrder({ inspectionId: order.pk, timeslotId: other.pk, visitTime: `${shift.start.slice(0, 2)}:00` }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`سفارش ${order.code} هم‌اکنون به کارشناس`) });

    expect(await sara.dispatch.penaltyCheck({ inspectionId: order.pk })).toEqual({ penalty: true });
    const freed = await ali.dispatch.cancelAssignment({ inspectionId: order.pk, expertId: cell.expert_id, cancelByExpert: true, penalty: true });
    expect(freed).toMatchObject({ inspection: null, state: 0 });
    await expect(
      sara.dispatch.cancelAssignment({ inspectionId: order.pk, expertId: cell.expert_id, cancelByExpert: false, penalty: false }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const detail = await sara.dispatch.cellDetail({ expertTimeslotId: cell.pk });
    expect(detail.history.map((h) => [h.action, h.actor_username])).toEqual([
      ['cancel_assignment', 'staff2'],
      ['assign', 'staff'],
    ]);
  });

  it('saves notes as the signed-in user and lists them per cell', async () => {
    const { cell } = await freeCell(3);
    const note = await sara.dispatch.createNote({ shiftId: cell.shift_id, expertId: cell.expert_id, content: '  مشتری تماس گرفت  ' });
    expect(note).toMatchObject({ agent_username: 'staff', agent_fullname: 'سارا محمدی', content: 'مشتری تماس گرفت', is_active: true });
    expect(await firstIssue(sara.dispatch.createNote({ shiftId: cell.shift_id, expertId: cell.expert_id, content: '   ' }))).toBe(
      'متن یادداشت خالی است.',
    );
    expect((await sara.dispatch.notes({ shiftId: cell.shift_id, expertId: cell.expert_id })).map((n) => n.pk)).toEqual([note.pk]);
  });

  it('serves statistics and server time', async () => {
    const { date } = await freeCell(0);
    const stats = await sara.dispatch.shiftStatistics({ date });
    expect(stats).toHaveLength(6);
    expect(stats[0]!.experts).toBe(40);
    const time = await sara.dispatch.serverTime();
    expect(Math.abs(Date.parse(time.now) - Date.now())).toBeLessThan(5000);
  });
});
