import type { Generated } from 'kysely';
import type { ExpertTicketCategory } from '@panel/contracts/experts';

// The experts module's own tables (migration 1901). The `experts` row type itself is a core
// table (src/db/core-tables.ts): several modules read it, this one writes it (decision 105).

export interface ExpertTicketsTable {
  pk: Generated<number>;
  title: string;
  description: Generated<string>;
  category: ExpertTicketCategory;
  expert_id: number;
  assistant: string;
  inspection_id: number | null;
  resolved: Generated<boolean>;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: Generated<string>;
  created_at: Generated<string>;
}

export interface ExpertTicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  body: string;
  author_username: string;
  author_name: string;
  created_at: Generated<string>;
}

export interface ExpertsTables {
  expert_tickets: ExpertTicketsTable;
  expert_ticket_replies: ExpertTicketRepliesTable;
}
