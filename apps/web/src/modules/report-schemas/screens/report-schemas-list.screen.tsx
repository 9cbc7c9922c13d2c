import { VEHICLE_TYPE_LABELS, VehicleTypeSchema } from '@panel/contracts/common';
import { REPORT_SCHEMAS_ACCESS, REPORT_SCHEMAS_MESSAGES, reportSchemasListFilter, type ReportSchema } from '@panel/contracts/report-schemas';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { REPORT_SCHEMAS_COLUMNS } from '../components/report-schemas-columns';
import { VehicleSchemasDialog } from '../components/vehicle-schemas-dialog';

const ACTIVE_OPTIONS = [{ value: true, label: 'فعال' }, { value: false, label: 'غیرفعال' }];
const TYPE_OPTIONS = VehicleTypeSchema.options.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));

/** اسکیماهای کارشناسی (/panel/inspection/schema; §9: active by default, twenty to a page): filters in the address, sort, paging and CSV. */
export const ReportSchemasListScreen = defineListScreen({
  title: 'اسکیماهای کارشناسی',
  filter: reportSchemasListFilter,
  procedures: trpc.reportSchemas,
  csv: { fileName: 'report-schemas', noun: 'اسکیما' },
  columns: REPORT_SCHEMAS_COLUMNS,
  columnsKey: 'panel.reportSchemas.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'بخشی از نام یا شناسه', width: '14rem' }),
    f.choice('active', 'وضعیت', ACTIVE_OPTIONS, { all: 'همه', allValue: null, width: '8rem' }),
    f.choice('vehicleType', 'نوع خودرو', TYPE_OPTIONS, { all: 'همه انواع', width: '10rem' }),
  ],
  label: 'اسکیماهای کارشناسی',
  rowKey: (r: ReportSchema) => r.id,
  emptyText: REPORT_SCHEMAS_MESSAGES.empty,
  errorText: REPORT_SCHEMAS_MESSAGES.loadFailed,
  rowHref: (r) => `/panel/inspection/schema/${r.id}`,
  create: { label: 'افزودن اسکیما', access: REPORT_SCHEMAS_ACCESS.change, href: '/panel/inspection/schema/add' },
  dialogs: [{ label: 'اسکیمای فعال انواع خودرو', access: REPORT_SCHEMAS_ACCESS.change, draw: (d) => <VehicleSchemasDialog open={d.open} onClose={d.close} /> }],
});

