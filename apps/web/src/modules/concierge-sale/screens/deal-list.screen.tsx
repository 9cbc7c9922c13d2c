import { useMemo } from 'react';
import { Box, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CITIES, MESSAGES, formatNumber, formatToman } from '@panel/contracts/common';
import { DEAL_STATES, SALE_MESSAGES, dealListFilter, type DealSort, type DealState } from '@panel/contracts/concierge-sale';
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
import { DEAL_COLUMNS, DEAL_COLUMN_KEYS, DEFAULT_DEAL_COLUMNS } from '../components/sale-columns';

const ALL = 'all';
const STATE_OPTIONS: SelectOption[] = Object.entries(DEAL_STATES).map(([value, label]) => ({ value, label }));
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name }));

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" rounded="md" px="4" py="2" bg="bg.subtle" minW="12rem">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="bold" fontSize="lg">
        {value}
      </Text>
    </Box>
  );
}

/** Every deal across sales (`/panel/deals`): state, amounts, commissions, dates; totals of the filtered set; CSV. */
export function DealListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(dealListFilter);
  const [visible, setVisible] = useColumnChoice('panel.deals.columns', DEAL_COLUMN_KEYS, DEFAULT_DEAL_COLUMNS);
  const list = useQuery({ ...trpc.conciergeSale.deals.queryOptions(filter), placeholderData: keepPreviousData });
  const people = useQuery(trpc.conciergeSale.people.queryOptions());
  const columns = useMemo(() => tableColumns(DEAL_COLUMNS, visible), [visible]);
  const totals = list.data?.totals;

  return (
    <ListPage
      title="معاملات"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="خریدار، فروشنده، تلفن یا کد" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="13rem" />
          </FilterField>
          <FilterField label="وضعیت معامله">
            <MultiSelect label="وضعیت معامله" options={STATE_OPTIONS} value={filter.state ?? []} onChange={(state) => update({ state: state as DealState[] })} placeholder="همه وضعیت‌ها" width="11rem" />
          </FilterField>
          <FilterField label="ناظر">
            <SingleSelect
              label="ناظر"
              options={[{ value: ALL, label: 'همه' }, ...(people.data?.supervisors ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
              value={filter.supervisor ? String(filter.supervisor) : ALL}
              onChange={(v) => update({ supervisor: v === ALL ? undefined : Number(v) })}
              width="10rem"
            />
          </FilterField>
          <FilterField label="شهر">
            <MultiSelect label="شهر" options={CITY_OPTIONS} value={(filter.cities ?? []).map(String)} onChange={(v) => update({ cities: v.map(Number) })} placeholder="همه شهرها" width="10rem" />
          </FilterField>
          <FilterField label="معامله از">
            <JalaliDateField label="معامله از" value={filter.dealFrom} onChange={(dealFrom) => update({ dealFrom })} />
          </FilterField>
          <FilterField label="معامله تا">
            <JalaliDateField label="معامله تا" value={filter.dealTo} onChange={(dealTo) => update({ dealTo })} />
          </FilterField>
        </>
      }
      actions={
        <>
          <ListTools
            columns={DEAL_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.conciergeSale.exportDeals.queryOptions({ ...filter, page: 1 }))}
            fileName="deals"
            noun="معامله"
            count={list.data?.count}
          />
        </>
      }
    >
      <HStack gap="3" mb="3" flexWrap="wrap" role="group" aria-label="جمع معاملات فیلترشده">
        <Total label="تعداد معاملات" value={totals ? formatNumber(totals.count) : '—'} />
        <Total label="جمع مبلغ معاملات" value={totals ? formatToman(totals.price) : '—'} />
        <Total label="جمع کمیسیون" value={totals ? formatToman(totals.commission) : '—'} />
      </HStack>
      <ListResults
        label="معاملات"
        columns={columns}
        answer={list.data}
        rowKey={(d) => String(d.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={SALE_MESSAGES.dealsEmpty}
        onRowClick={(d) => navigate(`/panel/concierge-sale/${d.sale_id}`)}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as DealSort, isAscending: sort.ascending })}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
