import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CITIES, MESSAGES } from '@panel/contracts/common';
import { OFFER_MESSAGES, OFFER_STATES, offerListFilter, type OfferSortColumn, type OfferState } from '@panel/contracts/inspection-offers';
import {
  CommitInput,
  FilterField,
  JalaliDateField,
  ListPage,
  ListResults,
  MultiSelect,
  tableColumns,
  useColumnChoice,
  type SelectOption,
} from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import { OFFER_COLUMNS } from '../components/offer-columns';

const STATE_OPTIONS: SelectOption[] = Object.entries(OFFER_STATES).map(([value, label]) => ({ value, label }));
const CITY_OPTIONS: SelectOption[] = CITIES.map((c) => ({ value: String(c.id), label: c.name }));
const COLUMN_KEYS = OFFER_COLUMNS.map((c) => c.key);

/** Offers sent to experts (issue 14): every offer, filters in the address, CSV; a row opens its order. */
export function OfferListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(offerListFilter);
  const [visible, setVisible] = useColumnChoice('panel.offers.columns', COLUMN_KEYS);
  const list = useQuery({ ...trpc.inspectionOffers.list.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(OFFER_COLUMNS, visible), [visible]);

  return (
    <ListPage
      title="لیست پیشنهادها"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="کد سفارش یا نام مشتری" value={filter.query ?? ''} onCommit={(query) => update({ query })} width="14rem" />
          </FilterField>
          <FilterField label="وضعیت پیشنهاد">
            <MultiSelect label="وضعیت پیشنهاد" options={STATE_OPTIONS} value={filter.state ?? []} onChange={(state) => update({ state: state as OfferState[] })} placeholder="همه وضعیت‌ها" width="12rem" />
          </FilterField>
          <FilterField label="شهر">
            <MultiSelect label="شهر" options={CITY_OPTIONS} value={(filter.cities ?? []).map(String)} onChange={(cities) => update({ cities: cities.map(Number) })} placeholder="همه شهرها" width="12rem" />
          </FilterField>
          <FilterField label="تاریخ ارسال">
            <JalaliDateField label="تاریخ ارسال" value={filter.date} onChange={(date) => update({ date })} />
          </FilterField>
        </>
      }
      actions={
        <>
          <ListTools
            columns={OFFER_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.inspectionOffers.export.queryOptions({ ...filter, page: 1 }))}
            fileName="offers"
            noun="پیشنهاد"
            count={list.data?.count}
          />
        </>
      }
    >
      <ListResults
        label="پیشنهادها"
        columns={columns}
        answer={list.data}
        rowKey={(o) => String(o.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={OFFER_MESSAGES.empty}
        onRowClick={(o) => navigate(`/panel/inspection/orders/${o.inspection_pk}`)}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as OfferSortColumn, isAscending: sort.ascending })}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
