import { TicketListPageSchema, TicketSchema, ticketListFilter, type Ticket, type TicketListFilter, type TicketListPage } from '@panel/contracts/inspection-tickets';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { ticketCalls } from '../../tickets';

const TICKETS = '/api/inspection/tickets';

export async function listTickets(gateway: GatewayClient, filter: TicketListFilter): Promise<TicketListPage> {
  return gateway.get(TicketListPageSchema, TICKETS, ticketListFilter.toQuery(filter));
}

export const exportTickets = (gateway: GatewayClient, filter: TicketListFilter): Promise<{ rows: Ticket[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listTickets(gateway, { ...filter, page, pageSize }));

export async function ticketDetail(gateway: GatewayClient, pk: number): Promise<Ticket> {
  return gateway.get(TicketSchema, `${TICKETS}/${pk}`);
}

/** Thread, reply, resolve and reopen: the ticket kit's calls (decision 086). */
export const inspectionTicketCalls = ticketCalls(TICKETS, false, TicketSchema);
