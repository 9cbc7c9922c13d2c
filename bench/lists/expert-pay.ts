// The expert payments list (issue 31 "Pay", decisions 107-108) for bench/lists: 100,000 done
// inspections over the last sixty days (the current Jalali month and the one before), each with
// an expert of the demo seed and a price, and one share rule in force over part of them. The
// list computes every expert's lines of a period from them (with the rule lookup) and pages the
// experts twenty at a time.
import { currentPeriod, paymentsListFilter, previousPeriod } from '@panel/contracts/expert-pay';
import { CITY_IDS, EXPERT_ARRAY, INSPECTION_PACKAGES, daysAgo } from './list-bench';
import type { ListBench } from './list-bench';
import { hash, pick, pickFrom } from './seed-sql';

const PAGE = 20;

export const EXPERT_PAY_BENCH: ListBench = {
  name: 'expert-pay',
  table: 'inspections',
  procedure: 'expertPay.list',
  gatewayPath: '/api/expert-pay/payments/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...paymentsListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, brand_model, package, visit_date, time_slot, price, expert_id, mechanic_id)
     SELECT 'EP-' || g, 'D', 'مشتری بنچ', '09120000000', ${pick(CITY_IDS, 'c')}, 'پژو ۲۰۶', ${pick(
       INSPECTION_PACKAGES.map((p) => p.name),
       'p',
     )},
            current_date - ${hash('d', 60)}, '10-12', (6 + ${hash('pr', 14)}) * 100000, ${pickFrom(EXPERT_ARRAY, 'e')},
            CASE WHEN ${hash('m', 4)} = 0 THEN ${pickFrom(EXPERT_ARRAY, 'mm')} END
       FROM generate_series(1, ${rows}) g`,
    `INSERT INTO share_rules (rule_id, version, tab, start_date, end_date, expert_share_ratio, created_by)
     SELECT nextval('share_rule_ids'), 1, 'date', '${daysAgo(20)}', '${daysAgo(10)}', 1.25, 'bench'
      WHERE NOT EXISTS (SELECT 1 FROM share_rules WHERE in_force AND daterange(start_date, end_date, '[]') && daterange('${daysAgo(20)}', '${daysAgo(10)}', '[]'))`,
    // The earnings rows and their day sums are written by the database from the inspections (migration 2001).
    'VACUUM (ANALYZE) inspections, pay_earnings, pay_open_days',
  ],
  sample: () => `SELECT ${EXPERT_ARRAY}[3] AS expert`,
  cases: (s) => [
    { name: 'default', filter: {} },
    { name: 'previous_period', filter: { period: previousPeriod(currentPeriod()) } },
    { name: 'one_expert', filter: { expert: Number(s.expert) } },
    { name: 'page_3', filter: { page: 3 } },
  ],
};
