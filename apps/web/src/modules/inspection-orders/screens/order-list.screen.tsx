import { useMemo, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LuDownload } from 'react-icons/lu';
import { MESSAGES, tehranDateKey } from '@panel/contracts/common';
import { orderListFilter } from '@panel/contracts/inspection-orders';
import { ColumnChooser, DataTable, ListPage, Pagination, csvColumns, downloadCsv, notify, tableColumns, toCsv, useColumnChoice } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { trpc, userMessage } from '../../../lib/trpc';
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
  const [exporting, setExporting] = useState(false);

  const list = useQuery({ ...trpc.inspectionOrders.list.queryOptions(filter), placeholderData: keepPreviousData });
  const options = useQuery(trpc.inspectionOrders.filterOptions.queryOptions());
  const columns = useMemo(() => tableColumns(ORDER_COLUMNS, visible), [visible]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await queryClient.fetchQuery(trpc.inspectionOrders.export.queryOptions({ ...filter, page: 1 }));
      downloadCsv(`orders-${tehranDateKey(new Date())}.csv`, toCsv(rows, csvColumns(ORDER_COLUMNS, visible)));
      if (truncated) notify('فقط ۱۰٬۰۰۰ سفارش اول در فایل آمده است.', 'warning');
    } catch (error) {
      notify(userMessage(error));
    } finally {
      setExporting(false);
    }
  };

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
          <Button size="sm" variant="outline" onClick={exportCsv} loading={exporting} disabled={!list.data?.count}>
            <LuDownload aria-hidden />
            خروجی CSV
          </Button>
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
