import { EXPERT_PAY_MESSAGES, expertPayListFilter } from '@panel/contracts/expert-pay';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { EXPERT_PAY_COLUMNS } from '../components/expert-pay-columns';

/** پرداخت‌های کارشناسان (/panel/accounting/payments): filters in the address, sort, paging and CSV of the whole filter. */
export const ExpertPayListScreen = defineListScreen({
  title: 'پرداخت‌های کارشناسان',
  filter: expertPayListFilter,
  list: (filter) => trpc.expertPay.list.queryOptions(filter),
  export: (filter) => trpc.expertPay.export.queryOptions(filter),
  csv: { fileName: 'expert-pay', noun: 'ردیف' },
  columns: EXPERT_PAY_COLUMNS,
  columnsKey: 'panel.expertPay.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'پرداخت‌های کارشناسان',
  rowKey: (r) => r.id,
  emptyText: EXPERT_PAY_MESSAGES.empty,
  errorText: EXPERT_PAY_MESSAGES.loadFailed,
});
