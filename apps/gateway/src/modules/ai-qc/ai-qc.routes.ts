import type { FastifyPluginAsync } from 'fastify';
import { AI_QC_ACCESS, AiQcListFilterSchema } from '@panel/contracts/ai-qc';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listAiQc, type AiQcDb } from './ai-qc.service';

/** کنترل کیفیت هوشمند: the paths are listed in the contracts README of the module. */
export const aiQcRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(AI_QC_ACCESS);
  const q: AiQcDb = kyselyOf(db);

  app.get('/api/ai-qc/', can.read, async (request) => listAiQc(q, parseInput(AiQcListFilterSchema, request.query)));
};
