import {
  TicketListPageSchema,
  TicketSchema,
  ticketListFilter,
  type ResolveTicketInput,
  type Ticket,
  type TicketListFilter,
  type TicketListPage,
} from '@panel/contracts/inspection-tickets';
import type { GatewayClient } from '../../gateway/gateway-client';

const TICKETS = '/api/inspection/tickets';

export async function listTickets(gateway: GatewayClient, filter: TicketListFilter): Promise<TicketListPage> {
  return gateway.get(TicketListPageSchema, TICKETS, ticketListFilter.toQuery(filter));
}

export async function ticketDetail(gateway: GatewayClient, pk: number): Promise<Ticket> {
  return gateway.get(TicketSchema, `${TICKETS}/${pk}`);
}

export async function resolveTicket(gateway: GatewayClient, input: ResolveTicketInput): Promise<Ticket> {
  return gateway.send(TicketSchema, 'POST', `${TICKETS}/${input.pk}/resolve`, { note: input.note });
}
