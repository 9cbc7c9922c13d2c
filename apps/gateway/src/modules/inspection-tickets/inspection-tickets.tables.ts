import type { Generated } from 'kysely';
import type { TicketCategory } from '@panel/contracts/inspection-tickets';

/** The tables of `migrations/0400_tickets.sql` and `0402_ticket_kit.sql`, as the drivers answer them. */
export interface TicketsTable {
  pk: Generated<number>;
  title: string;
  description: Generated<string>;
  category: Generated<TicketCategory>;
  order_code: string | null;
  expert_id: number | null;
  assistant: string | null;
  resolved: Generated<boolean>;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: Generated<string>;
  created_at: Generated<string>;
}

export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  body: string;
  author_username: string;
  author_name: string;
  created_at: Generated<string>;
}

export interface InspectionTicketsTables {
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
}
