import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { EXPERTS_MESSAGES, type Expert, type ExpertArea, type ExpertOverview, type ExpertsListFilter, type ExpertsPage } from '@panel/contracts/experts';
import type { CoreTables } from '../../db/core-tables';
import { likePrefix, pagedList, sortOrder, wordsMatch } from '../../db/list-query';
import { notFound } from '../../errors';
import type { ExpertsTables } from './experts.tables';

// The experts as staff read them (decision 105). The sheet's areas, shifts and cells are
// dispatch's tables, read here in SQL (never imported); messages are the outbox's rows.

export type ExpertsDb = Kysely<CoreTables & ExpertsTables>;
export const EXPERT_ENTITY = 'expert';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { report_name: ['e.report_name', 'e.pk'], level: ['e.level', 'e.report_name', 'e.pk'], pk: ['e.pk'] } as const;

// Must be the expression of the GIN index in migration 1900, or the index is not used.
const SEARCH_DOCUMENT = sql`to_tsvector('simple', e.report_name)`;

const COLUMNS = [
  'e.pk', 'e.report_name', 'e.phone_number', 'e.level', 'e.is_car_expert', 'e.is_motor_cycle_expert', 'e.is_concierge_sale_expert',
  'e.is_car_mechanic', 'e.is_motor_cycle_mechanic', 'e.is_leasing_expert', 'e.city_id as city', 'e.areas', 'e.is_active', 'e.username',
  'e.version', 'e.created_at', 'e.updated_at',
] as const;
const CITY_NAME = sql<string>`(SELECT c.name FROM cities c WHERE c.id = e.city_id)`.as('city_name');
const AREA_NAMES = sql<string[]>`ARRAY(SELECT d.name FROM unnest(e.areas) WITH ORDINALITY AS a(id, n) JOIN dispatch_areas d ON d.id = a.id ORDER BY a.n)`.as('area_names');
const SELECTED = [...COLUMNS, CITY_NAME, AREA_NAMES] as const;

function filtered(q: ExpertsDb, filter: ExpertsListFilter) {
  return q.selectFrom('experts as e').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.level?.length) clauses.push(eb('e.level', 'in', filter.level));
    // Any of the chosen types (the dispatch sheet's type filter reads the same flags).
    if (filter.type?.length) clauses.push(eb.or(filter.type.map((t) => eb(`e.${t}`, '=', true))));
    if (filter.city !== undefined) clauses.push(eb('e.city_id', '=', filter.city));
    if (filter.area !== undefined) clauses.push(sql<SqlBool>`e.areas @> ARRAY[${filter.area}]::int[]`);
    if (filter.active !== undefined) clauses.push(eb('e.is_active', '=', filter.active));
    if (filter.search) {
      const text = filter.search.trim();
      if (/^[+\d\s-]+$/.test(text)) {
        // Digits: an expert's pk, or the start of a phone (its index); 912… and +98912… are 0912….
        const digits = text.replace(/[\s-]/g, '');
        let phone = digits.replace(/^\+?98/, '0');
        if (/^9/.test(phone)) phone = `0${phone}`;
        clauses.push(eb.or([eb('e.phone_number', 'like', likePrefix(phone)), ...(digits.length <= 15 ? [eb('e.pk', '=', Number(digits))] : [])]));
      } else {
        // Words: the start of each word of the name, on the GIN index of migration 1900.
        clauses.push(wordsMatch(SEARCH_DOCUMENT, text));
      }
    }
    return eb.and(clauses);
  });
}

/** One page of the list in the upstream's envelope (twenty, spec §9), filtered and sorted in SQL. */
export function listExperts(q: ExpertsDb, filter: ExpertsListFilter): Promise<ExpertsPage> {
  return pagedList(filtered(q, filter), { key: 'e.pk', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(SELECTED) }, filter);
}

export async function expertDetail(q: ExpertsDb, pk: number): Promise<Expert> {
  const row = await q.selectFrom('experts as e').select(SELECTED).where('e.pk', '=', pk).executeTakeFirst();
  if (!row) throw notFound(EXPERTS_MESSAGES.notFound);
  return row;
}

/** The dispatch sheet's areas with their city: what the form and the filter offer. */
export async function expertAreas(q: ExpertsDb): Promise<ExpertArea[]> {
  const { rows } = await sql<ExpertArea>`SELECT a.id, a.name, a.city_id AS city, c.name AS city_name FROM dispatch_areas a JOIN cities c ON c.id = a.city_id ORDER BY a.city_id, a.id`.execute(q);
  return rows;
}

/** The expert's week (the sheet's days from today), recent inspections and the messages sent to them. */
export async function expertOverview(q: ExpertsDb, pk: number, today: string): Promise<ExpertOverview> {
  const expert = await q.selectFrom('experts').select(['pk', 'phone_number']).where('pk', '=', pk).executeTakeFirst();
  if (!expert) throw notFound(EXPERTS_MESSAGES.notFound);
  const { rows: cells } = await sql<{ date: string; cell: number; start: string; end: string; state: 0 | 1 | 2 | 3 | 4; i_pk: number | null; i_code: string | null; i_state: string | null; i_time: string | null; i_model: string | null }>`
    SELECT s.date, c.pk AS cell, s.start_time AS start, s.end_time AS "end", c.state,
           i.pk AS i_pk, i.code AS i_code, i.state AS i_state, i.visit_time AS i_time, i.brand_model AS i_model
      FROM expert_timeslots c JOIN dispatch_shifts s ON s.pk = c.shift_id LEFT JOIN inspections i ON i.pk = c.inspection_id
     WHERE c.expert_id = ${pk} AND s.date >= ${today}::date AND s.date < ${today}::date + 7
     ORDER BY s.date, s.slot`.execute(q);
  const week = new Map<string, ExpertOverview['week'][number]>();
  for (const c of cells) {
    const day = week.get(c.date) ?? { date: c.date, shifts: [] };
    day.shifts.push({
      cell: c.cell, start: c.start, end: c.end, state: c.state,
      inspection: c.i_pk === null ? null : { pk: c.i_pk, code: c.i_code!, state: c.i_state!, visit_time: c.i_time, brand_model: c.i_model! },
    });
    week.set(c.date, day);
  }
  const inspections = await q
    .selectFrom('inspections as i')
    .select(['i.pk', 'i.code', 'i.state', 'i.visit_date', 'i.time_slot', 'i.brand_model', 'i.package', 'i.price', sql<string>`(SELECT c.name FROM cities c WHERE c.id = i.city_id)`.as('city_name')])
    .where((eb) => eb.or([eb('i.expert_id', '=', pk), eb.exists(sql`(SELECT 1 FROM expert_timeslots c WHERE c.inspection_id = i.pk AND c.expert_id = ${pk})`)]))
    .orderBy(sql`i.visit_date DESC NULLS LAST`)
    .orderBy('i.pk', 'desc')
    .limit(10)
    .execute();
  const messages = await q
    .selectFrom('outbox as o')
    .select(['o.id', 'o.channel', 'o.text', 'o.state', 'o.created_by', 'o.created_at'])
    .where((eb) => eb.or([eb.and([eb('o.channel', '=', 'push'), eb('o.target', '=', String(pk))]), ...(expert.phone_number ? [eb.and([eb('o.channel', '=', 'sms'), eb('o.target', '=', expert.phone_number)])] : [])]))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(20)
    .execute();
  return { week: [...week.values()], inspections, messages };
}
