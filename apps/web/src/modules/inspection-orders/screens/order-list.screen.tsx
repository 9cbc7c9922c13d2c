import { useCallback, useMemo, useState } from 'react';
import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LuDownload, LuFilterX } from 'react-icons/lu';
import { MESSAGES, tehranDateKey } from '@panel/contracts/common';
import type { OrderListFilterInput } from '@panel/contracts/inspection-orders';
import { ColumnChooser, DataTable, FilterBar, Pagination, downloadCsv, notify, toCsv, useColumnChoice } from '@panel/ui';
import { trpc, userMessage } from '../../../lib/trpc';
import {
  DEFAULT_ORDER_COLUMNS,
  ORDER_COLUMN_HEADERS,
  ORDER_COLUMN_KEYS,
  ORDER_COLUMNS_STORAGE_KEY,
  orderCsvColumns,
  orderTableColumns,
} from '../components/order-columns';
import { OrderFilters } from '../components/order-filters';
import { orderListParams, readOrderListParams } from '../state/order-list-params';

/** The inspection order list (spec §2): filters in the address, chosen columns kept, CSV export. */
export function OrderListScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, dropped } = useMemo(() => readOrderListParams(params), [params]);
  const [visible, setVisible] = useColumnChoice(ORDER_COLUMNS_STORAGE_KEY, ORDER_COLUMN_KEYS, DEFAULT_ORDER_COLUMNS);
  const [exporting, setExporting] = useState(false);

  // Every change is a new history entry, so back and forward walk through the views. The
  // current filter is read from the address at the moment of the change: the router renders
  // navigations in a transition, so this render's `filter` may already be one change behind.
  const update = useCallback(
    (patch: OrderListFilterInput) => {
      const current = readOrderListParams(new URLSearchParams(window.location.search)).filter;
      setParams(orderListParams({ ...current, page: 1, ...patch }));
    },
    [setParams],
  );

  const list = useQuery({ ...trpc.inspectionOrders.list.queryOptions(filter), placeholderData: keepPreviousData });
  const options = useQuery(trpc.inspectionOrders.filterOptions.queryOptions());
  const columns = useMemo(() => orderTableColumns(visible), [visible]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await queryClient.fetchQuery(trpc.inspectionOrders.export.queryOptions({ ...filter, page: 1 }));
      downloadCsv(`orders-${tehranDateKey(new Date())}.csv`, toCsv(rows, orderCsvColumns(visible)));
      if (truncated) notify('فقط ۱۰٬۰۰۰ سفارش اول در فایل آمده است.', 'warning');
    } catch (error) {
      notify(userMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="2">
        لیست سفارش‌ها
      </Heading>
      {dropped.length > 0 && (
        <Text color="fg.warning" fontSize="sm" role="alert">
          بخشی از فیلترهای نشانی نامعتبر بود و نادیده گرفته شد.
        </Text>
      )}
      <FilterBar
        actions={
          <HStack gap="2">
            <Button size="sm" variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              <LuFilterX aria-hidden />
              حذف فیلترها
            </Button>
            <ColumnChooser columns={ORDER_COLUMN_HEADERS} visible={visible} onChange={setVisible} />
            <Button size="sm" variant="outline" onClick={exportCsv} loading={exporting} disabled={!list.data?.count}>
              <LuDownload aria-hidden />
              خروجی CSV
            </Button>
          </HStack>
        }
      >
        <OrderFilters filter={filter} options={options.data} onChange={update} />
      </FilterBar>
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
    </Box>
  );
}
