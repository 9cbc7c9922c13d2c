import type { Kysely } from 'kysely';
import type { DiscountsListFilter, DiscountsPage } from '@panel/contracts/discounts';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { DiscountsTables } from './discounts.tables';

export type DiscountsDb = Kysely<DiscountsTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: DiscountsDb, filter: DiscountsListFilter) {
  let query = q.selectFrom('discounts as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listDiscounts(q: DiscountsDb, filter: DiscountsListFilter): Promise<DiscountsPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
