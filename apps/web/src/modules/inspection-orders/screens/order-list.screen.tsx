import { CITIES, INSPECTION_STATE_LABELS, MESSAGES, optionsOf, toPersianDigits } from '@panel/contracts/common';
import { DEFAULT_ORDER_LIST_STATES, ORDER_LIST_STATE_LABELS, REQUEST_TYPE_LABELS, orderListFilter, type OrderFilterOptions } from '@panel/contracts/inspection-orders';
import { FilterField } from '@panel/ui';
import { BrandModelPicker } from '../../../lib/brand-model-picker';
import { defineListScreen } from '../../../lib/list-screen';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_ORDER_COLUMNS, ORDER_COLUMNS, ORDER_COLUMNS_STORAGE_KEY } from '../components/order-columns';

const STATE_OPTIONS = [
  ...DEFAULT_ORDER_LIST_STATES.map((s) => ({ value: s, label: ORDER_LIST_STATE_LABELS[s], group: 'در جریان' })),
  { value: 'D', label: INSPECTION_STATE_LABELS.D, group: 'پایان‌یافته' },
  { value: 'F', label: INSPECTION_STATE_LABELS.F, group: 'پایان‌یافته' },
];
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
const REQUEST_TYPE_OPTIONS = optionsOf(REQUEST_TYPE_LABELS);
/** The people and packages the filters offer, from one query. */
const fromOptions = (options: (data: OrderFilterOptions) => { value: string | number; label: string }[]) => ({ query: trpc.inspectionOrders.filterOptions.queryOptions(), options });

/** The inspection order list (spec §2): filters in the address, chosen columns kept, CSV export. */
export const OrderListScreen = defineListScreen({
  title: 'لیست سفارش‌ها',
  filter: orderListFilter,
  procedures: trpc.inspectionOrders,
  csv: { fileName: 'orders', noun: 'سفارش' },
  columns: ORDER_COLUMNS,
  columnsKey: ORDER_COLUMNS_STORAGE_KEY,
  defaultColumns: DEFAULT_ORDER_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'کد سفارش، تلفن، نام یا خودرو', width: '12rem' }),
    f.day('date', 'تاریخ بازدید'),
    f.multi('state', 'وضعیت', STATE_OPTIONS, { placeholder: 'همه وضعیت‌ها', width: '12rem', shown: (filter) => filter.state ?? [...DEFAULT_ORDER_LIST_STATES] }),
    f.multi('cities', 'شهر', CITY_OPTIONS, { placeholder: 'همه شهرها', width: '11rem' }),
    f.multi('experts', 'کارشناس', fromOptions((o) => o.experts.map((e) => ({ value: e.value, label: e.name ?? `کارشناس ${toPersianDigits(e.value)}` }))), { width: '11rem', more: true }),
    f.multi('mechanics', 'مکانیک', fromOptions((o) => o.mechanics.map((m) => ({ value: m.value, label: m.name ?? `مکانیک ${toPersianDigits(m.value)}` }))), { width: '11rem', more: true }),
    f.choice('assistant', 'پشتیبان', fromOptions((o) => o.assistants.map((a) => ({ value: a.value, label: a.name ?? a.value }))), { width: '10rem', more: true }),
    f.choice('requestType', 'نوع درخواست', REQUEST_TYPE_OPTIONS, { width: '9rem', more: true }),
    f.choice('fPackage', 'بسته', fromOptions((o) => o.packages.map((p) => ({ value: p, label: p }))), { width: '11rem', more: true }),
    // A catalogue model, kept in the address by its full name and matched exactly (decision 123); a word of a car's name goes in the search.
    f.custom(
      ['brandModel'],
      (filter, update) => (
        <FilterField label="خودرو">
          <BrandModelPicker label="خودرو" value={filter.brandModel ? { model_id: 0, full_name: filter.brandModel } : null} onChange={(model) => update({ brandModel: model?.full_name })} width="14rem" />
        </FilterField>
      ),
      { more: true },
    ),
    f.yesNo('qc', 'کنترل کیفیت', { more: true }),
    f.yesNo('pricing', 'قیمت‌گذاری', { more: true }),
  ],
  label: 'سفارش‌ها',
  rowKey: (row) => row.pk,
  emptyText: MESSAGES.noOrdersFound,
  rowHref: (row) => `/panel/inspection/orders/${row.pk}`,
});
