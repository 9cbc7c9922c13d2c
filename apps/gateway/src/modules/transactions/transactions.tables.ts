import type { Generated } from 'kysely';

/** The table of `migrations/2700_transactions.sql`. */
export interface TransactionsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface TransactionsTables {
  transactions: TransactionsTable;
}
