import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@panel/contracts/common';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { ColumnChooser, DataTable, ListPage, Pagination, csvColumns, tableColumns, useColumnChoice } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { CsvExportButton } from '../../../lib/csv-export';
import { trpc } from '../../../lib/trpc';
import {
  DEFAULT_ORDER_COLUMNS,
  ORDER_COLUMNS,
  ORDER_COLUMN_HEADERS,
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
          <ColumnChooser columns={ORDER_COLUMN_HEADERS} visible={visible} onChange={setVisible} />
          <CsvExportButton
            load={() => queryClient.fetchQuery(trpc.inspectionOrders.export.queryOptions({ ...filter, page: 1 }))}
            fileName="orders"
            columns={csvColumns(ORDER_COLUMNS, visible)}
            noun="سفارش"
            disabled={!list.data?.count}
          />
        </>
      }
    >
      <DataTable
        label="سفارش‌ها"
        columns={columns}
        rows={list.data?.results ?? []}
        rowKey={(row) => String(row.pk)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={MESSAGES.noOrdersFound}
        sort={{ key: filter.sort, ascending: filter.isAscending }}
        onSortChange={(sort) => update({ sort: sort.key as typeof filter.sort, isAscending: sort.ascending })}
        onRowClick={(row) => navigate(`/panel/inspection/orders/${row.pk}`)}
      />
      {list.data && list.data.count > 0 && (
        <Pagination page={filter.page} pageSize={filter.pageSize} count={list.data.count} onPageChange={(page) => update({ page })} />
      )}
    </ListPage>
  );
}
