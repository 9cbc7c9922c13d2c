import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { callerAs, staffCaller, viewerCaller, startGatewayForBff } from '../../testing';

const SUPERVISOR = { id: 21, username: 'maryam', first_name: 'مریم', last_name: 'کاظمی' };

describe('expert pay procedures against a real gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let expert: number;

  beforeAll(async () => {
    gateway = await startGatewayForBff('none');
    const [row] = await gateway.deps.db.query<{ pk: number }>(
      // An expert works in an area of their city and is of a type (migration 1900).
      `WITH area AS (INSERT INTO dispatch_areas (id, name, city_id) VALUES (9001, 'منطقه BFF', 1) RETURNING id)
       INSERT INTO experts (report_name, level, city_id, areas, is_car_expert) VALUES ('کارشناس BFF', 3, 1, ARRAY[(SELECT id FROM area)], true) RETURNING pk`,
    );
    expert = row!.pk;
    await gateway.deps.db.query(
      `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, visit_date, price, expert_id)
       VALUES ('BFF-1', 'D', 'م', '09120000000', 1, 'پژو', 'basic', '2026-10-01', 1000000, $1), ('BFF-2', 'D', 'م', '09120000000', 1, 'پژو', 'basic', '2026-10-20', 1000000, $1)`,
      [expert],
    );
  }, 120_000);
  afterAll(() => gateway?.close());

  it('changes the share for a date range after showing its impact, and the lines follow', async () => {
    const boss = await callerAs(gateway, SUPERVISOR, [ROLES.staff, ROLES.supervisor]);
    const before = await boss.expertPay.lines({ period: '1405-07', expert });
    expect(before.map((l) => l.amount)).toEqual([400_000, 400_000]);
    const fields = { tab: 'date' as const, startDate: '2026-10-15', endDate: '2026-10-31', expertShareRatio: '۱٫۲۵' };
    const impact = await boss.expertPay.ruleImpact({ fields });
    expect(impact.experts).toEqual([{ expert_id: expert, name: 'کارشناس BFF', lines: 1, delta: 100_000 }]);
    const rule = await boss.expertPay.saveRule({ fields });
    expect(rule).toMatchObject({ version: 1, expert_share_ratio: 1.25 });
    expect((await boss.expertPay.applicableRule({ code: 'BFF-2' })).rule?.rule_id).toBe(rule.rule_id);
    expect((await boss.expertPay.lines({ period: '1405-07', expert })).map((l) => l.amount)).toEqual([400_000, 500_000]);
    await expect(boss.expertPay.saveRule({ fields: { ...fields, startDate: '2026-10-31', endDate: '2026-11-02' } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('هم‌پوشانی') });
  });

  it('settles a period once and shows one expert\'s payments', async () => {
    const boss = await callerAs(gateway, SUPERVISOR, [ROLES.staff, ROLES.supervisor]);
    const page = await boss.expertPay.list({ period: '1405-07' });
    expect(page.results).toMatchObject([{ expert_id: expert, name: 'کارشناس BFF', total: 900_000 }]);
    expect((await boss.expertPay.export({ period: '1405-07' })).rows).toHaveLength(1);
    const state = await boss.expertPay.period({ period: '1405-07' });
    const staff = await staffCaller(gateway);
    await expect(staff.expertPay.settle({ period: '1405-07', expectedTotal: state.total })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await boss.expertPay.settle({ period: '1405-07', expectedTotal: state.total })).settled).toMatchObject({ total: 900_000, line_count: 2 });
    await expect(boss.expertPay.settle({ period: '1405-07', expectedTotal: state.total })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('پیش‌تر تسویه شده') });
    const mine = await staff.expertPay.ofExpert({ expertId: expert });
    expect(mine.settled).toMatchObject([{ period: '1405-07', total: 900_000 }]);
    expect((await boss.expertPay.periodHistory({ period: '1405-07' })).map((h) => h.action)).toEqual(['settle']);
  });

  it('refuses a bad period in Persian and a user without the role', async () => {
    const staff = await staffCaller(gateway);
    await expect(staff.expertPay.period({ period: '1405-13' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('دوره نامعتبر') });
    const viewer = await viewerCaller(gateway, []);
    await expect(viewer.expertPay.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
