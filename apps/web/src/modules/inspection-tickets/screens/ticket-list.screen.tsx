import { TICKET_CATEGORY_LABELS, TICKET_MESSAGES, ticketListFilter, type Ticket } from '@panel/contracts/inspection-tickets';
import { defineListScreen } from '../../../lib/list-screen';
import { ticketColumns, ticketListScreen } from '../../../lib/tickets/ticket-list';
import { trpc } from '../../../lib/trpc';
import { TicketDrawer } from '../components/ticket-drawer';

const COLUMNS = ticketColumns<Ticket>([
  { key: 'category', header: 'دسته', text: (t) => TICKET_CATEGORY_LABELS[t.category] },
  { key: 'order_code', header: 'کد سفارش', text: (t) => t.order_code ?? '—', csv: (t) => t.order_code ?? '' },
  { key: 'expert', header: 'کارشناس', text: (t) => t.expert_name ?? (t.expert_id === null ? '—' : String(t.expert_id)) },
  { key: 'assistant', header: 'پشتیبان', text: (t) => t.assistant_name ?? t.assistant ?? '—' },
]);

const TICKETS = ticketListScreen({
  title: 'تیکت‌ها',
  filter: ticketListFilter,
  procedures: trpc.inspectionTickets,
  fileName: 'inspection-tickets',
  columns: COLUMNS,
  columnsKey: 'panel.inspectionTickets.columns',
  defaultColumns: COLUMNS.map((c) => c.key).filter((key) => key !== 'resolved_at'),
  areaFields: (f) => [f.search('assistant', 'پشتیبان', { width: '10rem' }), f.search('expert', 'شناسه کارشناس', { width: '8rem' })],
  emptyText: TICKET_MESSAGES.empty,
  detail: (d) => <TicketDrawer pk={d.id} onClose={d.close} />,
});

/** Inspection tickets (spec §2 Tickets list) on the ticket kit: date, assistant, expert, query and resolved in the address. */
export const TicketListScreen = defineListScreen(TICKETS);
