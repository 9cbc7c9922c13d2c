import { useState } from 'react';
import { SELL_TICKET_MESSAGES, sellTicketListFilter } from '@panel/contracts/sell-tickets';
import { ListScreen, useListScreen } from '../../../lib/list-screen';
import { ticketListScreen } from '../../../lib/tickets/ticket-list';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_SELL_TICKET_COLUMNS, SELL_TICKET_COLUMNS } from '../components/sell-ticket-columns';
import { SellTicketDrawer } from '../components/sell-ticket-drawer';

type People = Record<'assistants' | 'experts', { value: string; name: string }[]>;
const people = (kind: keyof People) => ({ query: trpc.sellTickets.people.queryOptions(), options: (data: People) => data[kind].map((p) => ({ value: p.value, label: p.name || p.value })) });

const SELL_TICKETS = ticketListScreen({
  title: 'تیکت‌های فروش',
  filter: sellTicketListFilter,
  procedures: trpc.sellTickets,
  fileName: 'sell-tickets',
  columns: SELL_TICKET_COLUMNS,
  columnsKey: 'panel.sellTickets.columns',
  defaultColumns: DEFAULT_SELL_TICKET_COLUMNS,
  areaFields: (f) => [f.choice('assistant', 'عضو تیم فروش', people('assistants'), { width: '10rem' }), f.choice('expert', 'کارشناس فروش', people('experts'), { width: '10rem' })],
  emptyText: SELL_TICKET_MESSAGES.empty,
});

/** The sale team's tickets (/panel/sell-tickets, spec §2 Tickets list) on the ticket kit: filters in the address, a row opens its thread. */
export function SellTicketListScreen() {
  const [openPk, setOpenPk] = useState<number | null>(null);
  return (
    <ListScreen screen={useListScreen(SELL_TICKETS)} onRowClick={(t) => setOpenPk(t.pk)}>
      <SellTicketDrawer pk={openPk} onClose={() => setOpenPk(null)} />
    </ListScreen>
  );
}
