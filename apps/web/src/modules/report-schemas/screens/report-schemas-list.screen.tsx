import { REPORT_SCHEMAS_MESSAGES, reportSchemasListFilter } from '@panel/contracts/report-schemas';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { REPORT_SCHEMAS_COLUMNS } from '../components/report-schemas-columns';

/** اسکیماهای کارشناسی (/panel/inspection/schema): filters in the address, sort, paging and CSV of the whole filter. */
export const ReportSchemasListScreen = defineListScreen({
  title: 'اسکیماهای کارشناسی',
  filter: reportSchemasListFilter,
  list: (filter) => trpc.reportSchemas.list.queryOptions(filter),
  export: (filter) => trpc.reportSchemas.export.queryOptions(filter),
  csv: { fileName: 'report-schemas', noun: 'ردیف' },
  columns: REPORT_SCHEMAS_COLUMNS,
  columnsKey: 'panel.reportSchemas.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'اسکیماهای کارشناسی',
  rowKey: (r) => r.id,
  emptyText: REPORT_SCHEMAS_MESSAGES.empty,
  errorText: REPORT_SCHEMAS_MESSAGES.loadFailed,
});
