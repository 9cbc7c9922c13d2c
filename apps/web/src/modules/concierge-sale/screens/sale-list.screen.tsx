import { useMemo } from 'react';
import { Button } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CITIES, MESSAGES } from '@panel/contracts/common';
import { SALE_MESSAGES, SALE_PLANS, SALE_STATES, saleListFilter, type SaleListFilter, type SalePlan, type SaleState } from '@panel/contracts/concierge-sale';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  ListPage,
  ListResults,
  MultiSelect,
  SingleSelect,
  tableColumns,
  useColumnChoice,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_SALE_COLUMNS, SALE_COLUMNS, SALE_COLUMN_KEYS } from '../components/sale-columns';

const ALL = 'all';
const STATE_OPTIONS: SelectOption[] = Object.entries(SALE_STATES).map(([value, label]) => ({ value, label }));
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const PLAN_OPTIONS: SelectOption[] = [{ value: ALL, label: 'همه' }, ...Object.entries(SALE_PLANS).map(([value, label]) => ({ value, label }))];
const YES_NO: SelectOption[] = [
  { value: ALL, label: 'همه' },
  { value: 'true', label: 'بله' },
  { value: 'false', label: 'خیر' },
];
const flag = (value: string) => (value === ALL ? undefined : value === 'true');
const flagValue = (value: boolean | undefined) => (value === undefined ? ALL : String(value));

const moreSet = (f: SaleListFilter) => [f.supervisor, f.salesExpert, f.plan, f.quickSale !== undefined, f.leasing !== undefined, f.hasDeal !== undefined, f.createdTo].filter(Boolean).length;

/** The concierge sales (`/panel/concierge-sale`): filters in the address, columns, sort, CSV; a row opens its detail. */
export function SaleListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(saleListFilter);
  const [visible, setVisible] = useColumnChoice('panel.concierge-sale.columns', SALE_COLUMN_KEYS, DEFAULT_SALE_COLUMNS);
  const list = useQuery({ ...trpc.conciergeSale.list.queryOptions(filter), placeholderData: keepPreviousData });
  const people = useQuery(trpc.conciergeSale.people.queryOptions());
  const columns = useMemo(() => tableColumns(SALE_COLUMNS, visible), [visible]);
  const personOptions = (list: { id: number; name: string }[] | undefined): SelectOption[] => [{ value: ALL, label: 'همه' }, ...(list ?? []).map((p) => ({ value: String(p.id), label: p.name }))];

  return (
    <ListPage
      title="فروش همراه"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="تلفن، نام، کد یا خودرو" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="13rem" />
          </FilterField>
          <FilterField label="وضعیت">
            <MultiSelect label="وضعیت" options={STATE_OPTIONS} value={filter.status ?? []} onChange={(status) => update({ status: status as SaleState[] })} placeholder="همه وضعیت‌ها" width="12rem" />
          </FilterField>
          <FilterField label="شهر">
            <MultiSelect label="شهر" options={CITY_OPTIONS} value={(filter.cities ?? []).map(String)} onChange={(v) => update({ cities: v.map(Number) })} placeholder="همه شهرها" width="11rem" />
          </FilterField>
          <FilterField label="ثبت از">
            <JalaliDateField label="ثبت از" value={filter.createdFrom} onChange={(createdFrom) => update({ createdFrom })} />
          </FilterField>
        </>
      }
      moreFilters={
        <>
          <FilterField label="ثبت تا">
            <JalaliDateField label="ثبت تا" value={filter.createdTo} onChange={(createdTo) => update({ createdTo })} />
          </FilterField>
          <FilterField label="ناظر">
            <SingleSelect label="ناظر" options={personOptions(people.data?.supervisors)} value={filter.supervisor ? String(filter.supervisor) : ALL} onChange={(v) => update({ supervisor: v === ALL ? undefined : Number(v) })} width="11rem" />
          </FilterField>
          <FilterField label="کارشناس فروش">
            <SingleSelect label="کارشناس فروش" options={personOptions(people.data?.sales_experts)} value={filter.salesExpert ? String(filter.salesExpert) : ALL} onChange={(v) => update({ salesExpert: v === ALL ? undefined : Number(v) })} width="11rem" />
          </FilterField>
          <FilterField label="طرح">
            <SingleSelect label="طرح" options={PLAN_OPTIONS} value={filter.plan ?? ALL} onChange={(v) => update({ plan: v === ALL ? undefined : (v as SalePlan) })} width="9rem" />
          </FilterField>
          <FilterField label="فروش فوری">
            <SingleSelect label="فروش فوری" options={YES_NO} value={flagValue(filter.quickSale)} onChange={(v) => update({ quickSale: flag(v) })} width="7rem" />
          </FilterField>
          <FilterField label="امکان لیزینگ">
            <SingleSelect label="امکان لیزینگ" options={YES_NO} value={flagValue(filter.leasing)} onChange={(v) => update({ leasing: flag(v) })} width="7rem" />
          </FilterField>
          <FilterField label="دارای معامله">
            <SingleSelect label="دارای معامله" options={YES_NO} value={flagValue(filter.hasDeal)} onChange={(v) => update({ hasDeal: flag(v) })} width="7rem" />
          </FilterField>
        </>
      }
      moreFiltersSet={moreSet(filter)}
      actions={
        <>
          <Button asChild size="sm" variant="outline">
            <Link to="/panel/concierge-sale/offers">پیشنهادهای خریداران</Link>
          </Button>
          <ListTools
            columns={SALE_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.conciergeSale.export.queryOptions({ ...filter, page: 1 }))}
            fileName="concierge-sales"
            noun="فروش"
            count={list.data?.count}
          />
        </>
      }
    >
      <ListResults
        label="فروش‌ها"
        columns={columns}
        answer={list.data}
        rowKey={(s) => String(s.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={SALE_MESSAGES.empty}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as SaleListFilter['sort'], isAscending: sort.ascending })}
        onRowClick={(s) => navigate(`/panel/concierge-sale/${s.id}`)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
