import { NPS_MESSAGES, npsListFilter } from '@panel/contracts/nps';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { NPS_COLUMNS } from '../components/nps-columns';

/** نظرسنجی رضایت (NPS) (/panel/nps): filters in the address, sort, paging and CSV of the whole filter. */
export const NpsListScreen = defineListScreen({
  title: 'نظرسنجی رضایت (NPS)',
  filter: npsListFilter,
  list: (filter) => trpc.nps.list.queryOptions(filter),
  export: (filter) => trpc.nps.export.queryOptions(filter),
  csv: { fileName: 'nps', noun: 'ردیف' },
  columns: NPS_COLUMNS,
  columnsKey: 'panel.nps.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'نظرسنجی رضایت (NPS)',
  rowKey: (r) => r.id,
  emptyText: NPS_MESSAGES.empty,
  errorText: NPS_MESSAGES.loadFailed,
});
