import { CAR_INFO_MESSAGES, carInfoListFilter } from '@panel/contracts/car-info';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CAR_INFO_COLUMNS } from '../components/car-info-columns';

/** اطلاعات خودرو (/panel/car-info): filters in the address, sort, paging and CSV of the whole filter. */
export const CarInfoListScreen = defineListScreen({
  title: 'اطلاعات خودرو',
  filter: carInfoListFilter,
  list: (filter) => trpc.carInfo.list.queryOptions(filter),
  export: (filter) => trpc.carInfo.export.queryOptions(filter),
  csv: { fileName: 'car-info', noun: 'ردیف' },
  columns: CAR_INFO_COLUMNS,
  columnsKey: 'panel.carInfo.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'اطلاعات خودرو',
  rowKey: (r) => r.id,
  emptyText: CAR_INFO_MESSAGES.empty,
  errorText: CAR_INFO_MESSAGES.loadFailed,
});
