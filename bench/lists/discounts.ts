// The discount codes (issue 33, decision 117) for bench/lists: 100,000 codes over two hundred
// days, a tenth of them in ten campaigns of single-use codes, the rest made by hand with
// percents or amounts, validity windows past, current and ahead, a few paused or deactivated,
// and used counts within their limits; each row passes the table's checks.
import { discountsListFilter } from '@panel/contracts/discounts';
import type { ListBench } from './list-bench';
import { hash, minutesAgo, weighted } from './seed-sql';

const BY = 'bench-discounts';
const PAGE = 20;

export const DISCOUNTS_BENCH: ListBench = {
  name: 'discounts',
  table: 'discount_codes',
  procedure: 'discounts.list',
  gatewayPath: '/api/discounts/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...discountsListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO discount_campaigns (name, prefix, total, done, state, kind, value, min_order, valid_from, valid_until, usage_limit, per_user_limit, services, created_by, finished_at)
     SELECT 'کمپین آزمون ' || k, 'BK' || k, ${Math.max(1, Math.floor(rows / 100))}, ${Math.max(1, Math.floor(rows / 100))}, 'done', 'percent', 10, 0,
            now() - interval '30 days', now() + interval '30 days', 1, 1, ARRAY['inspection'], '${BY}', now()
       FROM generate_series(1, 10) k`,
    `INSERT INTO discount_codes (code, kind, value, max_discount, min_order, valid_from, valid_until, usage_limit, per_user_limit, used, services, city_id,
                                 state, origin, campaign_id, created_by, created_at, updated_at)
     SELECT CASE WHEN s.campaign IS NULL THEN 'BENCH' ELSE 'BK' || s.k || 'X' END || lpad(g::text, 7, '0'),
            s.kind, CASE WHEN s.kind = 'percent' THEN 5 + ${hash('v', 26)} ELSE (50 + ${hash('a', 20)} * 10) * 1000 END,
            CASE WHEN s.kind = 'percent' THEN 200000 END, 0,
            s.at, s.at + make_interval(days => 10 + ${hash('d', 80)}), s.lim, 1, ${hash('u', 1_000_000)} % (s.lim + 1),
            ARRAY['inspection'], NULL, s.state, CASE WHEN s.campaign IS NULL THEN 'manual' ELSE 'campaign' END, s.campaign, '${BY}', s.at, s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT
            ${weighted({ percent: 3, amount: 2 }, 'k')} AS kind,
            ${weighted({ active: 18, paused: 1, deactivated: 1 }, 'st')} AS state,
            CASE WHEN g % 10 = 0 THEN (SELECT id FROM discount_campaigns WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET (g / 10) % 10) END AS campaign,
            (g / 10) % 10 + 1 AS k,
            CASE WHEN g % 10 = 0 THEN 1 ELSE 10 + ${hash('l', 990)} END AS lim,
            ${minutesAgo('t', 200)} + interval '60 days' AS at) s`,
    'VACUUM (ANALYZE) discount_codes',
  ],
  sample: (middle) => `SELECT id, code FROM discount_codes WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'status_active', filter: { status: 'active' } },
    { name: 'status_inactive', filter: { status: 'inactive' } },
    { name: 'status_expired', filter: { status: 'expired' } },
    { name: 'kind_amount', filter: { kind: 'amount' } },
    { name: 'valid_today', filter: { validFrom: new Date().toISOString().slice(0, 10), validTo: new Date().toISOString().slice(0, 10) } },
    { name: 'search_code', filter: { search: String(s.code) } },
    { name: 'search_prefix', filter: { search: 'BENCH00012' } },
    { name: 'sort_used_desc', filter: { sort: 'used', isAscending: false } },
    { name: 'sort_until_asc', filter: { sort: 'valid_until', isAscending: true } },
    { name: 'sort_code', filter: { sort: 'code', isAscending: true } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
  ],
};
