import { CAR_DETAIL_MESSAGES, carDetailListFilter } from '@panel/contracts/car-detail';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { CAR_DETAIL_COLUMNS } from '../components/car-detail-columns';

/** جزئیات خودرو (/panel/car-detail): filters in the address, sort, paging and CSV of the whole filter. */
export const CarDetailListScreen = defineListScreen({
  title: 'جزئیات خودرو',
  filter: carDetailListFilter,
  list: (filter) => trpc.carDetail.list.queryOptions(filter),
  export: (filter) => trpc.carDetail.export.queryOptions(filter),
  csv: { fileName: 'car-detail', noun: 'ردیف' },
  columns: CAR_DETAIL_COLUMNS,
  columnsKey: 'panel.carDetail.columns',
  fields: (f) => [f.search('search', 'جستجو', { placeholder: 'بخشی از نام', width: '14rem' })],
  label: 'جزئیات خودرو',
  rowKey: (r) => r.id,
  emptyText: CAR_DETAIL_MESSAGES.empty,
  errorText: CAR_DETAIL_MESSAGES.loadFailed,
});
