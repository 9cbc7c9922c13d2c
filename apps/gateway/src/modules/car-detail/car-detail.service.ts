import type { Kysely } from 'kysely';
import type { CarDetailListFilter, CarDetailPage } from '@panel/contracts/car-detail';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { CarDetailTables } from './car-detail.tables';

export type CarDetailDb = Kysely<CarDetailTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: CarDetailDb, filter: CarDetailListFilter) {
  let query = q.selectFrom('car_detail as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listCarDetail(q: CarDetailDb, filter: CarDetailListFilter): Promise<CarDetailPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
