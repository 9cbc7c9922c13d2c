import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { toPersianDigits } from '@panel/contracts/common';
import { TICKET_CATEGORY_LABELS, TICKET_MESSAGES, ticketListFilter, type Ticket } from '@panel/contracts/inspection-tickets';
import { CommitInput, FilterField } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { TicketListScreen as KitList, ticketColumns } from '../../../lib/tickets/ticket-list';
import { trpc } from '../../../lib/trpc';
import { TicketDrawer } from '../components/ticket-drawer';

const COLUMNS = ticketColumns<Ticket>([
  { key: 'category', header: 'دسته', text: (t) => TICKET_CATEGORY_LABELS[t.category] },
  { key: 'order_code', header: 'کد سفارش', text: (t) => t.order_code ?? '—', csv: (t) => t.order_code ?? '' },
  { key: 'expert', header: 'کارشناس', text: (t) => t.expert_name ?? (t.expert_id === null ? '—' : String(t.expert_id)) },
  { key: 'assistant', header: 'پشتیبان', text: (t) => t.assistant_name ?? t.assistant ?? '—' },
]);
const DEFAULT_COLUMNS = COLUMNS.map((c) => c.key).filter((key) => key !== 'resolved_at');

/** Inspection tickets (spec §2 Tickets list) on the ticket kit: date, assistant, expert, query and resolved in the address. */
export function TicketListScreen() {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(ticketListFilter);
  const [openPk, setOpenPk] = useState<number | null>(null);
  const list = useQuery({ ...trpc.inspectionTickets.list.queryOptions(filter), placeholderData: keepPreviousData });

  return (
    <KitList
      title="تیکت‌ها"
      filter={filter}
      update={update}
      reset={reset}
      dropped={dropped}
      areaFilters={
        <>
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
        </>
      }
      columns={COLUMNS}
      columnsKey="panel.inspectionTickets.columns"
      defaultColumns={DEFAULT_COLUMNS}
      answer={list.data}
      loading={list.isPending}
      failed={list.isError}
      exportAll={() => queryClient.fetchQuery(trpc.inspectionTickets.export.queryOptions({ ...filter, page: 1 }))}
      fileName="inspection-tickets"
      emptyText={TICKET_MESSAGES.empty}
      onOpen={(t) => setOpenPk(t.pk)}
    >
      <TicketDrawer pk={openPk} onClose={() => setOpenPk(null)} />
    </KitList>
  );
}
