import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, formatToman, toPersianDigits } from '@panel/contracts/common';
import { PRICING_MESSAGES, PRICING_STATUSES, PRICING_STATUS_LIST, pricingOrderListFilter, type PricingOrder } from '@panel/contracts/pricing-orders';
import { CommitInput, FilterField, ListPage, ListResults, tableColumns, type ListColumn } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { trpc } from '../../../lib/trpc';
import { PricingDrawer } from '../components/pricing-drawer';

const COLUMNS = tableColumns<PricingOrder>([
  { key: 'code', header: 'کد', text: (o) => toPersianDigits(o.code) },
  { key: 'car', header: 'خودرو', text: (o) => `${o.brand_model} ${toPersianDigits(o.year)}` },
  { key: 'usage', header: 'کارکرد', text: (o) => `${toPersianDigits(o.usage.toLocaleString('en-US'))} کیلومتر` },
  { key: 'city', header: 'شهر', text: (o) => o.city },
  { key: 'customer', header: 'مشتری', text: (o) => o.customer_name },
  { key: 'expert', header: 'کارشناس قیمت', text: (o) => o.expert_name ?? '—' },
  { key: 'estimate', header: 'قیمت', text: (o) => (o.estimate_min !== null && o.estimate_max !== null ? `${formatToman(o.estimate_min)} تا ${formatToman(o.estimate_max)}` : '—') },
  { key: 'created_at', header: 'زمان ثبت', text: (o) => formatJalaliDateTime(o.created_at) },
] satisfies ListColumn<PricingOrder>[]);

/** Price-estimation requests (spec §2, opened with page=1&status=PE): a price expert takes one and prices it. */
export function PricingOrderListScreen() {
  const { filter, dropped, update, reset } = useAddressFilter(pricingOrderListFilter);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ ...trpc.pricingOrders.list.queryOptions(filter), placeholderData: keepPreviousData });
  return (
    <ListPage
      title="سفارش‌های قیمت‌گذاری"
      dropped={dropped}
      onReset={reset}
      filters={
        <FilterField label="جستجو">
          <CommitInput label="جستجو" placeholder="کد، مشتری، تلفن یا خودرو" value={filter.search ?? ''} onCommit={(search) => update({ search })} width="14rem" />
        </FilterField>
      }
    >
      <HStack role="tablist" aria-label="وضعیت سفارش‌ها" gap="1" mb="3" borderBottomWidth="1px">
        {PRICING_STATUS_LIST.map((status) => (
          <Button
            key={status}
            role="tab"
            aria-selected={filter.status === status}
            variant="ghost"
            size="sm"
            borderRadius="0"
            borderBottomWidth="2px"
            borderColor={filter.status === status ? 'colorPalette.solid' : 'transparent'}
            fontWeight={filter.status === status ? 'bold' : 'normal'}
            onClick={() => update({ status })}
          >
            {PRICING_STATUSES[status]}
          </Button>
        ))}
      </HStack>
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست سفارش‌ها بارگذاری نشد.
        </Text>
      )}
      <ListResults
        label="سفارش‌های قیمت‌گذاری"
        columns={COLUMNS}
        answer={list.data}
        rowKey={(o) => String(o.id)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={PRICING_MESSAGES.empty}
        onRowClick={(o) => setOpenId(o.id)}
        paging={filter}
        onPageChange={(page) => update({ page })}
      />
      <PricingDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
