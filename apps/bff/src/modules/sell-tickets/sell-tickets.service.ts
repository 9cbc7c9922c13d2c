import { inData } from '@panel/contracts/common';
import {
  SellTicketPageSchema,
  SellTicketPeopleSchema,
  SellTicketSchema,
  sellTicketListFilter,
  type SellTicket,
  type SellTicketListFilter,
  type SellTicketPage,
  type SellTicketPeople,
} from '@panel/contracts/sell-tickets';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { ticketCalls } from '../../tickets';

const TICKETS = '/api/dealers/tickets';

export const listSellTickets = (gateway: GatewayClient, filter: SellTicketListFilter): Promise<SellTicketPage> => gateway.get(SellTicketPageSchema, `${TICKETS}/`, sellTicketListFilter.toQuery(filter));
export const exportSellTickets = (gateway: GatewayClient, filter: SellTicketListFilter): Promise<{ rows: SellTicket[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listSellTickets(gateway, { ...filter, page, pageSize }));
export const sellTicket = (gateway: GatewayClient, pk: number): Promise<SellTicket> => gateway.get(SellTicketSchema, `${TICKETS}/${pk}/`);
export const sellTicketPeople = (gateway: GatewayClient): Promise<SellTicketPeople> => gateway.get(inData(SellTicketPeopleSchema), `${TICKETS}/people/`);

/** Thread, reply, resolve and reopen: the ticket kit's calls (decision 086). */
export const sellTicketCalls = ticketCalls(TICKETS, true, SellTicketSchema);
