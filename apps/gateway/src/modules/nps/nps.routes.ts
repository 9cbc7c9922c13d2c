import type { FastifyPluginAsync } from 'fastify';
import { NPS_ACCESS, NpsListFilterSchema } from '@panel/contracts/nps';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listNps, type NpsDb } from './nps.service';

/** نظرسنجی رضایت (NPS): the paths are listed in the contracts README of the module. */
export const npsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(NPS_ACCESS);
  const q: NpsDb = kyselyOf(db);

  app.get('/api/nps/', can.read, async (request) => listNps(q, parseInput(NpsListFilterSchema, request.query)));
};
