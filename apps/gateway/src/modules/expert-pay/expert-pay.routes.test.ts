import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import { ExpertPaymentPageSchema, ExpertPaymentsSchema, PayLineSchema, PeriodStateSchema, RuleImpactSchema, ShareRuleSchema } from '@panel/contracts/expert-pay';
import { startTestGateway } from '../../testing';
import { TEST_DRIVERS, onOneDriver } from '../../test-drivers';

// Mehr 1405 is 2026-09-23 … 2026-10-22; Aban 1405 is 2026-10-23 … 2026-11-21.
const MEHR = '1405-07';
const ABAN = '1405-08';

describe.each(TEST_DRIVERS)('expert pay on $name', (driver) => {
  const { usePostgres } = driver;
  // The walks, the races and the engine's own ways on both drivers; the rest on one (test-drivers.ts).
  const once = onOneDriver(driver);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let supervisor: string;
  let staff: string;
  let viewer: string;
  let ali: number;
  let reza: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = supervisor) =>
    gateway.app.inject({ method, url: `/api/expert-pay${url}`, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const lines = async (period: string, expert?: number) => {
    const response = await call('GET', `/periods/${period}/lines/${expert ? `?expert=${expert}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return PayLineSchema.array().parse(response.json().results);
  };
  const state = async (period: string) => PeriodStateSchema.parse((await call('GET', `/periods/${period}/`)).json().data);
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => gateway.deps.db.query<T>(text, params);
  const inspection = async (code: string, day: string, expert: number, price: number, extra: { mechanic?: number; state?: string } = {}) =>
    (
      await sql<{ pk: number }>(
        `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, visit_date, time_slot, price, expert_id, mechanic_id)
         VALUES ($1, $2, 'مشتری', '09120000000', 1, 'پژو ۲۰۶', 'basic', $3, '10-12', $4, $5, $6) RETURNING pk`,
        [code, extra.state ?? 'D', day, price, expert, extra.mechanic ?? null],
      )
    )[0]!.pk;
  const rule = (fields: object, extra: object = {}) => call('POST', '/rules/', { fields: { tab: 'date', ...fields }, ...extra });

  beforeAll(async () => {
    gateway = await startTestGateway({}, { usePostgres, seed: 'none' });
    supervisor = await gateway.deps.tokens.signAccess({ id: 1, username: 'maryam', first_name: 'مریم', last_name: 'کاظمی' }, [ROLES.staff, ROLES.supervisor]);
    staff = await gateway.deps.tokens.signAccess({ id: 2, username: 'sara', first_name: 'سارا', last_name: 'احمدی' }, [ROLES.staff]);
    viewer = await gateway.deps.tokens.signAccess({ id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' }, []);
    [ali, reza] = (await sql<{ pk: number }>(
      // An expert works in one to ten areas of their city and is of a type (migration 1900): one area of Tehran, car experts.
      `WITH area AS (INSERT INTO dispatch_areas (id, name, city_id) VALUES (9001, 'منطقه پرداخت', 1) RETURNING id)
       INSERT INTO experts (report_name, level, city_id, areas, is_car_expert) SELECT name, level, 1, ARRAY[(SELECT id FROM area)], true FROM (VALUES ('علی پرداخت', 3, 1), ('رضا پرداخت', 2, 2)) AS v(name, level, n) ORDER BY n RETURNING pk`,
    )).map((r) => r.pk) as [number, number];
    await inspection('PAY-1', '2026-10-01', ali, 1_000_000, { mechanic: reza });
    await inspection('PAY-2', '2026-10-10', ali, 2_000_000);
    await inspection('PAY-3', '2026-10-12', reza, 1_500_000);
    await inspection('PAY-4', '2026-10-13', reza, 9_000_000, { state: 'O' }); // not done: no line
  }, 120_000);
  afterAll(() => gateway?.close());

  it('computes each done inspection\'s lines with the default ratios, traceable to its inspection', async () => {
    const mehr = await lines(MEHR);
    expect(mehr.map((l) => [l.inspection_code, l.kind, l.expert_id, l.amount])).toEqual([
      ['PAY-1', 'expert_share', ali, 400_000],
      ['PAY-2', 'expert_share', ali, 800_000],
      ['PAY-1', 'mechanic_share', reza, 200_000],
      ['PAY-3', 'expert_share', reza, 600_000],
    ]);
    expect(mehr[0]).toMatchObject({ rule_pk: null, inputs: { price: 1_000_000, base_share: 0.4, inspection_price_ratio: 1, share_ratio: 1 } });
    const page = ExpertPaymentPageSchema.parse((await call('GET', `/payments/?period=${MEHR}`)).json());
    expect(page).toMatchObject({ count: 2, results: [{ expert_id: ali, name: 'علی پرداخت', lines: 2, earnings: 1_200_000, total: 1_200_000 }, { expert_id: reza, total: 800_000 }] });
  });

  it('saves a dated rule, shows which rule an inspection takes, and the database refuses an overlapping one', async () => {
    const created = await rule({ startDate: '2026-10-05', endDate: '2026-10-11', expertShareRatio: '۱٫۵۰' });
    expect(created.statusCode, created.body).toBe(201);
    const saved = ShareRuleSchema.parse(created.json().data);
    expect(saved).toMatchObject({ version: 1, expert_share_ratio: 1.5, inspection_price_ratio: 1, start_date: '2026-10-05', end_date: '2026-10-11' });
    const applies = (await call('GET', '/rules/applicable/?code=PAY-2')).json().data;
    expect(applies.rule).toMatchObject({ rule_id: saved.rule_id, version: 1 });
    expect((await call('GET', '/rules/applicable/?code=PAY-1')).json().data.rule).toBeNull();
    const mine = await lines(MEHR, ali);
    expect(mine.find((l) => l.inspection_code === 'PAY-2')).toMatchObject({ amount: 1_200_000, rule_id: saved.rule_id, rule_version: 1, inputs: { share_ratio: 1.5 } });

    const overlapping = await rule({ startDate: '2026-10-11', endDate: '2026-10-20' });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().startDate[0]).toContain('هم‌پوشانی');
    // Refused by the database itself, not only by the service.
    await expect(sql(`INSERT INTO share_rules (rule_id, version, tab, start_date, end_date, created_by) VALUES (999, 1, 'date', '2026-10-08', '2026-10-09', 'x')`)).rejects.toMatchObject({ code: '23P01' });
    expect((await rule({ startDate: '2026-10-12', endDate: '2026-10-12', inspectionPriceRatio: '1.123' })).statusCode).toBe(400);
    expect((await call('POST', '/rules/', { fields: { tab: 'date', startDate: '2026-11-01', endDate: '2026-11-02' } }, staff)).statusCode).toBe(403);
  });

  it('shows per expert how many lines an edit of a past rule would change, then versions the rule', async () => {
    const [current] = ShareRuleSchema.array().parse((await call('GET', '/rules/')).json().results).filter((r) => r.in_force && r.start_date === '2026-10-05');
    const fields = { tab: 'date', startDate: '2026-10-01', endDate: '2026-10-11', expertShareRatio: '2', mechanicShareRatio: '0.5' };
    const impact = RuleImpactSchema.parse((await call('POST', '/rules/impact/', { ruleId: current!.rule_id, fields })).json().data);
    expect(impact).toMatchObject({ from: '2026-10-01', to: '2026-10-11' });
    expect(impact.experts).toEqual([
      { expert_id: ali, name: 'علی پرداخت', lines: 2, delta: 400_000 + 400_000 },
      { expert_id: reza, name: 'رضا پرداخت', lines: 1, delta: -100_000 },
    ]);
    const stale = await call('POST', '/rules/', { ruleId: current!.rule_id, version: 7, fields });
    expect(stale.statusCode).toBe(409);
    const saved = await call('POST', '/rules/', { ruleId: current!.rule_id, version: 1, fields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ rule_id: current!.rule_id, version: 2 });
    expect((await lines(MEHR, ali)).map((l) => [l.amount, l.rule_version])).toEqual([[800_000, 2], [1_600_000, 2]]);
    await expect(sql(`UPDATE share_rules SET expert_share_ratio = 3 WHERE rule_id = $1 AND version = 1`, [current!.rule_id])).rejects.toThrow();
  });

  it('settles a period once, its total the sum of its lines (checked in the database); two settlers at once: one wins', async () => {
    const before = await state(MEHR);
    expect(before).toMatchObject({ settled: null, line_count: 4, total: 800_000 + 1_600_000 + 100_000 + 600_000 });
    expect((await call('POST', `/periods/${MEHR}/settle/`, { expectedTotal: before.total }, staff)).statusCode).toBe(403);
    expect((await call('POST', `/periods/${MEHR}/settle/`, { expectedTotal: before.total + 1 })).statusCode).toBe(409);
    const [first, second] = await Promise.all([
      call('POST', `/periods/${MEHR}/settle/`, { expectedTotal: before.total }),
      call('POST', `/periods/${MEHR}/settle/`, { expectedTotal: before.total }),
    ]);
    expect([first.statusCode, second.statusCode].sort(), first.body + second.body).toEqual([200, 409]);
    const after = await state(MEHR);
    expect(after.settled).toMatchObject({ total: before.total, line_count: 4, settled_by: 'maryam' });
    const again = await call('POST', `/periods/${MEHR}/settle/`, { expectedTotal: before.total });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('پیش‌تر تسویه شده');
    const [{ count }] = (await sql<{ count: number }>(`SELECT count(*)::int AS count FROM pay_periods WHERE period = $1`, [MEHR])) as [{ count: number }];
    expect(count).toBe(1);
    expect((await call('GET', `/periods/${MEHR}/history/`)).json().results).toMatchObject([{ action: 'settle', to_state: 'settled', actor_username: 'maryam' }]);

    // The database keeps a settled period as paid: no change, and no total that is not the sum of its lines.
    await expect(sql(`UPDATE pay_lines SET amount = 1`)).rejects.toThrow();
    await expect(sql(`DELETE FROM pay_periods`)).rejects.toThrow();
    await expect(
      gateway.deps.db.transaction(async (tx) => {
        const [p] = await tx.query<{ pk: number }>(`INSERT INTO pay_periods (period, start_date, end_date, total, line_count, settled_by) VALUES ('1405-06', '2026-08-23', '2026-09-22', 5, 1, 'x') RETURNING pk`);
        await tx.query(`INSERT INTO pay_lines (period_id, kind, expert_id, source_key, day, inputs, amount) VALUES ($1, 'expert_share', 1, 'inspection:x', '2026-09-01', '{}', 4)`, [p!.pk]);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    // A line is never settled twice, even by hand.
    await expect(
      gateway.deps.db.transaction(async (tx) => {
        const [p] = await tx.query<{ pk: number }>(`INSERT INTO pay_periods (period, start_date, end_date, total, line_count, settled_by) VALUES ('1405-06', '2026-08-23', '2026-09-22', 400000, 1, 'x') RETURNING pk`);
        const [source] = await tx.query<{ source_key: string }>(`SELECT source_key FROM pay_lines WHERE expert_id = $1 AND kind = 'expert_share' LIMIT 1`, [ali]);
        await tx.query(`INSERT INTO pay_lines (period_id, kind, expert_id, source_key, day, inputs, amount) VALUES ($1, 'expert_share', $2, $3, '2026-09-01', '{}', 400000)`, [p!.pk, ali, source!.source_key]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('never reopens a settled period: a later refund, rule change or late inspection becomes a line of the next period', async () => {
    await sql(`UPDATE inspections SET state = 'F', is_canceled = true WHERE code = 'PAY-3'`);
    await inspection('PAY-5', '2026-10-15', reza, 1_000_000); // done late, in the settled Mehr
    await inspection('PAY-6', '2026-11-01', ali, 500_000);
    // A penalty from the dispatch sheet's cancel form in Aban.
    const [shift] = await sql<{ pk: number }>(`INSERT INTO dispatch_shifts (date, slot, start_time, end_time) VALUES ('2026-11-02', 1, '10:00', '12:00') RETURNING pk`);
    const [cell] = await sql<{ pk: number }>(`INSERT INTO expert_timeslots (expert_id, shift_id) VALUES ($1, $2) RETURNING pk`, [ali, shift!.pk]);
    await inspection('PAY-7', '2026-11-02', ali, 1_000_000, { state: 'T' });
    await sql(
      `INSERT INTO dispatch_history (timeslot_id, action, inspection_code, details, penalty, at)
       VALUES ($1, 'cancel_assignment', 'PAY-7', 'لغو توسط کارشناس، با جریمه', true, '2026-11-02T08:00:00Z'),
              ($1, 'cancel_assignment', 'PAY-7', 'لغو توسط کارشناس، بدون جریمه', false, '2026-11-02T09:00:00Z'),
              -- Words alone are not a penalty: only the column is.
              ($1, 'cancel_assignment', 'PAY-7', 'لغو توسط پشتیبانی یا مشتری، با جریمه', false, '2026-11-02T10:00:00Z')`,
      [cell!.pk],
    );
    const aban = await lines(ABAN);
    expect(aban.map((l) => [l.inspection_code, l.kind, l.expert_id, l.amount, l.reason])).toEqual([
      ['PAY-6', 'expert_share', ali, 200_000, ''],
      ['PAY-7', 'penalty', ali, -400_000, ''],
      ['PAY-3', 'clawback', reza, -600_000, 'سفارش پس از تسویه دیگر انجام‌شده نیست (لغو یا بازپرداخت)'],
      ['PAY-5', 'expert_share', reza, 400_000, ''],
    ]);
    expect(aban[2]!.corrects_line).not.toBeNull();
    // The settled statement stays what was paid.
    expect((await lines(MEHR, reza)).map((l) => l.amount)).toEqual([100_000, 600_000]);
    const total = (await state(ABAN)).total;
    expect(total).toBe(200_000 - 400_000 - 600_000 + 400_000);
    expect((await call('POST', `/periods/${ABAN}/settle/`, { expectedTotal: total })).statusCode).toBe(200);
    expect(await lines('1405-09')).toEqual([]);

    const mine = ExpertPaymentsSchema.parse((await call('GET', `/experts/${reza}/payments/`, undefined, staff)).json().data);
    expect(mine.settled.map((s) => [s.period, s.total])).toEqual([[ABAN, -200_000], [MEHR, 700_000]]);
  });

  it('keeps each done inspection\'s earnings as rows in step with its order: a settled line that changes owes its difference once', async () => {
    // PAY-1 (settled in Mehr under rule version 2) costs twice as much now; PAY-6 (settled in Aban) goes to reza.
    await sql(`UPDATE inspections SET price = 2000000 WHERE code = 'PAY-1'`);
    await sql(`UPDATE inspections SET expert_id = $1 WHERE code = 'PAY-6'`, [reza]);
    const azar = await lines('1405-09');
    expect(azar.map((l) => [l.inspection_code, l.kind, l.expert_id, l.amount, l.reason])).toEqual([
      ['PAY-1', 'clawback', ali, 800_000, 'قاعده سهم یا مبلغ سفارش پس از تسویه تغییر کرد'],
      ['PAY-6', 'clawback', ali, -200_000, 'سفارش پس از تسویه دیگر انجام‌شده نیست (لغو یا بازپرداخت)'],
      ['PAY-1', 'clawback', reza, 100_000, 'قاعده سهم یا مبلغ سفارش پس از تسویه تغییر کرد'],
      ['PAY-6', 'expert_share', reza, 200_000, ''],
    ]);
    expect(azar[0]).toMatchObject({ rule_version: 2, inputs: { price: 2_000_000, share_ratio: 2 } });

    // The rows are what computing every done inspection afresh gives.
    const kept = await sql(`SELECT kind, expert_id, inspection_id, rule_pk, amount FROM pay_earnings WHERE done ORDER BY 3, 1, 2`);
    const afresh = await sql(
      `SELECT k.kind, k.person AS expert_id, i.pk AS inspection_id, l.rule_pk, l.amount
         FROM inspections i
        CROSS JOIN LATERAL (VALUES ('expert_share', i.expert_id), ('mechanic_share', i.mechanic_id)) k(kind, person)
        CROSS JOIN LATERAL pay_line(k.kind, i, i.visit_date, ARRAY(SELECT r FROM share_rules r WHERE r.in_force)) l
        WHERE i.state = 'D' AND NOT i.is_canceled AND k.person IS NOT NULL ORDER BY 3, 1, 2`,
    );
    expect(kept).toEqual(afresh);
    // ...and the day sums the list reads are the sums of the unpaid rows.
    const daySums = `SELECT day::text, expert_id, kind, lines, amount FROM pay_open_days ORDER BY 1, 2, 3`;
    const unpaidSums = `SELECT day::text, expert_id, kind, count(*)::int AS lines, sum(amount) AS amount FROM pay_earnings
                         WHERE paid IS NULL AND amount <> 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    expect(await sql(daySums)).toEqual(await sql(unpaidSums));
    expect(await sql(daySums)).not.toEqual([]);

    // Settled, every row is paid what it earns: nothing is owed in the next period.
    const total = (await state('1405-09')).total;
    expect(total).toBe(800_000 - 200_000 + 100_000 + 200_000);
    expect((await call('POST', '/periods/1405-09/settle/', { expectedTotal: total })).statusCode).toBe(200);
    // The settled period's list reads the sums written when it was settled.
    const settledPage = ExpertPaymentPageSchema.parse((await call('GET', '/payments/?period=1405-09')).json());
    expect(settledPage.results.map((r) => [r.expert_id, r.lines, r.earnings, r.clawbacks, r.total])).toEqual([
      [ali, 2, 0, 600_000, 600_000],
      [reza, 2, 200_000, 100_000, 300_000],
    ]);
    expect(await lines('1405-10')).toEqual([]);
    expect(await sql(`SELECT * FROM pay_earnings WHERE paid IS DISTINCT FROM amount AND NOT (paid IS NULL AND amount = 0)`)).toEqual([]);
    expect(await sql(daySums)).toEqual(await sql(unpaidSums));
  });

  it.runIf(usePostgres)('a share rule and an order done at the same moment: whichever commits first, the order is paid by the rule', async () => {
    const waiting = async () => {
      await expect.poll(async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`))[0]!.n).toBe(1);
    };
    const earned = async (code: string) =>
      (await sql<{ rule_pk: number | null }>(`SELECT e.rule_pk FROM pay_earnings e JOIN inspections i ON i.pk = e.inspection_id WHERE i.code = $1`, [code]))[0];
    await inspection('PAY-8', '2027-01-05', ali, 1_000_000, { state: 'T' });
    await inspection('PAY-9', '2027-01-15', ali, 1_000_000, { state: 'T' });

    // The order is being done when the rule is saved: the rule waits for it, then prices it.
    let saving: ReturnType<typeof rule> | undefined;
    await gateway.deps.db.transaction(async (tx) => {
      await tx.query(`UPDATE inspections SET state = 'D' WHERE code = 'PAY-8'`);
      saving = rule({ startDate: '2027-01-01', endDate: '2027-01-10', expertShareRatio: '3' });
      await waiting();
    });
    const first = ShareRuleSchema.parse((await saving!).json().data);
    expect(await earned('PAY-8')).toEqual({ rule_pk: first.pk });

    // The rule is being saved when the order is done: the order waits for it, then takes it.
    let doing: Promise<unknown> | undefined;
    const second = await gateway.deps.db.transaction(async (tx) => {
      const [row] = await tx.query<{ pk: number }>(
        `INSERT INTO share_rules (rule_id, version, tab, start_date, end_date, expert_share_ratio, created_by)
         VALUES (nextval('share_rule_ids'), 1, 'date', '2027-01-11', '2027-01-20', 3, 'test') RETURNING pk`,
      );
      doing = sql(`UPDATE inspections SET state = 'D' WHERE code = 'PAY-9'`);
      await waiting();
      return row!;
    });
    await doing;
    expect(await earned('PAY-9')).toEqual({ rule_pk: second.pk });
  });

  once('refuses a bad period in Persian and a caller without the role', async () => {
    expect((await call('GET', '/periods/1405-13/')).statusCode).toBe(400);
    expect((await call('GET', '/payments/', undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/periods/1499-01/settle/', { expectedTotal: 0 })).statusCode).toBe(400);
  });
});
