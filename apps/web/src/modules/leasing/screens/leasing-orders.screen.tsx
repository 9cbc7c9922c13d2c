import { useMemo, useState } from 'react';
import { CITIES, optionsOf } from '@panel/contracts/common';
import { LEASING_ACCESS, LEASING_ORDER_STATES, leasingOrderListFilter, type LeasingOrder } from '@panel/contracts/leasing';
import { ListScreen, listScreen, useListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { OrderBulkBar } from '../components/order-bulk';
import { DEFAULT_LEASING_ORDER_COLUMNS, LEASING_ORDER_COLUMNS } from '../components/order-columns';

const STATE_OPTIONS = optionsOf(LEASING_ORDER_STATES);
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));

export const LEASING_ORDERS = listScreen({
  title: 'سفارش‌های لیزینگ',
  filter: leasingOrderListFilter,
  list: (filter) => trpc.leasing.orders.queryOptions(filter),
  export: (filter) => trpc.leasing.exportOrders.queryOptions(filter),
  csv: { fileName: 'leasing-orders', noun: 'سفارش' },
  columns: LEASING_ORDER_COLUMNS,
  columnsKey: 'panel.leasingOrders.columns',
  defaultColumns: DEFAULT_LEASING_ORDER_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'نام یا تلفن مشتری، کد سفارش', width: '14rem' }),
    f.choice('state', 'وضعیت', STATE_OPTIONS, { all: 'همه وضعیت‌ها', width: '10rem' }),
    f.choice('provider', 'لیزینگ', { query: trpc.leasing.providers.queryOptions(), options: (providers: { id: number; name: string }[]) => providers.map((p) => ({ value: p.id, label: p.name })) }, { all: 'همه لیزینگ‌ها', width: '11rem' }),
    f.choice('city', 'شهر', CITY_OPTIONS, { all: 'همه شهرها', width: '9rem' }),
    f.range(['createdFrom', 'createdTo'], ['ثبت از', 'ثبت تا'], 'day'),
  ],
  label: 'سفارش‌های لیزینگ',
  rowKey: (o: LeasingOrder) => o.id,
  emptyText: 'سفارش لیزینگی با این فیلترها پیدا نشد.',
  rowHref: (o, search) => `/panel/leasing/orders/${o.id}${search}`,
});

/**
 * /panel/leasing/orders (issue 30): the list kit's filters (the caller dialog lands on
 * `?search={phone}`), columns and CSV; rows picked for one action on many, each row's result shown.
 */
export function LeasingOrdersScreen() {
  const screen = useListScreen(LEASING_ORDERS);
  const canAct = useCan(LEASING_ACCESS.act);
  // Picked orders (id → code), kept across pages and filters until cleared.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const selected = useMemo(() => new Set([...picked.keys()].map(String)), [picked]);
  const rows = screen.list.data?.results;
  const onChange = (next: ReadonlySet<string>) => {
    const codes = new Map(rows?.map((o) => [o.id, o.code]));
    setPicked(new Map([...next].map((key) => [Number(key), picked.get(Number(key)) ?? codes.get(Number(key)) ?? key])));
  };
  return (
    <ListScreen
      screen={screen}
      selection={canAct ? { selected, onChange, rowLabel: (o) => `انتخاب سفارش ${o.code}`, pageLabel: 'انتخاب همه سفارش‌های این صفحه' } : undefined}
      above={canAct && <OrderBulkBar selected={[...picked.keys()]} codes={picked} onClear={() => setPicked(new Map())} />}
    />
  );
}
