import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { NPS_ACCESS, NpsIdInputSchema, NpsListFilterSchema, NpsStepInputSchema, RecordNpsAnswerInputSchema } from '@panel/contracts/nps';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { npsActions } from './nps-actions.service';
import { NPS_ENTITY, listNps, npsAnswerDetail, npsTrend, type NpsDb } from './nps.service';

const BASE = '/api/nps/answers';

/** NPS survey answers (issue 33, decision 115); the paths are listed in the contracts README of the module. */
export const npsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(NPS_ACCESS);
  const q: NpsDb = kyselyOf(db);
  const act = npsActions(db);
  const idOf = (request: FastifyRequest) => parseInput(NpsIdInputSchema, request.params).id;

  app.get(`${BASE}/`, can.read, async (request) => listNps(q, parseInput(NpsListFilterSchema, request.query)));
  app.get(`${BASE}/trend/`, can.read, async (request) => npsTrend(q, parseInput(NpsListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.act, async (request, reply) => reply.code(201).send({ data: await act.record(actorOf(request), parseInput(RecordNpsAnswerInputSchema, request.body)) }));
  app.get(`${BASE}/:id/`, can.read, async (request) => npsAnswerDetail(q, idOf(request)));
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, NPS_ENTITY, idOf(request)) }));
  app.post(`${BASE}/:id/update-state/`, can.act, async (request) => ({ data: await act.step(actorOf(request), parseInput(NpsStepInputSchema, { ...(request.body as object), id: idOf(request) })) }));
};
