import { useMemo, useState } from 'react';
import { Switch, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CITIES, MESSAGES } from '@panel/contracts/common';
import {
  PRICING_MESSAGES,
  PRICING_STATUSES,
  PRICING_STATUS_LIST,
  pricingOrderListFilter,
  pricingOrderSort,
  type PricingOrderListFilter,
  type PricingSort,
  PRICING_ORDERS_ACCESS,
} from '@panel/contracts/pricing-orders';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  ListPage,
  ListResults,
  MultiSelect,
  SingleSelect,
  StateTabs,
  tableColumns,
  useColumnChoice,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { BrandModelFilter } from '../../../lib/brand-model-picker';
import { ListTools } from '../../../lib/list-tools';
import { useCan } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_PRICING_COLUMNS, PRICING_COLUMNS, PRICING_COLUMN_KEYS } from '../components/pricing-columns';
import { PricingDrawer } from '../components/pricing-drawer';

const ALL = 'all';
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const moreSet = (f: PricingOrderListFilter) => [f.model, f.expert, f.from, f.to].filter((v) => v !== undefined).length;

/** Price-estimation requests (spec §2, opened with page=1&status=PE): status tabs with counts, filters in the address; a price expert takes one and prices it. */
export function PricingOrderListScreen() {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(pricingOrderListFilter);
  const [visible, setVisible] = useColumnChoice('panel.pricingOrders.columns', PRICING_COLUMN_KEYS, DEFAULT_PRICING_COLUMNS);
  const columns = useMemo(() => tableColumns(PRICING_COLUMNS, visible), [visible]);
  const [openId, setOpenId] = useState<number | null>(null);
  const isPriceExpert = useCan(PRICING_ORDERS_ACCESS.price);
  const list = useQuery({ ...trpc.pricingOrders.list.queryOptions(filter), placeholderData: keepPreviousData });
  // The tabs count under the other filters: a new tab, page or order asks nothing new.
  const counted = { ...filter, status: pricingOrderListFilter.defaults.status, page: 1, sort: undefined, isAscending: true };
  const counts = useQuery({ ...trpc.pricingOrders.counts.queryOptions(counted), placeholderData: keepPreviousData });
  const experts = useQuery({ ...trpc.pricingOrders.experts.queryOptions(), staleTime: 5 * 60_000 });
  const expertOptions: SelectOption[] = [
    { value: ALL, label: 'همه' },
    ...(experts.data ?? []).map((e) => ({ value: e.username, label: e.name || e.username })),
    ...(filter.expert && !experts.data?.some((e) => e.username === filter.expert) ? [{ value: filter.expert, label: filter.expert }] : []),
  ];
  const order = pricingOrderSort(filter);

  return (
    <ListPage
      title="سفارش‌های قیمت‌گذاری"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="کد، مشتری، تلفن یا خودرو" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="14rem" />
          </FilterField>
          <FilterField label="شهر">
            <MultiSelect label="شهر" options={CITY_OPTIONS} value={(filter.cities ?? []).map(String)} onChange={(v) => update({ cities: v.map(Number) })} placeholder="همه شهرها" width="11rem" />
          </FilterField>
          {isPriceExpert && (
            <Switch.Root size="sm" alignSelf="flex-end" h="9" checked={filter.mine === true} onCheckedChange={(e) => update({ mine: e.checked ? true : undefined })}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>فقط سفارش‌های من</Switch.Label>
            </Switch.Root>
          )}
        </>
      }
      moreFilters={
        <>
          <BrandModelFilter value={filter.model} onChange={(model) => update({ model })} />
          <FilterField label="کارشناس قیمت">
            <SingleSelect label="کارشناس قیمت" options={expertOptions} value={filter.expert ?? ALL} onChange={(v) => update({ expert: v === ALL ? undefined : v })} width="11rem" />
          </FilterField>
          <FilterField label="ثبت از">
            <JalaliDateField label="ثبت از" value={filter.from} onChange={(from) => update({ from })} />
          </FilterField>
          <FilterField label="ثبت تا">
            <JalaliDateField label="ثبت تا" value={filter.to} onChange={(to) => update({ to })} />
          </FilterField>
        </>
      }
      moreFiltersSet={moreSet(filter)}
      actions={
        <ListTools
          columns={PRICING_COLUMNS}
          visible={visible}
          onVisibleChange={setVisible}
          load={() => queryClient.fetchQuery(trpc.pricingOrders.export.queryOptions({ ...filter, page: 1 }))}
          fileName="pricing-orders"
          noun="سفارش"
          count={list.data?.count}
        />
      }
    >
      <StateTabs
        label="وضعیت سفارش‌ها"
        tabs={PRICING_STATUS_LIST.map((status) => ({ key: status, label: PRICING_STATUSES[status], count: counts.data?.find((tab) => tab.status === status)?.count }))}
        selected={filter.status}
        onSelect={(status) => update({ status })}
        highlight="PE"
      />
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست سفارش‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="سفارش‌های قیمت‌گذاری"
        columns={columns}
        answer={list.data}
        rowKey={(o) => String(o.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={PRICING_MESSAGES.empty}
        sort={{ key: order.sort, ascending: order.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as PricingSort, isAscending: sort.ascending })}
        onRowClick={(o) => setOpenId(o.id)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
      <PricingDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
