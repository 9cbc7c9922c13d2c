import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@panel/contracts/common';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { ListPage, ListResults, tableColumns, useColumnChoice } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { ListTools } from '../../../lib/list-tools';
import { trpc } from '../../../lib/trpc';
import {
  DEFAULT_ORDER_COLUMNS,
  ORDER_COLUMNS,
  ORDER_COLUMN_KEYS,
  ORDER_COLUMNS_STORAGE_KEY,
} from '../components/order-columns';
import { MoreOrderFilters, OrderFilters, moreOrderFiltersSet } from '../components/order-filters';

/** The inspection order list (spec §2): filters in the address, chosen columns kept, CSV export. */
export function OrderListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(orderListFilter);
  const [visible, setVisible] = useColumnChoice(ORDER_COLUMNS_STORAGE_KEY, ORDER_COLUMN_KEYS, DEFAULT_ORDER_COLUMNS);

  const list = useQuery({ ...trpc.inspectionOrders.list.queryOptions(filter), placeholderData: keepPreviousData });
  const options = useQuery(trpc.inspectionOrders.filterOptions.queryOptions());
  const columns = useMemo(() => tableColumns(ORDER_COLUMNS, visible), [visible]);

  return (
    <ListPage
      title="لیست سفارش‌ها"
      dropped={dropped}
      onReset={reset}
      filters={<OrderFilters filter={filter} options={options.data} onChange={update} />}
      moreFilters={<MoreOrderFilters filter={filter} options={options.data} onChange={update} />}
      moreFiltersSet={moreOrderFiltersSet(filter)}
      actions={
        <>
          <ListTools
            columns={ORDER_COLUMNS}
            visible={visible}
            onVisibleChange={setVisible}
            load={() => queryClient.fetchQuery(trpc.inspectionOrders.export.queryOptions({ ...filter, page: 1 }))}
            fileName="orders"
            noun="سفارش"
            count={list.data?.count}
          />
        </>
      }
    >
      <ListResults
        label="سفارش‌ها"
        columns={columns}
        answer={list.data}
        rowKey={(row) => String(row.pk)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={MESSAGES.noOrdersFound}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as typeof filter.sort, isAscending: sort.ascending })}
        onRowClick={(row) => navigate(`/panel/inspection/orders/${row.pk}`)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
    </ListPage>
  );
}
