import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { VEHICLE_TYPE_LABELS, VehicleTypeSchema } from '@panel/contracts/common';
import { REPORT_SCHEMAS_ACCESS, REPORT_SCHEMAS_MESSAGES, reportSchemasListFilter, type ReportSchema } from '@panel/contracts/report-schemas';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { REPORT_SCHEMAS_COLUMNS } from '../components/report-schemas-columns';
import { VehicleSchemasDialog } from '../components/vehicle-schemas-dialog';

const ACTIVE_OPTIONS = [{ value: true, label: 'فعال' }, { value: false, label: 'غیرفعال' }];
const TYPE_OPTIONS = VehicleTypeSchema.options.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));

/** اسکیماهای کارشناسی (/panel/inspection/schema; §9: active by default, twenty to a page): filters in the address, sort, paging and CSV. */
const LIST = listScreen({
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
});

export function ReportSchemasListScreen() {
  const screen = useListScreen(LIST);
  const canChange = useCan(REPORT_SCHEMAS_ACCESS.change);
  const [assigning, setAssigning] = useState(false);
  return (
    <ListScreen
      screen={screen}
      actions={
        canChange && (
          <Button size="sm" variant="outline" onClick={() => setAssigning(true)}>
            اسکیمای فعال انواع خودرو
          </Button>
        )
      }
    >
      <VehicleSchemasDialog open={assigning} onClose={() => setAssigning(false)} />
    </ListScreen>
  );
}
