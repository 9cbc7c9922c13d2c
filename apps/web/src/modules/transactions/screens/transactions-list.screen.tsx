import { optionsOf } from '@panel/contracts/common';
import { TRANSACTIONS_MESSAGES, TRANSACTION_DIRECTIONS, TRANSACTION_KINDS, TRANSACTION_STATES, transactionsListFilter, type Transaction } from '@panel/contracts/transactions';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { TransactionDrawer } from '../components/transaction-drawer';
import { DEFAULT_TRANSACTION_COLUMNS, TRANSACTIONS_COLUMNS } from '../components/transactions-columns';
import { TransactionsTotals } from '../components/transactions-totals';

const TRANSACTIONS_LIST = listScreen({
  title: 'تراکنش‌ها',
  filter: transactionsListFilter,
  procedures: trpc.transactions,
  csv: { fileName: 'transactions', noun: 'تراکنش' },
  columns: TRANSACTIONS_COLUMNS,
  columnsKey: 'panel.transactions.columns',
  defaultColumns: DEFAULT_TRANSACTION_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام، تلفن، کد پیگیری یا شناسه', width: '15rem' }),
    f.multi('kind', 'نوع', optionsOf(TRANSACTION_KINDS), { placeholder: 'همه انواع', width: '13rem' }),
    f.multi('state', 'وضعیت', optionsOf(TRANSACTION_STATES), { placeholder: 'همه وضعیت‌ها', width: '11rem' }),
    f.choice('direction', 'جهت', optionsOf(TRANSACTION_DIRECTIONS), { all: 'دریافت و پرداخت', width: '9rem' }),
    f.range(['from', 'to'], ['از تاریخ', 'تا تاریخ'], 'day'),
    f.range(['amountMin', 'amountMax'], ['مبلغ از (تومان)', 'مبلغ تا (تومان)'], 'money', { more: true }),
    f.yesNo('overdue', 'بازگشت وجه با دیرکرد', { more: true, width: '9rem' }),
  ],
  label: 'تراکنش‌ها',
  rowKey: (r: Transaction) => r.id,
  emptyText: TRANSACTIONS_MESSAGES.empty,
  errorText: TRANSACTIONS_MESSAGES.loadFailed,
  detail: (d) => <TransactionDrawer id={d.id} onClose={d.close} onOpen={d.show} />,
});

/**
 * تراکنش‌ها (/panel/accounting/transactions, issue 33, decision 118): every module's money in one
 * list with its filters in the address and the totals of the filtered set above it (the
 * database's sums); a row in a drawer, where a bank refund is followed to its end.
 */
export function TransactionsListScreen() {
  const screen = useListScreen(TRANSACTIONS_LIST);
  return <ListScreen screen={screen} above={<TransactionsTotals totals={screen.list.data?.totals} />} />;
}
