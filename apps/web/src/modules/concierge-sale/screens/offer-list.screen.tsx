import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@panel/contracts/common';
import { BUYER_OFFER_STATES, buyerOfferListFilter, type BuyerOfferSort, type BuyerOfferState } from '@panel/contracts/concierge-sale';
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
import { OFFER_COLUMNS, OFFER_COLUMN_KEYS } from '../components/sale-columns';

const STATE_OPTIONS: SelectOption[] = Object.entries(BUYER_OFFER_STATES).map(([value, label]) => ({ value, label }));

/** The concierge-sale offer list (spec §2's implied screen): every buyer's offer; a row opens its sale. */
export function BuyerOfferListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(buyerOfferListFilter);
  const [visible, setVisible] = useColumnChoice('panel.concierge-offers.columns', OFFER_COLUMN_KEYS);
  const list = useQuery({ ...trpc.conciergeSale.offers.queryOptions(filter), placeholderData: keepPreviousData });
  const columns = useMemo(() => tableColumns(OFFER_COLUMNS, visible), [visible]);

  return (
    <ListPage
      title="پیشنهادهای خریداران فروش همراه"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
          <FilterField label="جستجو">
            <CommitInput label="جستجو" placeholder="خریدار، تلفن، کد یا خودرو" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="13rem" />
          </FilterField>
          <FilterField label="وضعیت پیشنهاد">
            <MultiSelect label="وضعیت پیشنهاد" options={STATE_OPTIONS} value={filter.state ?? []} onChange={(state) => update({ state: state as BuyerOfferState[] })} placeholder="همه وضعیت‌ها" width="11rem" />
          </FilterField>
          <FilterField label="روز پیشنهاد">
            <JalaliDateField label="روز پیشنهاد" value={filter.date} onChange={(date) => update({ date })} />
          </FilterField>
        </>
      }
      actions={
        <>
          <ListTools
            columns={OFFER_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.conciergeSale.exportOffers.queryOptions({ ...filter, page: 1 }))}
            fileName="concierge-offers"
            noun="پیشنهاد"
            count={list.data?.count}
          />
        </>
      }
    >
      <ListResults
        label="پیشنهادهای خریداران"
        columns={columns}
        answer={list.data}
        rowKey={(o) => String(o.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText="پیشنهادی یافت نشد!"
        onRowClick={(o) => navigate(`/panel/concierge-sale/${o.sale_id}`)}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as BuyerOfferSort, isAscending: sort.ascending })}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
