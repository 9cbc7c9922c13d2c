import { EXPERT_TICKET_MESSAGES, expertTicketListFilter, type ExpertTicketPeople } from '@panel/contracts/experts';
import { defineListScreen } from '../../../lib/list-screen';
import { ticketListScreen } from '../../../lib/tickets/ticket-list';
import { trpc } from '../../../lib/trpc';
import { DEFAULT_EXPERT_TICKET_COLUMNS, EXPERT_TICKET_COLUMNS } from '../components/expert-ticket-columns';
import { ExpertTicketDrawer } from '../components/expert-ticket-drawer';

const people = (kind: keyof ExpertTicketPeople) => ({ query: trpc.expertTickets.people.queryOptions(), options: (data: ExpertTicketPeople) => data[kind].map((p) => ({ value: p.value, label: p.name || p.value })) });

const EXPERT_TICKETS = ticketListScreen({
  title: 'تیکت‌های کارشناسان',
  filter: expertTicketListFilter,
  procedures: trpc.expertTickets,
  fileName: 'expert-tickets',
  columns: EXPERT_TICKET_COLUMNS,
  columnsKey: 'panel.expertTickets.columns',
  defaultColumns: DEFAULT_EXPERT_TICKET_COLUMNS,
  areaFields: (f) => [f.choice('assistant', 'کارمند', people('assistants'), { width: '10rem' }), f.choice('expert', 'کارشناس', people('experts'), { width: '11rem' })],
  emptyText: EXPERT_TICKET_MESSAGES.empty,
  detail: (d) => <ExpertTicketDrawer pk={d.id} onClose={d.close} />,
});

/** The experts' tickets (/panel/experts/tickets, spec §2 Tickets list) on the ticket kit: filters in the address, a row opens its thread. */
export const ExpertTicketsScreen = defineListScreen(EXPERT_TICKETS);
