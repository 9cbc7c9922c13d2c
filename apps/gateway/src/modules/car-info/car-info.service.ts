import type { Kysely } from 'kysely';
import type { CarInfoListFilter, CarInfoPage } from '@panel/contracts/car-info';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { CarInfoTables } from './car-info.tables';

export type CarInfoDb = Kysely<CarInfoTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: CarInfoDb, filter: CarInfoListFilter) {
  let query = q.selectFrom('car_info as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listCarInfo(q: CarInfoDb, filter: CarInfoListFilter): Promise<CarInfoPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
