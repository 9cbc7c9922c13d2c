import type { FastifyPluginAsync } from 'fastify';
import { SaveOriginalityMapInputSchema, ORIGINALITY_MAPPING_ACCESS } from '@panel/contracts/originality-mapping';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actorOf } from '../../workflow';
import { getOriginalityMap, originalityHistory, saveOriginalityMap, type OriginalityDb } from './originality-mapping.service';

/** The originality map (issue 16, decision 085): every signed-in user reads it, staff edit it. */
export const originalityMappingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(ORIGINALITY_MAPPING_ACCESS);
  const q: OriginalityDb = kyselyOf(db);
  app.get('/api/originality-map/', can.read, async () => getOriginalityMap(q));
  app.get('/api/originality-map/history/', can.read, async () => ({ results: await originalityHistory(db) }));
  app.put('/api/originality-map/', can.edit, async (request) => ({ data: await saveOriginalityMap(db, actorOf(request), parseInput(SaveOriginalityMapInputSchema, request.body)) }));
};
