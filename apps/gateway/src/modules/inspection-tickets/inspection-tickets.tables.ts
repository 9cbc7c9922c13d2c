import type { Generated } from 'kysely';
import type { TicketCategory } from '@panel/contracts/inspection-tickets';
import type { TicketKitColumns, TicketRepliesTable } from '../../tickets';

/** The tables of `migrations/0400_tickets.sql` and `0402_ticket_kit.sql`, as the drivers answer them. */
export interface TicketsTable extends TicketKitColumns {
  category: Generated<TicketCategory>;
  order_code: string | null;
  expert_id: number | null;
  assistant: string | null;
}

export interface InspectionTicketsTables {
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
}
