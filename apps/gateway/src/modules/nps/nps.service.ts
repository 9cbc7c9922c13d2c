import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { normalizePhoneNumber } from '@panel/contracts/common';
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
import { likePrefix, pagedList, sortOrder, tehranDayRange, toPrefixTsQuery } from '../../db/list-query';
import { notFound } from '../../errors';
import type { NpsTables } from './nps.tables';

// NPS read (decision 115): the answers filtered and sorted in SQL with the figure of the filtered
// set counted in the same pass as the list's count, the weekly chart of the same set, and one
// answer with its inspection order.

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
  if (filter.search) {
    const text = filter.search;
    if (/^[+\d\s-]+$/.test(text)) {
      // Digits: the answer's number, its order's code, or the start of the customer's phone.
      let digits = normalizePhoneNumber(text.replace(/[\s-]/g, ''));
      if (/^9\d{0,9}$/.test(digits)) digits = `0${digits}`;
      query = query.where((eb) =>
        eb.or([
          ...(digits.length <= 15 ? [eb('a.id', '=', Number(digits))] : []),
          // A scalar subquery, run once, so each of the three reads its own index (an IN list was a scan).
          eb('a.inspection_id', '=', eb.selectFrom('inspections as i').select('i.pk').where('i.code', '=', digits)),
          eb('a.customer_phone', 'like', likePrefix(digits)),
        ]),
      );
    } else {
      const words = toPrefixTsQuery(text);
      query = query.where(words ? sql<SqlBool>`${SEARCH_DOCUMENT} @@ to_tsquery('simple', ${words})` : sql<SqlBool>`false`);
    }
  }
  return query;
}

const counted = (condition?: Expression<SqlBool>) => (condition ? sql<number>`count(*) FILTER (WHERE ${condition})` : sql<number>`count(*)`);
const PROMOTER = sql<SqlBool>`a.score >= 9`;
const PASSIVE = sql<SqlBool>`a.score BETWEEN 7 AND 8`;
const DETRACTOR = sql<SqlBool>`a.score <= 6`;
/** % promoters − % detractors with one decimal, by the database (null over no rows). */
const FIGURE = sql<number | null>`round(100.0 * (count(*) FILTER (WHERE a.score >= 9) - count(*) FILTER (WHERE a.score <= 6)) / NULLIF(count(*), 0), 1)`;

/** One page of answers in the upstream's envelope, with the NPS figure of the whole filtered set. */
export async function listNps(q: NpsDb, filter: NpsListFilter): Promise<NpsPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 'a.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
        query.leftJoin('inspections as i', 'i.pk', 'a.inspection_id').select([...COLUMNS, 'i.code as order_code', GROUP.as('group'), OVERDUE.as('overdue')]),
      totals: (rows) =>
        rows
          .select([
            counted().as('count'),
            counted(PROMOTER).as('promoters'),
            counted(PASSIVE).as('passives'),
            counted(DETRACTOR).as('detractors'),
            FIGURE.as('nps'),
            counted(OVERDUE).as('overdue'),
          ])
          .$castTo<NpsTotals>()
          .executeTakeFirstOrThrow(),
    },
    filter,
  );
  return { ...page, results: page.results.map(withLabel) };
}

/** The same filtered set by week (Saturday to Friday, Tehran): the latest weeks, oldest first. */
export async function npsTrend(q: NpsDb, filter: NpsListFilter): Promise<{ results: NpsWeek[] }> {
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
