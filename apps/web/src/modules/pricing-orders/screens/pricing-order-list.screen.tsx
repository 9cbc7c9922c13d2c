import { Switch } from '@chakra-ui/react';
import { CITIES } from '@panel/contracts/common';
import { PRICING_MESSAGES, PRICING_ORDERS_ACCESS, PRICING_STATUSES, PRICING_STATUS_LIST, pricingOrderListFilter, pricingOrderSort, type PricingSort } from '@panel/contracts/pricing-orders';
import { defineListScreen } from '../../../lib/list-screen';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_PRICING_COLUMNS, PRICING_COLUMNS } from '../components/pricing-columns';
import { PricingDrawer } from '../components/pricing-drawer';

const CITY_OPTIONS = CITIES.map((c) => ({ value: c.id, label: c.name }));
const EXPERTS = {
  query: trpc.pricingOrders.experts.queryOptions(),
  options: (data: { username: string; name: string }[]) => data.map((e) => ({ value: e.username, label: e.name || e.username })),
};

/** "Only mine", for price experts. */
function MineSwitch({ checked, onChange }: { checked: boolean; onChange: (mine: true | undefined) => void }) {
  if (!useCan(PRICING_ORDERS_ACCESS.price)) return null;
  return (
    <Switch.Root size="sm" alignSelf="flex-end" h="9" checked={checked} onCheckedChange={(e) => onChange(e.checked ? true : undefined)}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>فقط سفارش‌های من</Switch.Label>
    </Switch.Root>
  );
}

/** Price-estimation requests (spec §2, opened with page=1&status=PE): status tabs with counts, filters in the address; a price expert takes one and prices it. */
export const PricingOrderListScreen = defineListScreen({
  title: 'سفارش‌های قیمت‌گذاری',
  filter: pricingOrderListFilter,
  procedures: trpc.pricingOrders,
  csv: { fileName: 'pricing-orders', noun: 'سفارش' },
  columns: PRICING_COLUMNS,
  columnsKey: 'panel.pricingOrders.columns',
  defaultColumns: DEFAULT_PRICING_COLUMNS,
  fields: (f) => [
    f.search('search', 'جستجو', { placeholder: 'کد، مشتری، تلفن یا خودرو', width: '14rem' }),
    f.multi('cities', 'شهر', CITY_OPTIONS, { placeholder: 'همه شهرها', width: '11rem' }),
    f.custom(['mine'], (filter, update) => <MineSwitch checked={filter.mine === true} onChange={(mine) => update({ mine })} />),
    f.brandModel('model', undefined, { more: true }),
    f.choice('expert', 'کارشناس قیمت', EXPERTS, { width: '11rem', more: true }),
    f.range(['from', 'to'], ['ثبت از', 'ثبت تا'], 'day', { more: true }),
  ],
  tabs: {
    label: 'وضعیت سفارش‌ها',
    // The tabs count under the other filters: a new tab, page or order asks nothing new.
    counts: (filter) => trpc.pricingOrders.counts.queryOptions({ ...filter, status: pricingOrderListFilter.defaults.status, page: 1, sort: undefined, isAscending: true }),
    tabs: (counts: { status: string; count: number }[] | undefined) =>
      PRICING_STATUS_LIST.map((status) => ({ key: status, label: PRICING_STATUSES[status], count: counts?.find((tab) => tab.status === status)?.count })),
    selected: (filter) => filter.status,
    select: (status) => ({ status: status as (typeof PRICING_STATUS_LIST)[number] }),
    highlight: 'PE',
  },
  sort: {
    read: (filter) => {
      const order = pricingOrderSort(filter);
      return { key: order.sort, ascending: order.isAscending };
    },
    write: (sort) => ({ sort: sort.key as PricingSort, isAscending: sort.ascending }),
  },
  label: 'سفارش‌های قیمت‌گذاری',
  rowKey: (o) => o.id,
  emptyText: PRICING_MESSAGES.empty,
  errorText: 'فهرست سفارش‌ها بارگذاری نشد.',
  detail: (d) => <PricingDrawer id={d.id} onClose={d.close} />,
});
