import type { FastifyPluginAsync } from 'fastify';
import { TicketPkInputSchema } from '@panel/contracts/common';
import { SellTicketListFilterSchema, SELL_TICKETS_ACCESS } from '@panel/contracts/sell-tickets';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { serveTicketActions } from '../../tickets';
import { parseInput } from '../../validation';
import { getSellTicket, listSellTickets, sellTicketActions, sellTicketPeople } from './sell-tickets.service';
import type { SellTicketsTables } from './sell-tickets.tables';

/** The sale team's tickets under the dealers' service (spec §7 "dealers (... tickets ...)"); staff only. */
export const sellTicketsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(SELL_TICKETS_ACCESS);
  const q = kyselyOf<SellTicketsTables>(db);

  app.get('/api/dealers/tickets/', can.read, async (request) => listSellTickets(q, parseInput(SellTicketListFilterSchema, request.query)));
  app.get('/api/dealers/tickets/people/', can.read, async () => ({ data: await sellTicketPeople(db) }));
  app.get('/api/dealers/tickets/:pk/', can.read, async (request) => getSellTicket(q, parseInput(TicketPkInputSchema, request.params).pk));
  serveTicketActions(app, { base: '/api/dealers/tickets', trailingSlash: true, access: can.act, kit: sellTicketActions(db) });
};
