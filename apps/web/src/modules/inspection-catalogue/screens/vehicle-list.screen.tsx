import { INSPECTION_CATALOGUE_ACCESS, vehicleKindListFilter } from '@panel/contracts/inspection-catalogue';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { VEHICLE_KIND_COLUMNS } from '../components/catalogue-columns';
import { VehicleKindDialog } from '../components/vehicle-kind-dialog';

/** The inspection vehicle list (issue 29): the vehicle kinds packages apply to; a supervisor adds, renames, (de)activates. */
export const VehicleListScreen = defineListScreen({
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
  create: { label: 'افزودن نوع خودرو', access: INSPECTION_CATALOGUE_ACCESS.change },
  detail: (d) => <VehicleKindDialog kind={d.creating ? 'new' : d.row} onClose={d.close} />,
  detailAccess: INSPECTION_CATALOGUE_ACCESS.change,
});

