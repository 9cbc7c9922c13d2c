import type { FastifyPluginAsync } from 'fastify';
import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/inspection-tickets';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { getTicket, listTickets, resolveTicket } from './inspection-tickets.service';
import type { InspectionTicketsTables } from './inspection-tickets.tables';

export const inspectionTicketsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const { staff } = routeAccess(tokens);
  const q = kyselyOf<InspectionTicketsTables>(db);

  app.get('/api/inspection/tickets', staff, async (request) => listTickets(q, parseInput(TicketListFilterSchema, request.query)));

  app.get('/api/inspection/tickets/:pk', staff, async (request) => getTicket(q, parseInput(TicketPkInputSchema, request.params).pk));

  app.post('/api/inspection/tickets/:pk/resolve', staff, async (request) => {
    const input = parseInput(ResolveTicketInputSchema, { ...(request.body as object | undefined), ...(request.params as object) });
    return resolveTicket(q, input, request.user!.user.username);
  });
};
