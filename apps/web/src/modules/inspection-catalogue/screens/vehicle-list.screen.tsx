import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { INSPECTION_CATALOGUE_ACCESS, vehicleKindListFilter, type VehicleKind } from '@panel/contracts/inspection-catalogue';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { VEHICLE_KIND_COLUMNS } from '../components/catalogue-columns';
import { VehicleKindDialog } from '../components/vehicle-kind-dialog';

const KINDS = listScreen({
  title: 'فهرست خودروهای کارشناسی',
  filter: vehicleKindListFilter,
  list: (filter) => trpc.inspectionCatalogue.vehicleKinds.queryOptions(filter),
  export: (filter) => trpc.inspectionCatalogue.vehicleKindsExport.queryOptions(filter),
  csv: { fileName: 'vehicle-kinds', noun: 'نوع خودرو' },
  columns: VEHICLE_KIND_COLUMNS,
  columnsKey: 'panel.vehicle-kinds.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'نام نوع خودرو', width: '12rem' }), f.yesNo('active', 'فعال')],
  label: 'انواع خودرو',
  rowKey: (k) => k.id,
  emptyText: 'نوع خودرویی با این فیلترها نیست.',
});

/** The inspection vehicle list (issue 29): the vehicle kinds packages apply to; a supervisor adds, renames, (de)activates. */
export function VehicleListScreen() {
  const canChange = useCan(INSPECTION_CATALOGUE_ACCESS.change);
  const [open, setOpen] = useState<VehicleKind | 'new' | null>(null);
  return (
    <ListScreen
      screen={useListScreen(KINDS)}
      onRowClick={canChange ? setOpen : undefined}
      actions={
        canChange && (
          <Button size="sm" colorPalette="green" onClick={() => setOpen('new')}>
            افزودن نوع خودرو
          </Button>
        )
      }
    >
      <VehicleKindDialog kind={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}
