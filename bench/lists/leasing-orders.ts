// The leasing orders list of bench/lists (issue 30).
import { leasingOrderListFilter } from '@panel/contracts/leasing';
import { CARS, CITY_IDS, NATIONAL_IDS, daysAgo, deepPage, type ListBench } from './list-bench';
import { minutesAgo, personName, phone, pick, weighted } from './seed-sql';

export const LEASING_ORDERS_LISTS: ListBench[] = [
  {
    name: 'leasing',
    table: 'leasing_orders',
    procedure: 'leasing.orders',
    gatewayPath: '/api/leasing/orders/',
    toQuery: leasingOrderListFilter.toQuery,
    seed: (rows) => [
      // Each order on one of the reference plans (its provider with it), a state as the demo spreads them.
      `INSERT INTO leasing_orders (state, customer_name, national_id, phone_number, city_id, provider_id, plan_id, car_title, price, down_payment,
         months, annual_rate, monthly, total, start_day, reject_reason, created_by, created_at)
       SELECT t.state, ${personName('n')}, ${pick(NATIONAL_IDS, 'ni')}, ${phone('0935')}, ${pick(CITY_IDS, 'c')}, p.provider_id, p.id, ${pick(CARS, 'car')},
         1000000000, 400000000, 36, p.annual_rate, 20000000, 720000000, (t.at AT TIME ZONE 'Asia/Tehran')::date,
         CASE WHEN t.state = 'rejected' THEN 'credit' END, 'bench', t.at
       FROM (SELECT g, ${weighted({ registered: 3, documents: 2, provider_review: 2, approved: 1, contract_signed: 1, delivered: 6, rejected: 2, canceled: 1 }, 'st')} AS state,
               ${minutesAgo('at', 365)} AS at, abs(hashtext(g::text || 'pl')) % (SELECT count(*) FROM leasing_plans) AS plan_n
             FROM generate_series(1, ${rows}) g) t
       JOIN (SELECT pl.id, pg.provider_id, pl.annual_rate, row_number() OVER (ORDER BY pl.id) - 1 AS n
             FROM leasing_plans pl JOIN leasing_plan_groups pg ON pg.id = pl.group_id) p ON p.n = t.plan_n`,
      'VACUUM (ANALYZE) leasing_orders',
    ],
    sample: (middle) => `SELECT phone_number AS phone, customer_name AS name, code, provider_id AS provider FROM leasing_orders ORDER BY id OFFSET ${middle} LIMIT 1`,
    cases: (s, rows) => [
      { name: 'default', filter: {} },
      { name: 'search_phone', filter: { search: s.phone } },
      { name: 'search_phone_prefix', filter: { search: String(s.phone).slice(0, 7) } },
      { name: 'search_code', filter: { search: s.code } },
      { name: 'search_name', filter: { search: s.name } },
      { name: 'state', filter: { state: 'documents' } },
      { name: 'provider', filter: { provider: s.provider } },
      { name: 'city', filter: { city: 2 } },
      { name: 'created_between', filter: { createdFrom: daysAgo(30), createdTo: daysAgo(20) } },
      { name: 'state_city_created', filter: { state: 'delivered', city: 1, createdFrom: daysAgo(60) } },
      deepPage(rows),
    ],
  },
];
