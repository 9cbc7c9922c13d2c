import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Button, Heading, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LuFilterX } from 'react-icons/lu';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_MESSAGES,
  parseTicketListQuery,
  ticketListFilterToQuery,
  type Ticket,
  type TicketListFilterInput,
} from '@panel/contracts/tickets';
import {
  CommitInput,
  DataTable,
  FilterBar,
  FilterField,
  JalaliDateField,
  Pagination,
  SingleSelect,
  recordToSearchParams,
  searchParamsToRecord,
  type DataColumn,
} from '@panel/ui';
import { trpc } from '../../../lib/trpc';
import { TicketDrawer } from '../components/ticket-drawer';

const ALL = 'all';
const RESOLVED_OPTIONS = [
  { value: ALL, label: 'همه' },
  { value: 'false', label: 'باز' },
  { value: 'true', label: 'بسته‌شده' },
];

const COLUMNS: DataColumn<Ticket>[] = [
  { key: 'pk', header: 'شماره', cell: (t) => toPersianDigits(t.pk) },
  { key: 'title', header: 'عنوان', cell: (t) => t.title },
  { key: 'category', header: 'دسته', cell: (t) => TICKET_CATEGORY_LABELS[t.category] },
  { key: 'order_code', header: 'کد سفارش', cell: (t) => (t.order_code ? toPersianDigits(t.order_code) : '—') },
  { key: 'expert_id', header: 'کارشناس', cell: (t) => (t.expert_id === null ? '—' : toPersianDigits(t.expert_id)) },
  { key: 'assistant', header: 'پشتیبان', cell: (t) => t.assistant ?? '—' },
  {
    key: 'resolved',
    header: 'وضعیت',
    cell: (t) => (
      <Badge colorPalette={t.resolved ? 'gray' : 'orange'} variant="subtle">
        {t.resolved ? 'بسته‌شده' : 'باز'}
      </Badge>
    ),
  },
  { key: 'created_at', header: 'زمان ثبت', cell: (t) => formatJalaliDateTime(t.created_at) },
];

/** Inspection tickets (spec §2 Tickets list): date, assistant, expert, query and resolved in the address. */
export function TicketListScreen() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseTicketListQuery(searchParamsToRecord(params)), [params]);
  const [openPk, setOpenPk] = useState<number | null>(null);
  // Read from the address at the moment of the change: this render's `filter` may be one
  // navigation behind, since the router renders navigations in a transition.
  const update = useCallback(
    (patch: TicketListFilterInput) => {
      const current = parseTicketListQuery(searchParamsToRecord(new URLSearchParams(window.location.search)));
      setParams(recordToSearchParams(ticketListFilterToQuery({ ...current, page: 1, ...patch })));
    },
    [setParams],
  );
  const list = useQuery({ ...trpc.tickets.list.queryOptions(filter), placeholderData: keepPreviousData });

  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="2">
        تیکت‌ها
      </Heading>
      <FilterBar
        actions={
          <Button size="sm" variant="ghost" onClick={() => setParams(new URLSearchParams())}>
            <LuFilterX aria-hidden />
            حذف فیلترها
          </Button>
        }
      >
        <FilterField label="جستجو">
          <CommitInput label="جستجو" placeholder="عنوان، توضیحات یا کد سفارش" value={filter.query ?? ''} onCommit={(query) => update({ query })} width="14rem" />
        </FilterField>
        <FilterField label="تاریخ ثبت">
          <JalaliDateField label="تاریخ ثبت" value={filter.date} onChange={(date) => update({ date })} />
        </FilterField>
        <FilterField label="پشتیبان">
          <CommitInput label="پشتیبان" value={filter.assistant ?? ''} onCommit={(assistant) => update({ assistant })} width="10rem" />
        </FilterField>
        <FilterField label="شناسه کارشناس">
          <CommitInput
            label="شناسه کارشناس"
            value={filter.expert === undefined ? '' : toPersianDigits(filter.expert)}
            onCommit={(expert) => update({ expert: expert === '' ? undefined : expert })}
            width="8rem"
          />
        </FilterField>
        <FilterField label="وضعیت رسیدگی">
          <SingleSelect
            label="وضعیت رسیدگی"
            options={RESOLVED_OPTIONS}
            value={filter.resolved === undefined ? ALL : String(filter.resolved)}
            onChange={(v) => update({ resolved: v === ALL ? undefined : v === 'true' })}
            width="9rem"
          />
        </FilterField>
      </FilterBar>
      {list.isError && (
        <Text role="alert" color="fg.error" mb="2">
          فهرست تیکت‌ها بارگذاری نشد.
        </Text>
      )}
      <DataTable
        label="تیکت‌ها"
        columns={COLUMNS}
        rows={list.data?.results ?? []}
        rowKey={(t) => String(t.pk)}
        loading={list.isPending}
        loadingText={MESSAGES.loading}
        emptyText={TICKET_MESSAGES.empty}
        onRowClick={(t) => setOpenPk(t.pk)}
      />
      {list.data && list.data.count > 0 && (
        <Pagination page={filter.page} pageSize={filter.pageSize} count={list.data.count} onPageChange={(page) => update({ page })} />
      )}
      <TicketDrawer pk={openPk} onClose={() => setOpenPk(null)} />
    </Box>
  );
}
