import type { Kysely } from 'kysely';
import type { TransactionsListFilter, TransactionsPage } from '@panel/contracts/transactions';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { TransactionsTables } from './transactions.tables';

export type TransactionsDb = Kysely<TransactionsTables>;

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], name: ['t.name', 't.id'] } as const;

function filtered(q: TransactionsDb, filter: TransactionsListFilter) {
  let query = q.selectFrom('transactions as t');
  if (filter.search) query = query.where('t.name', 'ilike', likeContains(filter.search));
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export function listTransactions(q: TransactionsDb, filter: TransactionsListFilter): Promise<TransactionsPage> {
  return pagedList(
    filtered(q, filter),
    { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select(['t.id', 't.name', 't.created_at', 't.created_by']) },
    filter,
  );
}
