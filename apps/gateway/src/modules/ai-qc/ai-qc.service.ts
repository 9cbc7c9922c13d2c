import type { Kysely } from 'kysely';
import type { AiQcListFilter, AiQcPage } from '@panel/contracts/ai-qc';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { AiQcTables } from './ai-qc.tables';

export type AiQcDb = Kysely<AiQcTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: AiQcDb, filter: AiQcListFilter) {
  let query = q.selectFrom('ai_qc as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listAiQc(q: AiQcDb, filter: AiQcListFilter): Promise<AiQcPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
