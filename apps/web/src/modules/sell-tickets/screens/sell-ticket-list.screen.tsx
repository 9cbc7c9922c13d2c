import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELL_TICKET_MESSAGES, sellTicketListFilter } from '@panel/contracts/sell-tickets';
import { FilterField, SingleSelect, type SelectOption } from '@panel/ui';
import { useAddressFilter } from '../../../lib/address-filter';
import { TicketListScreen } from '../../../lib/tickets/ticket-list';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_SELL_TICKET_COLUMNS, SELL_TICKET_COLUMNS } from '../components/sell-ticket-columns';
import { SellTicketDrawer } from '../components/sell-ticket-drawer';

const ALL = 'all';
/** 'همه' first; a value from a shared link the list no longer names stays choosable. */
const options = (people: { value: string; name: string }[] | undefined, current: string | undefined): SelectOption[] => [
  { value: ALL, label: 'همه' },
  ...(people ?? []).map((p) => ({ value: p.value, label: p.name || p.value })),
  ...(current && !people?.some((p) => p.value === current) ? [{ value: current, label: current }] : []),
];

/** The sale team's tickets (/panel/sell-tickets, spec §2 Tickets list) on the ticket kit: filters in the address, a row opens its thread. */
export function SellTicketListScreen() {
  const queryClient = useQueryClient();
  const { filter, dropped, update, reset } = useAddressFilter(sellTicketListFilter);
  const [openPk, setOpenPk] = useState<number | null>(null);
  const list = useQuery({ ...trpc.sellTickets.list.queryOptions(filter), placeholderData: keepPreviousData });
  const people = useQuery({ ...trpc.sellTickets.people.queryOptions(), staleTime: 5 * 60_000 });
  const expert = filter.expert === undefined ? undefined : String(filter.expert);

  return (
    <TicketListScreen
      title="تیکت‌های فروش"
      filter={filter}
      update={update}
      reset={reset}
      dropped={dropped}
      areaFilters={
        <>
          <FilterField label="عضو تیم فروش">
            <SingleSelect label="عضو تیم فروش" options={options(people.data?.assistants, filter.assistant)} value={filter.assistant ?? ALL} onChange={(v) => update({ assistant: v === ALL ? undefined : v })} width="10rem" />
          </FilterField>
          <FilterField label="کارشناس فروش">
            <SingleSelect label="کارشناس فروش" options={options(people.data?.experts, expert)} value={expert ?? ALL} onChange={(v) => update({ expert: v === ALL ? undefined : v })} width="10rem" />
          </FilterField>
        </>
      }
      columns={SELL_TICKET_COLUMNS}
      columnsKey="panel.sellTickets.columns"
      defaultColumns={DEFAULT_SELL_TICKET_COLUMNS}
      answer={list.data}
      loading={list.isPending}
      failed={list.isError}
      exportAll={() => queryClient.fetchQuery(trpc.sellTickets.export.queryOptions({ ...filter, page: 1 }))}
      fileName="sell-tickets"
      emptyText={SELL_TICKET_MESSAGES.empty}
      onOpen={(t) => setOpenPk(t.pk)}
    >
      <SellTicketDrawer pk={openPk} onClose={() => setOpenPk(null)} />
    </TicketListScreen>
  );
}
