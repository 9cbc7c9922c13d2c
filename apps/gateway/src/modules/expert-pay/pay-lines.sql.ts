import { EXPERT_BASE_SHARE, MECHANIC_BASE_SHARE, type ShareRuleFields, ruleRange } from '@panel/contracts/expert-pay';
import type { Queryable } from '../../db/db';
import type { DispatchPort, PenaltyRecord } from '../../deps';

// How a line is computed (decision 107), said once in SQL: every done inspection earns its expert
// (and its mechanic) price × inspection-price ratio × share ratio × base share, by the share rule
// in force on its visit day whose conditions it meets (the defaults 1.00 when none); a cancellation
// with penalty takes the same expert share back. Rules of one day never overlap (the database
// refuses it), so at most one rule covers a day.

/** The rule-match predicate for inspection `i` on day `day`, over rules aliased `r`. */
export const RULE_MATCHES = (day: string) => `${day} BETWEEN r.start_date AND r.end_date
      AND (cardinality(r.cities) = 0 OR i.city_id = ANY (r.cities))
      AND (cardinality(r.days) = 0 OR ((extract(dow FROM ${day})::int + 1) % 7) = ANY (r.days))
      AND (r.condition IS NULL OR r.condition = ANY (i.pricing_conditions))
      AND (r.inspection_type IS NULL OR r.inspection_type = i.package)
      AND (r.all_time_shift OR r.shift IS NULL OR r.shift = i.time_slot)`;

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
 * amount) of the days from `from` (null: all before) through `to`, with its parameters from `first`;
 * `name` prefixes the CTEs' names where one query holds two computations.
 */
export function computedLines(
  first: number,
  range: { from: string | null; to: string },
  penalties: readonly PenaltyRecord[],
  proposed?: ProposedRule,
  name = '',
): { sql: string; params: unknown[] } {
  const p = (n: number) => `$${first + n}`;
  const sql = `
  ${name}rules AS (
    SELECT pk, rule_id, version, start_date, end_date, days, cities, condition, inspection_type, all_time_shift, shift,
           inspection_price_ratio, expert_share_ratio, mechanic_share_ratio
      FROM share_rules WHERE in_force AND rule_id IS DISTINCT FROM ${p(2)}::bigint
    UNION ALL
    SELECT NULL, ${p(2)}::bigint, NULL, (j->>'start_date')::date, (j->>'end_date')::date,
           ARRAY(SELECT jsonb_array_elements_text(j->'days')::int), ARRAY(SELECT jsonb_array_elements_text(j->'cities')::int),
           j->>'condition', j->>'inspection_type', (j->>'all_time_shift')::boolean, j->>'shift',
           (j->>'inspection_price_ratio')::numeric, (j->>'expert_share_ratio')::numeric, (j->>'mechanic_share_ratio')::numeric
      FROM (SELECT ${p(3)}::jsonb AS j) proposed WHERE j IS NOT NULL
  ),
  ${name}penalties AS (
    SELECT * FROM unnest(${p(4)}::bigint[], ${p(5)}::int[], ${p(6)}::bigint[], ${p(7)}::date[]) AS x(history_pk, expert_id, inspection_id, day)
  ),
  ${name}events AS (
    SELECT 'expert_share'::text AS kind, i.expert_id AS person, 'inspection:' || i.pk AS source_key, i.pk AS inspection_id, i.visit_date AS day, ${EXPERT_BASE_SHARE}::numeric AS base
      FROM inspections i
     WHERE i.state = 'D' AND NOT i.is_canceled AND i.expert_id IS NOT NULL AND i.visit_date <= ${p(1)}::date AND (${p(0)}::date IS NULL OR i.visit_date >= ${p(0)}::date)
    UNION ALL
    SELECT 'mechanic_share', i.mechanic_id, 'inspection:' || i.pk, i.pk, i.visit_date, ${MECHANIC_BASE_SHARE}::numeric
      FROM inspections i
     WHERE i.state = 'D' AND NOT i.is_canceled AND i.mechanic_id IS NOT NULL AND i.visit_date <= ${p(1)}::date AND (${p(0)}::date IS NULL OR i.visit_date >= ${p(0)}::date)
    UNION ALL
    SELECT 'penalty', x.expert_id, 'cancel:' || x.history_pk, x.inspection_id, x.day, ${-EXPERT_BASE_SHARE}::numeric
      FROM ${name}penalties x WHERE x.day <= ${p(1)}::date AND (${p(0)}::date IS NULL OR x.day >= ${p(0)}::date)
  ),
  ${name}computed AS (
    SELECT e.kind, e.person AS expert_id, e.source_key, e.inspection_id, i.code AS inspection_code, e.day,
           r.pk AS rule_pk, r.rule_id, r.version AS rule_version, i.price::numeric AS price, e.base AS base_share,
           coalesce(r.inspection_price_ratio, 1.00) AS price_ratio,
           coalesce(CASE WHEN e.kind = 'mechanic_share' THEN r.mechanic_share_ratio ELSE r.expert_share_ratio END, 1.00) AS share_ratio,
           round(i.price * coalesce(r.inspection_price_ratio, 1.00)
                 * coalesce(CASE WHEN e.kind = 'mechanic_share' THEN r.mechanic_share_ratio ELSE r.expert_share_ratio END, 1.00) * e.base) AS amount
      FROM ${name}events e
      JOIN inspections i ON i.pk = e.inspection_id
      LEFT JOIN LATERAL (SELECT * FROM ${name}rules r WHERE ${RULE_MATCHES('coalesce(i.visit_date, e.day)')} LIMIT 1) r ON true
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

/**
 * The lines an open period [start, end] would settle, as a CTE body named `open_lines`: its own
 * unsettled lines, lines of days in an already settled period that came later, and a clawback for
 * every line settled in an earlier period whose amount no longer holds (decision 108).
 */
export function openLines(first: number, period: { start: string; end: string; since: string }, penalties: readonly PenaltyRecord[]): { sql: string; params: unknown[] } {
  const computed = computedLines(first + 1, { from: period.since, to: period.end }, penalties);
  const start = `$${first}::date`;
  const sql = `${computed.sql},
  open_lines AS (
    SELECT c.kind, c.expert_id, c.source_key, c.inspection_id, c.inspection_code, c.day, c.rule_pk, c.rule_id, c.rule_version,
           c.price, c.base_share, c.price_ratio, c.share_ratio, c.amount, ''::text AS reason, NULL::bigint AS corrects_line
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
     WHERE l.kind <> 'clawback' AND coalesce(c.amount, 0) <> l.amount + coalesce(cb.paid, 0)
  )`;
  return { sql, params: [period.start, ...computed.params] };
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
