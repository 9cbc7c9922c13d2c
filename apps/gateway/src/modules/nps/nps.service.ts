import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

import {
  NPS_GROUP_SCORES,
  NPS_MESSAGES,
  NPS_STATES,
  NPS_TREND_WEEKS,
  effectiveNpsStates,
  type NpsAnswer,
  type NpsAnswerDetail,
  type NpsListFilter,
  type NpsPage,
  type NpsState,
  type NpsTotals,
  type NpsWeek,
} from '@panel/contracts/nps';
import type { CoreTables } from '../../db/core-tables';
import { likePrefix, listSearch, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { notFound } from '../../errors';
import type { NpsTables } from './nps.tables';

// NPS read (decision 115): the answers filtered and sorted in SQL, the figure of the filtered set
// and the weekly chart of the same set, and one answer with its inspection order. The figure and
// the chart sum `nps_days` (answers by Tehran answered day, status and score, kept by the
// database's triggers, migration 2401) for every filter it can express, with the overdue counted
// from the partial index of the waiting detractors; only a search counts the answers themselves.

export type NpsTablesAll = CoreTables & NpsTables;
export type NpsDb = Kysely<NpsTablesAll>;
export const NPS_ENTITY = 'nps_answer';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { answered_at: ['a.answered_at', 'a.id'], score: ['a.score', 'a.answered_at', 'a.id'] } as const;

/** A detractor past its target with no call back yet (an answer set aside has none). */
const OVERDUE = sql<boolean>`(a.due_at IS NOT NULL AND a.due_at < now() AND a.responded_at IS NULL AND a.state <> 'A')`;
const GROUP = sql<NpsAnswer['group']>`CASE WHEN a.score >= 9 THEN 'promoter' WHEN a.score >= 7 THEN 'passive' ELSE 'detractor' END`;
/** The words a search looks in, as the index of migration 2400 spells them. */
const SEARCH_DOCUMENT = sql`to_tsvector('simple', a.customer_name)`;
/** The Saturday (Tehran, +03:30 all year since 2022) that starts an answer's week. */
const WEEK = sql<string>`to_char(date_trunc('week', (a.answered_at AT TIME ZONE 'UTC') + interval '3 hours 30 minutes' + interval '2 days') - interval '2 days', 'YYYY-MM-DD')`;

const COLUMNS = [
  'a.id', 'a.state', 'a.version', 'a.score', 'a.comment', 'a.customer_name', 'a.customer_phone', 'a.inspection_id', 'a.channel',
  'a.answered_at', 'a.due_at', 'a.responded_at', 'a.root_cause',
] as const;

const withLabel = <T extends { state: NpsState }>(row: T) => ({ ...row, state_label: NPS_STATES[row.state] });

function filtered(q: NpsDb, filter: NpsListFilter) {
  let query = q.selectFrom('nps_answers as a');
  const states = effectiveNpsStates(filter);
  if (states) query = query.where('a.state', 'in', states);
  if (filter.group) {
    const [min, max] = NPS_GROUP_SCORES[filter.group];
    query = query.where('a.score', '>=', min).where('a.score', '<=', max);
  }
  if (filter.scoreMin !== undefined) query = query.where('a.score', '>=', filter.scoreMin);
  if (filter.scoreMax !== undefined) query = query.where('a.score', '<=', filter.scoreMax);
  if (filter.answeredFrom) query = query.where('a.answered_at', '>=', tehranDayRange(filter.answeredFrom)[0]);
  if (filter.answeredTo) query = query.where('a.answered_at', '<', tehranDayRange(filter.answeredTo)[1]);
  if (filter.overdue === true) query = query.where(OVERDUE);
  if (filter.overdue === false) query = query.where(sql<SqlBool>`NOT ${OVERDUE}`);
  const search = filter.search;
  if (search) {
    // Digits: the answer's number, its order's code, or the start of the customer's phone.
    query = query.where((eb) =>
      listSearch(search, SEARCH_DOCUMENT, ({ ids, digits, phone }) =>
        eb.or([
          ...ids.map((id) => eb('a.id', '=', id)),
          // A scalar subquery, run once, so each of the three reads its own index (an IN list was a scan).
          eb('a.inspection_id', '=', eb.selectFrom('inspections as i').select('i.pk').where('i.code', '=', digits)),
          eb('a.customer_phone', 'like', likePrefix(phone)),
        ]),
      ),
    );
  }
  return query;
}

const counted = (condition?: Expression<SqlBool>) => (condition ? sql<number>`count(*) FILTER (WHERE ${condition})` : sql<number>`count(*)`);
const PROMOTER = sql<SqlBool>`a.score >= 9`;
const PASSIVE = sql<SqlBool>`a.score BETWEEN 7 AND 8`;
const DETRACTOR = sql<SqlBool>`a.score <= 6`;
/** % promoters − % detractors with one decimal, by the database (null over no rows). */
const FIGURE = sql<number | null>`round(100.0 * (count(*) FILTER (WHERE a.score >= 9) - count(*) FILTER (WHERE a.score <= 6)) / NULLIF(count(*), 0), 1)`;

/** The score range a filter keeps: its group's and its own bounds together. */
function scoreRange(filter: NpsListFilter): [min: number, max: number] {
  const [groupMin, groupMax] = filter.group ? NPS_GROUP_SCORES[filter.group] : [0, 10];
  return [Math.max(groupMin, filter.scoreMin ?? 0), Math.min(groupMax, filter.scoreMax ?? 10)];
}

/** The summary rows (`nps_days`) of a filter without a search or the overdue flag: status, score and Tehran day. */
function summarized(q: NpsDb, filter: NpsListFilter) {
  let query = q.selectFrom('nps_days as d');
  const states = effectiveNpsStates(filter);
  if (states) query = query.where('d.state', 'in', states);
  const [min, max] = scoreRange(filter);
  if (min > 0) query = query.where('d.score', '>=', min);
  if (max < 10) query = query.where('d.score', '<=', max);
  if (filter.answeredFrom) query = query.where('d.day', '>=', filter.answeredFrom);
  if (filter.answeredTo) query = query.where('d.day', '<=', filter.answeredTo);
  return query;
}

const summed = (condition?: Expression<SqlBool>) => sql<number>`coalesce(sum(d.answers)${condition ? sql` FILTER (WHERE ${condition})` : sql``}, 0)`;
const SUMMARY_COUNTS = [
  summed().as('n'),
  summed(sql<SqlBool>`d.score >= 9`).as('p'),
  summed(sql<SqlBool>`d.score BETWEEN 7 AND 8`).as('m'),
  summed(sql<SqlBool>`d.score <= 6`).as('t'),
] as const;
/** The overdue answers of a filter without its search: read from the index of the waiting detractors alone (2401). */
const overdueOf = (q: NpsDb, filter: NpsListFilter) => filtered(q, { ...filter, search: undefined, overdue: true });
/** The Saturday (Tehran) that starts the week of a Tehran day. */
const weekOf = (day: RawBuilder<unknown>) => sql<string>`to_char(${day} - ((extract(isodow FROM ${day})::int + 1) % 7), 'YYYY-MM-DD')`;

/**
 * The totals of counts `n` (all), `p` (promoters), `m` (passives), `t` (detractors) and `o`
 * (overdue) as the envelope names them, the figure rounded by the database.
 */
const TOTALS = sql`n AS count, p AS promoters, m AS passives, t AS detractors, round(100.0 * (p - t) / NULLIF(n, 0), 1) AS nps`;

/**
 * The figure of the filtered set. Every overdue answer is a detractor (only they carry a target),
 * so "overdue only" is the overdue count as detractors, and "not overdue" is the summary less it.
 */
async function npsFigure(q: NpsDb, filter: NpsListFilter): Promise<NpsTotals> {
  if (filter.search) return npsFigureCounted(q, filter);
  const overdue = overdueOf(q, filter).select(sql<number>`count(*)`.as('o'));
  const summary = summarized(q, filter).select(SUMMARY_COUNTS);
  const counts =
    filter.overdue === true
      ? sql`SELECT o.o AS n, 0 AS p, 0 AS m, o.o AS t, o.o AS o FROM (${overdue}) o`
      : filter.overdue === false
        ? sql`SELECT s.n - o.o AS n, s.p, s.m, s.t - o.o AS t, 0 AS o FROM (${summary}) s, (${overdue}) o`
        : sql`SELECT s.n, s.p, s.m, s.t, o.o FROM (${summary}) s, (${overdue}) o`;
  const { rows } = await sql<NpsTotals>`SELECT ${TOTALS}, o AS overdue FROM (${counts}) c`.execute(q);
  return rows[0]!;
}

/** The figure counted over the filtered answers themselves (a search; and the tests' reference). */
export async function npsFigureCounted(q: NpsDb, filter: NpsListFilter): Promise<NpsTotals> {
  return filtered(q, filter)
    .select([
      counted().as('count'),
      counted(PROMOTER).as('promoters'),
      counted(PASSIVE).as('passives'),
      counted(DETRACTOR).as('detractors'),
      FIGURE.as('nps'),
      counted(OVERDUE).as('overdue'),
    ])
    .$castTo<NpsTotals>()
    .executeTakeFirstOrThrow();
}

/** One page of answers in the upstream's envelope, with the NPS figure of the whole filtered set. */
export async function listNps(q: NpsDb, filter: NpsListFilter): Promise<NpsPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 'a.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
        query.leftJoin('inspections as i', 'i.pk', 'a.inspection_id').select([...COLUMNS, 'i.code as order_code', GROUP.as('group'), OVERDUE.as('overdue')]),
      totals: () => npsFigure(q, filter),
    },
    filter,
  );
  return { ...page, results: page.results.map(withLabel) };
}

/** The same filtered set by week (Saturday to Friday, Tehran): the latest weeks, oldest first. */
export async function npsTrend(q: NpsDb, filter: NpsListFilter): Promise<{ results: NpsWeek[] }> {
  if (filter.search) return npsTrendCounted(q, filter);
  const overdue = overdueOf(q, filter)
    .select([weekOf(sql`nps_day(a.answered_at)`).as('week'), sql<number>`count(*)`.as('o')])
    .groupBy(sql`1`);
  const summary = summarized(q, filter)
    .select([weekOf(sql.ref('d.day')).as('week'), ...SUMMARY_COUNTS])
    .groupBy(sql`1`);
  const counts =
    filter.overdue === true
      ? sql`SELECT o.week, o.o AS n, 0 AS p, 0 AS m, o.o AS t FROM (${overdue}) o`
      : filter.overdue === false
        ? sql`SELECT s.week, s.n - coalesce(o.o, 0) AS n, s.p, s.m, s.t - coalesce(o.o, 0) AS t FROM (${summary}) s LEFT JOIN (${overdue}) o ON o.week = s.week`
        : sql`SELECT s.week, s.n, s.p, s.m, s.t FROM (${summary}) s`;
  const { rows } = await sql<NpsWeek>`SELECT week, ${TOTALS} FROM (${counts}) c WHERE n > 0 ORDER BY week DESC LIMIT ${NPS_TREND_WEEKS}`.execute(q);
  return { results: rows.reverse() };
}

/** The chart counted over the filtered answers themselves (a search; and the tests' reference). */
export async function npsTrendCounted(q: NpsDb, filter: NpsListFilter): Promise<{ results: NpsWeek[] }> {
  const weeks = await filtered(q, filter)
    .select([
      WEEK.as('week'),
      counted().as('count'),
      counted(PROMOTER).as('promoters'),
      counted(PASSIVE).as('passives'),
      counted(DETRACTOR).as('detractors'),
      sql<number>`round(100.0 * (count(*) FILTER (WHERE a.score >= 9) - count(*) FILTER (WHERE a.score <= 6)) / count(*), 1)`.as('nps'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`, 'desc')
    .limit(NPS_TREND_WEEKS)
    .execute();
  return { results: weeks.reverse() };
}

export async function npsAnswerDetail(q: NpsDb, id: number): Promise<NpsAnswerDetail> {
  const row = await q
    .selectFrom('nps_answers as a')
    .leftJoin('inspections as i', 'i.pk', 'a.inspection_id')
    .leftJoin('cities as c', 'c.id', 'i.city_id')
    .select([...COLUMNS, 'a.created_at', 'i.code as order_code', GROUP.as('group'), OVERDUE.as('overdue'), 'i.brand_model', 'i.package', 'i.visit_date', 'i.price', 'c.name as city'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(NPS_MESSAGES.notFound);
  const { brand_model, package: pkg, visit_date, price, city, ...answer } = row;
  const order =
    answer.inspection_id !== null && answer.order_code !== null
      ? { id: answer.inspection_id, code: answer.order_code, brand_model: brand_model ?? '', package: pkg ?? '', city: city ?? '', visit_date, price: price ?? 0 }
      : null;
  return { ...withLabel(answer), order };
}
