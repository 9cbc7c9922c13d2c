import type { FastifyPluginAsync } from 'fastify';
import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/inspection-tickets';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { getTicket, listTickets, resolveTicket } from './inspection-tickets.service';

export const inspectionTicketsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const { staff } = routeAccess(tokens);

  app.get('/api/inspection/tickets', staff, async (request) => listTickets(db, parseInput(TicketListFilterSchema, request.query)));

  app.get('/api/inspection/tickets/:pk', staff, async (request) => getTicket(db, parseInput(TicketPkInputSchema, request.params).pk));

  app.post('/api/inspection/tickets/:pk/resolve', staff, async (request) => {
    const input = parseInput(ResolveTicketInputSchema, { ...(request.body as object | undefined), ...(request.params as object) });
    return resolveTicket(db, input, request.user!.user.username);
  });
};
