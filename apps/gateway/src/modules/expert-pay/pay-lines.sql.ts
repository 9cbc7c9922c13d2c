import { type ShareRuleFields, ruleRange } from '@panel/contracts/expert-pay';
import type { Queryable } from '../../db/db';
import type { DispatchPort, PenaltyRecord } from '../../deps';

// How a line is computed (decision 107) is said once, in the database (migration 2001's
// `pay_line`): every done inspection earns its expert (and its mechanic) price × inspection-price
// ratio × share ratio × base share, by the share rule in force on its visit day whose conditions
// it meets (the defaults 1.00 when none); a cancellation with penalty takes the same expert share
// back. The earnings of done inspections are kept as rows (`pay_earnings`, decision 114) that the
// database keeps in step; penalties come from the dispatch port and are computed as they are read.

/** A rule's columns as the contracts' `ShareRule` has them, of the table aliased `a`. */
export const ruleColumns = (a = 'share_rules') =>
  `${a}.pk, ${a}.rule_id, ${a}.version, ${a}.in_force, ${a}.tab, ${a}.all_time_shift, ${a}.days, ${a}.cities, ${a}.condition, ${a}.inspection_type,
   ${a}.shift, ${a}.start_date::text AS start_date, ${a}.end_date::text AS end_date, ${a}.inspection_price_ratio, ${a}.expert_share_ratio,
   ${a}.mechanic_share_ratio, ${a}.created_by, ${a}.created_at`;

/** A rule proposed in the editor, in place of the rule `ruleId` (or as a new one), for a preview. */
export interface ProposedRule {
  ruleId: number | null;
  fields: ShareRuleFields;
}

function proposedJson(proposed: ProposedRule | undefined): string | null {
  if (!proposed) return null;
  const { fields } = proposed;
  const range = ruleRange(fields);
  return JSON.stringify({
    rule_id: proposed.ruleId,
    start_date: range.start,
    end_date: range.end,
    days: fields.tab === 'date' ? fields.days : [],
    cities: fields.cities,
    condition: fields.condition,
    inspection_type: fields.inspectionType,
    all_time_shift: fields.tab === 'date' ? true : fields.allTimeShift,
    shift: fields.tab === 'date' || fields.allTimeShift ? null : fields.shift,
    inspection_price_ratio: fields.inspectionPriceRatio,
    expert_share_ratio: fields.expertShareRatio,
    mechanic_share_ratio: fields.mechanicShareRatio,
  });
}

/**
 * The computed lines as a CTE body named `computed` (kind, expert_id, source_key, inspection_id,
 * inspection_code, day, rule_pk, rule_id, rule_version, price, base_share, price_ratio, share_ratio,
 * amount) of the days from `from` (null: all before) through `to`, with its parameters from `first`:
 * the penalties given and, unless `penaltiesOnly`, the done inspections' shares; under the rules in
 * force or, for a preview, those with `proposed` in place of its rule. `name` prefixes the CTEs'
 * names where one query holds two computations.
 */
export function computedLines(
  first: number,
  range: { from: string | null; to: string },
  penalties: readonly PenaltyRecord[],
  options: { proposed?: ProposedRule; name?: string; penaltiesOnly?: boolean } = {},
): { sql: string; params: unknown[] } {
  const { proposed, name = '', penaltiesOnly = false } = options;
  const p = (n: number) => `$${first + n}`;
  const inRange = (day: string) => `${day} <= ${p(1)}::date AND (${p(0)}::date IS NULL OR ${day} >= ${p(0)}::date)`;
  // The shares of done inspections (migration 2001's pay_shares); state and day also here, for the index by day.
  const shares = `
    SELECT s.kind, s.expert_id, 'inspection:' || i.pk AS source_key, i.pk AS inspection_id, i.code AS inspection_code, i.visit_date AS day,
           s.rule_pk, s.rule_id, s.rule_version, s.price, s.base_share, s.price_ratio, s.share_ratio, s.amount
      FROM inspections i
     CROSS JOIN LATERAL pay_shares(i, (SELECT rules FROM ${name}rules)) s
     WHERE i.state = 'D' AND ${inRange('i.visit_date')}
    UNION ALL`;
  const sql = `
  ${name}rules AS (
    SELECT coalesce(array_agg(r), '{}') AS rules FROM (
      SELECT r FROM share_rules r WHERE r.in_force AND r.rule_id IS DISTINCT FROM ${p(2)}::bigint
      UNION ALL
      SELECT jsonb_populate_record(NULL::share_rules, ${p(3)}::jsonb) WHERE ${p(3)}::jsonb IS NOT NULL
    ) x(r)
  ),
  ${name}penalties AS (
    SELECT * FROM unnest(${p(4)}::bigint[], ${p(5)}::int[], ${p(6)}::bigint[], ${p(7)}::date[]) AS x(history_pk, expert_id, inspection_id, day)
  ),
  ${name}computed AS (${penaltiesOnly ? '' : shares}
    SELECT 'penalty' AS kind, x.expert_id, 'cancel:' || x.history_pk AS source_key, x.inspection_id, i.code AS inspection_code, x.day,
           l.rule_pk, l.rule_id, l.rule_version, l.price, l.base_share, l.price_ratio, l.share_ratio, l.amount
      FROM ${name}penalties x
      JOIN inspections i ON i.pk = x.inspection_id
     CROSS JOIN LATERAL pay_line('penalty', i, coalesce(i.visit_date, x.day), (SELECT rules FROM ${name}rules)) l
     WHERE ${inRange('x.day')}
  )`;
  const params = [
    range.from,
    range.to,
    proposed?.ruleId ?? null,
    proposedJson(proposed),
    penalties.map((x) => x.historyPk),
    penalties.map((x) => x.expertId),
    penalties.map((x) => x.inspectionId),
    penalties.map((x) => tehranDay(x.at)),
  ];
  return { sql, params };
}

const tehranDay = (at: string) => new Date(Date.parse(at) + 210 * 60_000).toISOString().slice(0, 10);

/** The instant of UTC midnight `days` days after `day` (a day's margin around Tehran's days when asking for instants). */
export const dayShift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString();

/** The columns of a line as the contracts' `PayLine` has them (from a row with the computed columns). */
export const LINE_SELECT = `kind, expert_id, source_key, inspection_id, inspection_code, day::text AS day, rule_pk, rule_id, rule_version,
  jsonb_build_object('price', price, 'base_share', base_share, 'inspection_price_ratio', price_ratio, 'share_ratio', share_ratio) AS inputs,
  amount, reason, corrects_line`;

export const CLAWBACK_GONE = 'سفارش پس از تسویه دیگر انجام‌شده نیست (لغو یا بازپرداخت)';
export const CLAWBACK_CHANGED = 'قاعده سهم یا مبلغ سفارش پس از تسویه تغییر کرد';

/** The columns of a line of `pay_earnings` aliased `e`, as `open_lines` has them. */
const EARNING = `e.expert_id, 'inspection:' || e.inspection_id AS source_key, e.inspection_id, e.inspection_code, e.day, e.rule_pk, e.rule_id, e.rule_version,
           e.price, e.base_share, e.price_ratio, e.share_ratio`;

/**
 * The lines an open period [start, end] would settle (decision 108): its own unsettled lines, lines
 * of days in an already settled period that came later, and a clawback for every line settled in
 * an earlier period whose amount no longer holds. Three CTEs: `open_lines`, the lines themselves;
 * `open_sums` (expert_id, kind, lines, amount), the same summed by day, expert and kind for the
 * list and the state; and `open_other`, what both share: the clawbacks and the penalties. The
 * shares are read from `pay_earnings` and `pay_open_days` (decision 114); the penalties are
 * computed from the days `since`.
 */
export function openLines(first: number, period: { start: string; end: string; since: string }, penalties: readonly PenaltyRecord[]): { sql: string; params: unknown[] } {
  const computed = computedLines(first + 2, { from: period.since, to: period.end }, penalties, { penaltiesOnly: true });
  const start = `$${first}::date`;
  const end = `$${first + 1}::date`;
  const sql = `${computed.sql},
  open_other AS (
    SELECT 'clawback'::text AS kind, ${EARNING}, e.amount - e.paid AS amount,
           CASE WHEN e.done THEN '${CLAWBACK_CHANGED}' ELSE '${CLAWBACK_GONE}' END AS reason, e.settled_line AS corrects_line
      FROM pay_earnings e
     WHERE e.paid IS NOT NULL AND e.amount <> e.paid AND e.settled_end < ${start}
    UNION ALL
    SELECT c.kind, c.expert_id, c.source_key, c.inspection_id, c.inspection_code, c.day, c.rule_pk, c.rule_id, c.rule_version,
           c.price, c.base_share, c.price_ratio, c.share_ratio, c.amount, '', NULL
      FROM computed c
     WHERE c.amount <> 0
       AND NOT EXISTS (SELECT 1 FROM pay_lines l WHERE l.kind = c.kind AND l.expert_id = c.expert_id AND l.source_key = c.source_key)
       AND (c.day >= ${start} OR EXISTS (SELECT 1 FROM pay_periods s WHERE daterange(s.start_date, s.end_date, '[]') @> c.day))
    UNION ALL
    SELECT 'clawback', l.expert_id, l.source_key, l.inspection_id, l.inspection_code, l.day, c.rule_pk, c.rule_id, c.rule_version,
           coalesce(c.price, 0), coalesce(c.base_share, 0), coalesce(c.price_ratio, 0), coalesce(c.share_ratio, 0),
           coalesce(c.amount, 0) - l.amount - coalesce(cb.paid, 0),
           CASE WHEN c.kind IS NULL THEN '${CLAWBACK_GONE}' ELSE '${CLAWBACK_CHANGED}' END,
           l.pk
      FROM pay_lines l
      JOIN pay_periods s ON s.pk = l.period_id AND s.end_date < ${start}
      LEFT JOIN computed c ON c.kind = l.kind AND c.expert_id = l.expert_id AND c.source_key = l.source_key
      LEFT JOIN LATERAL (SELECT sum(x.amount) AS paid FROM pay_lines x WHERE x.corrects_line = l.pk) cb ON true
     WHERE l.kind = 'penalty' AND coalesce(c.amount, 0) <> l.amount + coalesce(cb.paid, 0)
  ),
  open_lines AS (
    -- The period's unpaid rows, and the unpaid rows of days before it in a settled period (late).
    SELECT e.kind, ${EARNING}, e.amount, ''::text AS reason, NULL::bigint AS corrects_line
      FROM pay_earnings e WHERE e.paid IS NULL AND e.amount <> 0 AND e.day BETWEEN ${start} AND ${end}
    UNION ALL
    SELECT e.kind, ${EARNING}, e.amount, '', NULL
      FROM pay_periods s JOIN pay_earnings e ON e.paid IS NULL AND e.amount <> 0 AND e.day BETWEEN s.start_date AND s.end_date
     WHERE e.day < ${start}
    UNION ALL
    SELECT * FROM open_other
  ),
  open_sums AS (
    -- The same unpaid rows, summed by day, expert and kind.
    SELECT d.expert_id, d.kind, d.lines, d.amount FROM pay_open_days d WHERE d.day BETWEEN ${start} AND ${end}
    UNION ALL
    SELECT d.expert_id, d.kind, d.lines, d.amount
      FROM pay_periods s JOIN pay_open_days d ON d.day BETWEEN s.start_date AND s.end_date
     WHERE d.day < ${start}
    UNION ALL
    SELECT o.expert_id, o.kind, 1, o.amount FROM open_other o
  )`;
  return { sql, params: [period.start, period.end, ...computed.params] };
}

/** Runs `WITH <lines> <tail>` with the tail's own parameters after the lines'. */
export async function withOpenLines<T>(q: Queryable, period: { start: string; end: string }, penaltiesOf: DispatchPort['penalties'], tail: (next: number) => string, tailParams: unknown[] = []): Promise<T[]> {
  // Nothing before the first settled period can be a late line or a clawback here: the days
  // computed start at the earlier of the period's start and the first settled period's.
  const [bound] = await q.query<{ since: string }>(`SELECT least($1::date, min(start_date))::text AS since FROM pay_periods`, [period.start]);
  const since = bound?.since ?? period.start;
  // Penalties of those days only, with a day's margin on either side (the SQL cuts by Tehran's day).
  const penalties = await penaltiesOf(q, { since: dayShift(since, -1), before: dayShift(period.end, 1) });
  const lines = openLines(1, { ...period, since }, penalties);
  return q.query<T>(`WITH ${lines.sql} ${tail(lines.params.length + 1)}`, [...lines.params, ...tailParams]);
}
