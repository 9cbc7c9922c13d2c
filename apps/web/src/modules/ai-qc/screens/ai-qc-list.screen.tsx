import { AI_QC_MESSAGES, aiQcListFilter } from '@panel/contracts/ai-qc';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { AI_QC_COLUMNS } from '../components/ai-qc-columns';

/** کنترل کیفیت هوشمند (/panel/ai-qc): filters in the address, sort, paging and CSV of the whole filter. */
export const AiQcListScreen = defineListScreen({
  title: 'کنترل کیفیت هوشمند',
  filter: aiQcListFilter,
  list: (filter) => trpc.aiQc.list.queryOptions(filter),
  export: (filter) => trpc.aiQc.export.queryOptions(filter),
  csv: { fileName: 'ai-qc', noun: 'ردیف' },
  columns: AI_QC_COLUMNS,
  columnsKey: 'panel.aiQc.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'کنترل کیفیت هوشمند',
  rowKey: (r) => r.id,
  emptyText: AI_QC_MESSAGES.empty,
  errorText: AI_QC_MESSAGES.loadFailed,
});
