import {
  TicketListPageSchema,
  TicketSchema,
  ticketListFilterToQuery,
  type ResolveTicketInput,
  type Ticket,
  type TicketListFilter,
  type TicketListPage,
} from '@panel/contracts/tickets';
import type { GatewayClient } from '../../gateway/gateway-client';

const TICKETS = '/api/inspection/tickets';

export async function listTickets(gateway: GatewayClient, filter: TicketListFilter): Promise<TicketListPage> {
  return TicketListPageSchema.parse(await gateway.request(TICKETS, { query: ticketListFilterToQuery(filter) }));
}

export async function ticketDetail(gateway: GatewayClient, pk: number): Promise<Ticket> {
  return TicketSchema.parse(await gateway.request(`${TICKETS}/${pk}`));
}

export async function resolveTicket(gateway: GatewayClient, input: ResolveTicketInput): Promise<Ticket> {
  return TicketSchema.parse(await gateway.request(`${TICKETS}/${input.pk}/resolve`, { method: 'POST', body: { note: input.note } }));
}
