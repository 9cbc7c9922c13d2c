import { useNavigate } from 'react-router';
import type { ManagedBrand } from '@panel/contracts/brand-models';
import { CAR_INFO_MESSAGES, carInfoListFilter, type CarInfo } from '@panel/contracts/car-info';
import { toPersianDigits } from '@panel/contracts/common';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CAR_INFO_COLUMNS } from '../components/car-info-columns';

const BRAND_CHOICES = {
  query: trpc.brandModels.brands.queryOptions({ q: '' }),
  options: (brands: Pick<ManagedBrand, 'brand_id' | 'brand_name'>[]) => brands.map((b) => ({ value: b.brand_id, label: toPersianDigits(b.brand_name) })),
};
const HAS_INFO = [
  { value: true, label: 'دارای اطلاعات' },
  { value: false, label: 'بدون اطلاعات' },
];

const CAR_INFO_LIST = listScreen({
  title: 'اطلاعات خودرو',
  filter: carInfoListFilter,
  procedures: trpc.carInfo,
  csv: { fileName: 'car-info', noun: 'تیپ' },
  columns: CAR_INFO_COLUMNS,
  columnsKey: 'panel.carInfo.columns',
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'برند، مدل یا تیپ', width: '14rem' }),
    f.choice('brand', 'برند', BRAND_CHOICES, { all: 'همه برندها', width: '12rem' }),
    f.choice('hasInfo', 'اطلاعات', HAS_INFO, { all: 'همه تیپ‌ها', width: '10rem' }),
  ],
  label: 'تیپ‌های خودرو',
  rowKey: (r: CarInfo) => r.id,
  emptyText: CAR_INFO_MESSAGES.empty,
  errorText: CAR_INFO_MESSAGES.loadFailed,
});

/** اطلاعات خودرو (/panel/car-info): the catalogue's types with how much is told of each; a row opens the type's information. */
export function CarInfoListScreen() {
  const screen = useListScreen(CAR_INFO_LIST);
  const navigate = useNavigate();
  return <ListScreen screen={screen} onRowClick={(r) => void navigate(`/panel/car-info/types/${r.id}`)} />;
}
