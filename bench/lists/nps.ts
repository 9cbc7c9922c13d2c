// The NPS answers (issue 33, decision 115) for bench/lists: 100,000 survey answers over 180 days,
// scores of a plausible spread, every status A–H (closed ones with a root cause, called-back ones
// responded to), the detractors with their 48-hour target; each row passes the table's checks.
// Every page also carries the NPS of the whole filtered set (the list's `totals`): summed from
// `nps_days`, which the database's triggers fill from the seed's one statement (migration 2401).
import { npsListFilter } from '@panel/contracts/nps';
import type { ListBench } from './list-bench';
import { hash, minutesAgo, personName, phone, weighted } from './seed-sql';

const BY = 'bench-nps';
const PAGE = 20;

export const NPS_BENCH: ListBench = {
  name: 'nps',
  table: 'nps_answers',
  procedure: 'nps.list',
  gatewayPath: '/api/nps/answers/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...npsListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => [
    `INSERT INTO nps_answers (state, version, score, comment, customer_name, customer_phone, channel, answered_at, due_at, responded_at, root_cause, created_by, created_at, updated_at)
     SELECT s.state, 1, s.score, 'نظر مشتری ' || g, s.name, s.phone, 'sms', s.at,
            CASE WHEN s.score <= 6 THEN s.at + interval '48 hours' END,
            CASE WHEN s.state IN ('E', 'F', 'G', 'H') THEN s.at + make_interval(hours => 1 + ${hash('r', 72)}) END,
            CASE WHEN s.state = 'H' THEN 'expert_delay' END,
            '${BY}', s.at, s.at
       FROM generate_series(1, ${rows}) g
       CROSS JOIN LATERAL (SELECT
            ${weighted({ A: 1, B: 8, C: 2, D: 1, E: 1, F: 1, G: 1, H: 6 }, 'st')} AS state,
            ${weighted({ 0: 1, 2: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 5, 10: 6 }, 'sc')}::int AS score,
            ${personName('n')} AS name, ${phone('0912')} AS phone,
            ${minutesAgo('t', 180)} AS at) s`,
    'VACUUM (ANALYZE) nps_answers',
    'VACUUM (ANALYZE) nps_days',
  ],
  sample: (middle) => `SELECT id, customer_phone AS phone, split_part(customer_name, ' ', 2) AS name FROM nps_answers WHERE created_by = '${BY}' ORDER BY id LIMIT 1 OFFSET ${middle}`,
  cases: (s, rows) => [
    { name: 'default', filter: {} },
    { name: 'every_state', filter: { state: [] } },
    { name: 'state_new', filter: { state: ['B'] } },
    { name: 'detractors', filter: { group: 'detractor' } },
    { name: 'score_range', filter: { scoreMin: 5, scoreMax: 7 } },
    { name: 'overdue', filter: { overdue: true } },
    { name: 'answered_last_week', filter: { answeredFrom: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) } },
    { name: 'search_id', filter: { search: String(s.id) } },
    { name: 'search_phone', filter: { search: s.phone } },
    { name: 'search_name', filter: { search: s.name } },
    { name: 'sort_score_desc', filter: { sort: 'score', isAscending: false } },
    { name: 'sort_answered_asc', filter: { sort: 'answered_at', isAscending: true } },
    { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
  ],
};
