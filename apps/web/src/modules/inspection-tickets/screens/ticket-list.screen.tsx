import { useState } from 'react';
import { Badge, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES, formatJalaliDateTime, toPersianDigits } from '@panel/contracts/common';
import { TICKET_CATEGORY_LABELS, TICKET_MESSAGES, ticketListFilter, type Ticket } from '@panel/contracts/inspection-tickets';
import { CommitInput, DataTable, FilterField, JalaliDateField, ListPage, Pagination, SingleSelect, tableColumns, type ListColumn } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { trpc } from '../../../lib/trpc';
import { TicketDrawer } from '../components/ticket-drawer';

const ALL = 'all';
const RESOLVED_OPTIONS = [
  { value: ALL, label: 'همه' },
  { value: 'false', label: 'باز' },
  { value: 'true', label: 'بسته‌شده' },
];

const resolvedLabel = (t: Ticket) => (t.resolved ? 'بسته‌شده' : 'باز');

const COLUMNS = tableColumns<Ticket>([
  { key: 'pk', header: 'شماره', text: (t) => toPersianDigits(t.pk) },
  { key: 'title', header: 'عنوان', text: (t) => t.title },
  { key: 'category', header: 'دسته', text: (t) => TICKET_CATEGORY_LABELS[t.category] },
  { key: 'order_code', header: 'کد سفارش', text: (t) => (t.order_code ? toPersianDigits(t.order_code) : '—') },
  { key: 'expert', header: 'کارشناس', text: (t) => t.expert_name ?? (t.expert_id === null ? '—' : toPersianDigits(t.expert_id)) },
  { key: 'assistant', header: 'پشتیبان', text: (t) => t.assistant_name ?? t.assistant ?? '—' },
  {
    key: 'resolved',
    header: 'وضعیت',
    text: resolvedLabel,
    render: (t) => (
      <Badge colorPalette={t.resolved ? 'gray' : 'orange'} variant="subtle">
        {resolvedLabel(t)}
      </Badge>
    ),
  },
  { key: 'created_at', header: 'زمان ثبت', text: (t) => formatJalaliDateTime(t.created_at) },
] satisfies ListColumn<Ticket>[]);

/** Inspection tickets (spec §2 Tickets list): date, assistant, expert, query and resolved in the address. */
export function TicketListScreen() {
  const { filter, dropped, update, reset } = useAddressFilter(ticketListFilter);
  const [openPk, setOpenPk] = useState<number | null>(null);
  const list = useQuery({ ...trpc.inspectionTickets.list.queryOptions(filter), placeholderData: keepPreviousData });

  return (
    <ListPage
      title="تیکت‌ها"
      dropped={dropped}
      onReset={reset}
      filters={
        <>
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
        </>
      }
    >
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
    </ListPage>
  );
}
