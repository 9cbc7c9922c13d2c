import type { Kysely } from 'kysely';
import type { ReportSchemasListFilter, ReportSchemasPage } from '@panel/contracts/report-schemas';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { ReportSchemasTables } from './report-schemas.tables';

export type ReportSchemasDb = Kysely<ReportSchemasTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: ReportSchemasDb, filter: ReportSchemasListFilter) {
  let query = q.selectFrom('report_schemas as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listReportSchemas(q: ReportSchemasDb, filter: ReportSchemasListFilter): Promise<ReportSchemasPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
