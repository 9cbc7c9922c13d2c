import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';

// تراکنش‌ها (/panel/accounting/transactions): the module's entity, its list filter and its Persian texts. Made by
// `pnpm new-module transactions`; add the entity's fields here first, the other homes follow them.

export const TRANSACTIONS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
} as const;

export const TransactionsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type Transactions = z.infer<typeof TransactionsSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const TRANSACTIONS_SORTS = ['created_at', 'name'] as const;
export const TransactionsSortSchema = z.enum(TRANSACTIONS_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const transactionsListFilter = defineListFilter({
  search: listField.text(),
  sort: listField.choice(TRANSACTIONS_SORTS, 'created_at', 'ترتیب نامعتبر است'),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', false),
});
export const TransactionsListFilterSchema = transactionsListFilter.schema;
export type TransactionsListFilter = z.infer<typeof TransactionsListFilterSchema>;

export const TransactionsPageSchema = paginated(TransactionsSchema);
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;
