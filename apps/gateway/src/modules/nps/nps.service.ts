import type { Kysely } from 'kysely';
import type { NpsListFilter, NpsPage } from '@panel/contracts/nps';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { NpsTables } from './nps.tables';

export type NpsDb = Kysely<NpsTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: NpsDb, filter: NpsListFilter) {
  let query = q.selectFrom('nps as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listNps(q: NpsDb, filter: NpsListFilter): Promise<NpsPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
