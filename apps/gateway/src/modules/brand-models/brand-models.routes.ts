import type { FastifyPluginAsync } from 'fastify';
import { CatalogueModelIdInputSchema, CatalogueSearchInputSchema, BRAND_MODELS_ACCESS } from '@panel/contracts/brand-models';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { getModel, listBrands, searchModels } from './brand-models.service';
import type { BrandModelsTables } from './brand-models.tables';

/** The catalogue is read by every signed-in user: every module's forms pick from it. */
export const brandModelsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(BRAND_MODELS_ACCESS);
  const q = kyselyOf<BrandModelsTables>(db);

  app.get('/api/brand-models/brands/', can.read, async (request) => ({
    results: await listBrands(q, parseInput(CatalogueSearchInputSchema.pick({ q: true }), request.query).q),
  }));

  app.get('/api/brand-models/models/', can.read, async (request) => ({
    results: await searchModels(q, parseInput(CatalogueSearchInputSchema, request.query)),
  }));

  app.get('/api/brand-models/models/:model_id/', can.read, async (request) => ({
    result: await getModel(q, parseInput(CatalogueModelIdInputSchema, request.params).model_id),
  }));
};
