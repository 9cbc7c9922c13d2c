import { TRANSACTIONS_MESSAGES, transactionsListFilter } from '@panel/contracts/transactions';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { TRANSACTIONS_COLUMNS } from '../components/transactions-columns';

/** تراکنش‌ها (/panel/accounting/transactions): filters in the address, sort, paging and CSV of the whole filter. */
export const TransactionsListScreen = defineListScreen({
  title: 'تراکنش‌ها',
  filter: transactionsListFilter,
  list: (filter) => trpc.transactions.list.queryOptions(filter),
  export: (filter) => trpc.transactions.export.queryOptions(filter),
  csv: { fileName: 'transactions', noun: 'ردیف' },
  columns: TRANSACTIONS_COLUMNS,
  columnsKey: 'panel.transactions.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'تراکنش‌ها',
  rowKey: (r) => r.id,
  emptyText: TRANSACTIONS_MESSAGES.empty,
  errorText: TRANSACTIONS_MESSAGES.loadFailed,
});
