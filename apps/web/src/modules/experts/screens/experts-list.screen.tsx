import { EXPERTS_MESSAGES, expertsListFilter } from '@panel/contracts/experts';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { EXPERTS_COLUMNS } from '../components/experts-columns';

/** لیست کارشناسان (/panel/experts/list): filters in the address, sort, paging and CSV of the whole filter. */
export const ExpertsListScreen = defineListScreen({
  title: 'لیست کارشناسان',
  filter: expertsListFilter,
  list: (filter) => trpc.experts.list.queryOptions(filter),
  export: (filter) => trpc.experts.export.queryOptions(filter),
  csv: { fileName: 'experts', noun: 'ردیف' },
  columns: EXPERTS_COLUMNS,
  columnsKey: 'panel.experts.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'لیست کارشناسان',
  rowKey: (r) => r.id,
  emptyText: EXPERTS_MESSAGES.empty,
  errorText: EXPERTS_MESSAGES.loadFailed,
});
