import type { FastifyPluginAsync } from 'fastify';
import { TicketListFilterSchema, TicketPkInputSchema, INSPECTION_TICKETS_ACCESS } from '@panel/contracts/inspection-tickets';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { serveTicketActions } from '../../tickets';
import { parseInput } from '../../validation';
import { getTicket, inspectionTicketActions, listTickets } from './inspection-tickets.service';
import type { InspectionTicketsTables } from './inspection-tickets.tables';

export const inspectionTicketsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(INSPECTION_TICKETS_ACCESS);
  const q = kyselyOf<InspectionTicketsTables>(db);

  app.get('/api/inspection/tickets', can.read, async (request) => listTickets(q, parseInput(TicketListFilterSchema, request.query)));
  app.get('/api/inspection/tickets/:pk', can.read, async (request) => getTicket(q, parseInput(TicketPkInputSchema, request.params).pk));
  // The kit's thread, reply, resolve and reopen (decision 086).
  serveTicketActions(app, { base: '/api/inspection/tickets', trailingSlash: false, access: can.act, kit: inspectionTicketActions(db) });
};
