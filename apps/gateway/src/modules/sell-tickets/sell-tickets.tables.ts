import type { SellTicketCategory } from '@panel/contracts/sell-tickets';
import type { TicketKitColumns, TicketRepliesTable } from '../../tickets';

/** The tables of `migrations/1300_sell_tickets.sql`, as the drivers answer them. */
export interface SellTicketsTable extends TicketKitColumns {
  category: SellTicketCategory;
  customer_name: string;
  customer_phone: string;
  city_id: number;
  assistant: string;
  sales_expert_id: number | null;
  concierge_sale_id: number | null;
  car_post_id: number | null;
}

export interface SellTicketsTables {
  sell_tickets: SellTicketsTable;
  sell_ticket_replies: TicketRepliesTable;
}
