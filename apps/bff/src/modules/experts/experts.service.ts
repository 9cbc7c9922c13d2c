import { z } from 'zod';
import { ActionLogEntrySchema, inData, inResults } from '@panel/contracts/common';
import {
  ExpertAreaSchema,
  ExpertOutcomeSchema,
  ExpertOverviewSchema,
  ExpertSchema,
  ExpertTicketPageSchema,
  ExpertTicketPeopleSchema,
  ExpertTicketSchema,
  ExpertsPageSchema,
  expertTicketListFilter,
  expertsListFilter,
  type AddExpertInput,
  type Expert,
  type ExpertStepInput,
  type ExpertTicket,
  type ExpertTicketListFilter,
  type ExpertTicketPage,
  type ExpertsListFilter,
  type ExpertsPage,
  type UpdateExpertInput,
} from '@panel/contracts/experts';
import { exportAll } from '../../gateway/export-all';
import type { GatewayClient } from '../../gateway/gateway-client';
import { ticketCalls } from '../../tickets';

// The gateway's expert paths (packages/contracts/src/experts/README.md); every answer checked once against the contract.

const BASE = '/api/experts';
const TICKETS = `${BASE}/tickets`;
const outcome = inData(ExpertOutcomeSchema);
const withoutPk = <T extends { pk: number }>({ pk: _pk, ...body }: T) => body;

export const listExperts = (gateway: GatewayClient, filter: ExpertsListFilter): Promise<ExpertsPage> => gateway.get(ExpertsPageSchema, `${BASE}/`, expertsListFilter.toQuery(filter));
export const exportExperts = (gateway: GatewayClient, filter: ExpertsListFilter): Promise<{ rows: Expert[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listExperts(gateway, { ...filter, page, pageSize }));
export const areas = (gateway: GatewayClient) => gateway.get(inResults(z.array(ExpertAreaSchema)), `${BASE}/areas/`);
export const detail = (gateway: GatewayClient, pk: number) => gateway.get(ExpertSchema, `${BASE}/${pk}/`);
export const overview = (gateway: GatewayClient, pk: number) => gateway.get(inData(ExpertOverviewSchema), `${BASE}/${pk}/overview/`);
export const history = (gateway: GatewayClient, pk: number) => gateway.get(inResults(z.array(ActionLogEntrySchema)), `${BASE}/${pk}/history/`);
export const add = (gateway: GatewayClient, input: AddExpertInput) => gateway.send(outcome, 'POST', `${BASE}/`, input);
export const update = (gateway: GatewayClient, input: UpdateExpertInput) => gateway.send(outcome, 'PUT', `${BASE}/${input.pk}/`, withoutPk(input));
export const updateState = (gateway: GatewayClient, input: ExpertStepInput) => gateway.send(outcome, 'POST', `${BASE}/${input.pk}/update-state/`, withoutPk(input));

export const listTickets = (gateway: GatewayClient, filter: ExpertTicketListFilter): Promise<ExpertTicketPage> => gateway.get(ExpertTicketPageSchema, `${TICKETS}/`, expertTicketListFilter.toQuery(filter));
export const exportTickets = (gateway: GatewayClient, filter: ExpertTicketListFilter): Promise<{ rows: ExpertTicket[]; truncated: boolean }> =>
  exportAll((page, pageSize) => listTickets(gateway, { ...filter, page, pageSize }));
export const ticket = (gateway: GatewayClient, pk: number): Promise<ExpertTicket> => gateway.get(ExpertTicketSchema, `${TICKETS}/${pk}/`);
export const ticketPeople = (gateway: GatewayClient) => gateway.get(inData(ExpertTicketPeopleSchema), `${TICKETS}/people/`);
/** Thread, reply, resolve and reopen: the ticket kit's calls (decision 086). */
export const expertTicketCalls = ticketCalls(TICKETS, true, ExpertTicketSchema);
