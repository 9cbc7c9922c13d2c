import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TicketPkInputSchema, tehranDateKey } from '@panel/contracts/common';
import {
  AddExpertInputSchema,
  EXPERTS_ACCESS,
  ExpertPkInputSchema,
  ExpertStepInputSchema,
  ExpertTicketListFilterSchema,
  ExpertsListFilterSchema,
  UpdateExpertInputSchema,
} from '@panel/contracts/experts';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { serveTicketActions } from '../../tickets';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { expertActions } from './experts-actions.service';
import { EXPERT_ENTITY, expertAreas, expertDetail, expertOverview, listExperts, type ExpertsDb } from './experts.service';
import { expertTicketActions, expertTicketPeople, getExpertTicket, listExpertTickets } from './expert-tickets.service';

const BASE = '/api/experts';
const TICKETS = `${BASE}/tickets`;

/** The experts and their tickets (issue 31, decision 105); the paths are listed in the contracts README of the module. */
export const expertsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens, ports }) => {
  const can = routeAccess(tokens).guards(EXPERTS_ACCESS);
  const q: ExpertsDb = kyselyOf(db);
  const act = expertActions(db, ports.dispatch);
  const pkOf = (request: FastifyRequest) => parseInput(ExpertPkInputSchema, request.params).pk;
  const withPk = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), pk: pkOf(request) });

  app.get(`${BASE}/`, can.read, async (request) => listExperts(q, parseInput(ExpertsListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.change, async (request, reply) => reply.code(201).send({ data: await act.add(actorOf(request), parseInput(AddExpertInputSchema, request.body)) }));
  app.get(`${BASE}/areas/`, can.read, async () => ({ results: await expertAreas(q) }));

  app.get(`${TICKETS}/`, can.tickets, async (request) => listExpertTickets(q, parseInput(ExpertTicketListFilterSchema, request.query)));
  app.get(`${TICKETS}/people/`, can.tickets, async () => ({ data: await expertTicketPeople(db) }));
  app.get(`${TICKETS}/:pk/`, can.tickets, async (request) => getExpertTicket(q, parseInput(TicketPkInputSchema, request.params).pk));
  serveTicketActions(app, { base: TICKETS, trailingSlash: true, access: can.tickets, kit: expertTicketActions(db) });

  app.get(`${BASE}/:pk/`, can.read, async (request) => expertDetail(q, pkOf(request)));
  app.put(`${BASE}/:pk/`, can.change, async (request) => ({ data: await act.update(actorOf(request), withPk(UpdateExpertInputSchema, request)) }));
  app.post(`${BASE}/:pk/update-state/`, can.change, async (request) => ({ data: await act.step(actorOf(request), withPk(ExpertStepInputSchema, request)) }));
  app.get(`${BASE}/:pk/history/`, can.read, async (request) => ({ results: await actionLog(db, EXPERT_ENTITY, pkOf(request)) }));
  app.get(`${BASE}/:pk/overview/`, can.read, async (request) => ({ data: await expertOverview(q, pkOf(request), tehranDateKey(new Date())) }));
};
