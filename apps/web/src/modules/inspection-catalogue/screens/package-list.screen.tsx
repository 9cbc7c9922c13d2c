import { CITIES, MAX_PAGE_SIZE } from '@panel/contracts/common';
import { INSPECTION_CATALOGUE_ACCESS, INSPECTION_TYPES, packageListFilter, type InspectionType } from '@panel/contracts/inspection-catalogue';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { PACKAGE_COLUMNS } from '../components/catalogue-columns';

const TYPE_OPTIONS = (Object.keys(INSPECTION_TYPES) as InspectionType[]).map((t) => ({ value: t, label: INSPECTION_TYPES[t] }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
/** The vehicle kinds the filter offers (the catalogue holds a few; the first page of the largest size). */
const KIND_CHOICES = {
  query: trpc.inspectionCatalogue.vehicleKinds.queryOptions({ pageSize: MAX_PAGE_SIZE }),
  options: (data: { results: { id: number; name: string }[] }) => data.results.map((k) => ({ value: k.id, label: k.name })),
};

/** The inspection packages (issue 29): name, kind, base price, service time, type, on sale, cities; a row opens its editor. */
export const PackageListScreen = defineListScreen({
  title: 'بسته‌های کارشناسی',
  filter: packageListFilter,
  list: (filter) => trpc.inspectionCatalogue.packages.queryOptions(filter),
  export: (filter) => trpc.inspectionCatalogue.packagesExport.queryOptions(filter),
  csv: { fileName: 'inspection-packages', noun: 'بسته' },
  columns: PACKAGE_COLUMNS,
  columnsKey: 'panel.inspection-packages.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام بسته', width: '12rem' }),
    f.choice('kind', 'نوع خودرو', KIND_CHOICES, { width: '10rem' }),
    f.choice('type', 'نوع کارشناسی', TYPE_OPTIONS, { width: '11rem' }),
    f.yesNo('onSale', 'در حال فروش'),
    f.choice('city', 'شهر فروش', CITY_OPTIONS, { width: '9rem', more: true }),
  ],
  label: 'بسته‌های کارشناسی',
  rowKey: (p) => p.id,
  emptyText: 'بسته‌ای با این فیلترها نیست.',
  rowHref: (p) => `/panel/inspection/packages/${p.id}`,
  create: { label: 'بسته تازه', access: INSPECTION_CATALOGUE_ACCESS.change, href: '/panel/inspection/packages/new' },
});

