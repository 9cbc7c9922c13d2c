import type { Generated } from 'kysely';
import type { SellTicketCategory } from '@panel/contracts/sell-tickets';

/** The tables of `migrations/1300_sell_tickets.sql`, as the drivers answer them. */
export interface SellTicketsTable {
  pk: Generated<number>;
  title: string;
  description: Generated<string>;
  category: SellTicketCategory;
  customer_name: string;
  customer_phone: string;
  city_id: number;
  assistant: string;
  sales_expert_id: number | null;
  concierge_sale_id: number | null;
  car_post_id: number | null;
  resolved: Generated<boolean>;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: Generated<string>;
  created_at: Generated<string>;
}

export interface SellTicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  body: string;
  author_username: string;
  author_name: string;
  created_at: Generated<string>;
}

export interface SellTicketsTables {
  sell_tickets: SellTicketsTable;
  sell_ticket_replies: SellTicketRepliesTable;
}
