// The leasing claims list (issue 30) for bench/lists: 100,000 claims of delivered orders, six
// instalments each, a spread of states, steps and paid instalments, due days from a year and a
// half ago to six months ahead (so some are overdue and some fall due in the next month).
import { CITIES, LEASING_CLAIMS_PAGE_SIZE } from '@panel/contracts/common';
import { leasingClaimListFilter } from '@panel/contracts/leasing';
import type { ListBench } from './list-bench';
import { hash, personName, phone, pick } from './seed-sql';

const BY = 'bench-claims';
const MONTHS = 6;
const INSTALMENT = 20_000_000;
const today = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + 3.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

export const LEASING_CLAIMS_BENCH: ListBench = {
  name: 'leasing-claims',
  table: 'leasing_claims',
  procedure: 'leasing.claims',
  gatewayPath: '/api/leasing/claims/',
  // The BFF always sends page and page size (spec §9: 10 a page).
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...leasingClaimListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? LEASING_CLAIMS_PAGE_SIZE) }),
  seed: (rows) => [
    // One statement with the triggers off for the bulk rows (the commit-time checks and the next
    // due day's upkeep), which are built to satisfy them: k whole instalments paid of six,
    // settled when k is six, the next due day that of instalment k + 1.
    `DO $$ BEGIN
       PERFORM set_config('session_replication_role', 'replica', true);
       INSERT INTO leasing_orders (state, customer_name, national_id, phone_number, city_id, provider_id, plan_id, car_title, price, down_payment,
         months, annual_rate, monthly, total, start_day, created_by, created_at, updated_at)
       SELECT 'delivered', ${personName('lc')}, '0013542419', ${phone('0919', 'g', 7793)}, ${pick(CITIES.map((c) => c.id), 'c')}, pl.provider_id, pl.id,
         ${pick(['پژو ۲۰۶ تیپ ۲', 'پژو پارس', 'سمند LX', 'دنا پلاس', 'تیبا ۲', 'شاهین'], 'car')}, ${MONTHS * INSTALMENT - 10_000_000}, 0, ${MONTHS}, 18,
         ${INSTALMENT}, ${MONTHS * INSTALMENT}, current_date - ${hash('d', 540)}, '${BY}', now() - make_interval(days => 540), now()
       FROM generate_series(1, ${rows}) g
       CROSS JOIN (SELECT p.id, pg.provider_id FROM leasing_plans p JOIN leasing_plan_groups pg ON pg.id = p.group_id ORDER BY p.id LIMIT 1) pl;
       INSERT INTO leasing_claims (order_id, state, step, total, paid, next_due_date, created_at, updated_at)
       SELECT o.id, CASE WHEN o.k = ${MONTHS} THEN 'settled' WHEN o.s < 3 THEN 'followup' WHEN o.s = 3 THEN 'legal' ELSE 'current' END,
         CASE WHEN o.k < ${MONTHS} AND o.s <= 3 THEN ${pick(['reminder', 'call', 'notice', 'guarantor'], 'st', 'o.id')} END,
         ${MONTHS * INSTALMENT}, o.k * ${INSTALMENT}, CASE WHEN o.k < ${MONTHS} THEN (o.start_day + make_interval(months => o.k + 1))::date END, o.created_at, o.created_at
       FROM (SELECT id, created_at, start_day, ${hash('k', MONTHS + 1, 'id')} AS k, ${hash('s', 10, 'id')} AS s FROM leasing_orders WHERE created_by = '${BY}') o;
       INSERT INTO leasing_instalments (claim_id, seq, due_date, amount, paid)
       SELECT c.id, n, (o.start_day + make_interval(months => n))::date, ${INSTALMENT}, CASE WHEN n * ${INSTALMENT} <= c.paid THEN ${INSTALMENT} ELSE 0 END
       FROM leasing_claims c JOIN leasing_orders o ON o.id = c.order_id AND o.created_by = '${BY}' CROSS JOIN generate_series(1, ${MONTHS}) n;
     END $$`,
    'VACUUM (ANALYZE) leasing_orders',
    'VACUUM (ANALYZE) leasing_claims',
    'VACUUM (ANALYZE) leasing_instalments',
  ],
  sample: () => `SELECT o.code, o.customer_name AS name, o.phone_number AS phone FROM leasing_claims c JOIN leasing_orders o ON o.id = c.order_id WHERE o.created_by = '${BY}' ORDER BY c.id LIMIT 1 OFFSET 500`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'state_current', filter: { state: 'current' } },
    { name: 'state_followup', filter: { state: 'followup' } },
    { name: 'step_call', filter: { step: 'call' } },
    { name: 'overdue', filter: { overdue: true } },
    { name: 'not_overdue', filter: { overdue: false } },
    { name: 'due_next_30_days', filter: { dueFrom: today(), dueTo: inDays(30) } },
    { name: 'followup_overdue_due_between', filter: { state: 'followup', overdue: true, dueFrom: inDays(-60), dueTo: today() } },
    { name: 'search_code', filter: { search: s.code } },
    { name: 'search_phone', filter: { search: s.phone } },
    { name: 'search_name', filter: { search: s.name } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * LEASING_CLAIMS_PAGE_SIZE))) } },
  ],
};
