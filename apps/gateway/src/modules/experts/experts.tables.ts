import type { ExpertTicketCategory } from '@panel/contracts/experts';
import type { TicketKitColumns, TicketRepliesTable } from '../../tickets';

// The experts module's own tables (migration 1901). The `experts` row type itself is a core
// table (src/db/core-tables.ts): several modules read it, this one writes it (decision 105).

export interface ExpertTicketsTable extends TicketKitColumns {
  category: ExpertTicketCategory;
  expert_id: number;
  assistant: string;
  inspection_id: number | null;
}

export interface ExpertsTables {
  expert_tickets: ExpertTicketsTable;
  expert_ticket_replies: TicketRepliesTable;
}
