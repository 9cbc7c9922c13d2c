import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { ROLES } from '@panel/contracts/common';
import { ResolveTicketInputSchema, TicketListFilterSchema, TicketPkInputSchema } from '@panel/contracts/tickets';
import type { GatewayDeps } from '../../deps';
import { badRequest } from '../../errors';
import { requireAuth, requireRole } from '../../plugins/auth';
import { getTicket, listTickets, resolveTicket } from './tickets.service';

/** Parses with a contract schema; a failure is a 400 field map with the schema's Persian messages. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw badRequest(fields);
}

export const ticketsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const guard = { preHandler: [requireAuth(tokens), requireRole(ROLES.staff)] };

  app.get('/api/inspection/tickets', guard, async (request) => listTickets(db, parse(TicketListFilterSchema, request.query)));

  app.get('/api/inspection/tickets/:pk', guard, async (request) => getTicket(db, parse(TicketPkInputSchema, request.params).pk));

  app.post('/api/inspection/tickets/:pk/resolve', guard, async (request) => {
    const input = parse(ResolveTicketInputSchema, { ...(request.body as object | undefined), ...(request.params as object) });
    return resolveTicket(db, input, request.user!.user.username);
  });
};
