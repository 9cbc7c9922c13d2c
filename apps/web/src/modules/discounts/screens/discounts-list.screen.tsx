import { DISCOUNTS_MESSAGES, discountsListFilter } from '@panel/contracts/discounts';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DISCOUNTS_COLUMNS } from '../components/discounts-columns';

/** کدهای تخفیف (/panel/discount): filters in the address, sort, paging and CSV of the whole filter. */
export const DiscountsListScreen = defineListScreen({
  title: 'کدهای تخفیف',
  filter: discountsListFilter,
  list: (filter) => trpc.discounts.list.queryOptions(filter),
  export: (filter) => trpc.discounts.export.queryOptions(filter),
  csv: { fileName: 'discounts', noun: 'ردیف' },
  columns: DISCOUNTS_COLUMNS,
  columnsKey: 'panel.discounts.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'کدهای تخفیف',
  rowKey: (r) => r.id,
  emptyText: DISCOUNTS_MESSAGES.empty,
  errorText: DISCOUNTS_MESSAGES.loadFailed,
});
