import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BRAND_MODELS_ACCESS,
  BrandEditInputSchema,
  BrandInputSchema,
  BrandMergeInputSchema,
  CatalogueIdInputSchema,
  CatalogueModelIdInputSchema,
  CatalogueModelsFilterSchema,
  CatalogueSearchInputSchema,
  EntryStepInputSchema,
  FileInputSchema,
  MappingInputSchema,
  MergeInputSchema,
  ModelEditInputSchema,
  ModelInputSchema,
  ModelStepInputSchema,
  ResolveNameInputSchema,
  SelectionInputSchema,
  TypeEditInputSchema,
  TypeInputSchema,
} from '@panel/contracts/brand-models';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { getModel, listBrands, searchModels } from './brand-models.service';
import type { BrandModelsTables } from './brand-models.tables';
import { MODEL_ENTITY } from './catalogue-locks';
import { catalogueActions } from './catalogue-manage.service';
import { listManagedBrands, listManagedModels, listMerges, modelDetail, resolveName, selection, type ManageDb } from './catalogue-read.service';

const M = '/api/brand-models/catalogue';

/**
 * The catalogue: read by every signed-in user (every module's forms pick from it); its write
 * side (decision 119) by staff, merges and their undo by a supervisor. Paths: contracts README.
 */
export const brandModelsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(BRAND_MODELS_ACCESS);
  const q = kyselyOf<BrandModelsTables>(db);
  const mq: ManageDb = kyselyOf(db);
  const act = catalogueActions(db);
  const idOf = (request: FastifyRequest) => parseInput(CatalogueIdInputSchema, request.params).id;
  const withId = (request: FastifyRequest) => ({ ...(request.body as object), id: idOf(request) });

  app.get('/api/brand-models/brands/', can.read, async (request) => ({
    results: await listBrands(q, parseInput(CatalogueSearchInputSchema.pick({ q: true }), request.query).q),
  }));
  app.get('/api/brand-models/models/', can.read, async (request) => ({
    results: await searchModels(q, parseInput(CatalogueSearchInputSchema, request.query)),
  }));
  app.get('/api/brand-models/models/:model_id/', can.read, async (request) => ({
    result: await getModel(q, parseInput(CatalogueModelIdInputSchema, request.params).model_id),
  }));
  app.get('/api/brand-models/selection/', can.read, async (request) => ({ result: await selection(mq, parseInput(SelectionInputSchema, request.query)) }));

  // The write side (/panel/brand-model-management).
  app.get(`${M}/brands/`, can.manage, async () => ({ results: await listManagedBrands(mq) }));
  app.post(`${M}/brands/`, can.manage, async (request, reply) => reply.code(201).send({ data: await act.createBrand(actorOf(request), parseInput(BrandInputSchema, request.body)) }));
  app.put(`${M}/brands/:id/`, can.manage, async (request) => ({ data: await act.editBrand(actorOf(request), parseInput(BrandEditInputSchema, withId(request))) }));
  app.post(`${M}/brands/:id/update-state/`, can.manage, async (request) => ({ data: await act.stepBrand(actorOf(request), parseInput(EntryStepInputSchema, withId(request))) }));
  app.post(`${M}/brands/:id/merge/`, can.merge, async (request) => ({ data: await act.mergeBrand(actorOf(request), parseInput(BrandMergeInputSchema, withId(request))) }));

  app.get(`${M}/models/`, can.manage, async (request) => listManagedModels(mq, parseInput(CatalogueModelsFilterSchema, request.query)));
  app.post(`${M}/models/`, can.manage, async (request, reply) => reply.code(201).send({ data: await act.createModel(actorOf(request), parseInput(ModelInputSchema, request.body)) }));
  app.get(`${M}/models/:id/`, can.manage, async (request) => ({ result: await modelDetail(db, idOf(request)) }));
  app.put(`${M}/models/:id/`, can.manage, async (request) => ({ data: await act.editModel(actorOf(request), parseInput(ModelEditInputSchema, withId(request))) }));
  app.get(`${M}/models/:id/history/`, can.manage, async (request) => ({ results: await actionLog(db, MODEL_ENTITY, idOf(request)) }));
  app.post(`${M}/models/:id/update-state/`, can.manage, async (request) => ({ data: await act.stepModel(actorOf(request), parseInput(ModelStepInputSchema, withId(request))) }));
  app.post(`${M}/models/:id/merge/`, can.merge, async (request) => ({ data: await act.merge(actorOf(request), parseInput(MergeInputSchema, withId(request))) }));
  app.post(`${M}/models/:id/types/`, can.manage, async (request, reply) =>
    reply.code(201).send({ data: await act.createType(actorOf(request), parseInput(TypeInputSchema, { ...(request.body as object), model_id: idOf(request) })) }),
  );
  app.post(`${M}/models/:id/files/`, can.manage, async (request, reply) =>
    reply.code(201).send({ data: await act.addFile(actorOf(request), parseInput(FileInputSchema, { ...(request.body as object), model_id: idOf(request) })) }),
  );
  app.put(`${M}/types/:id/`, can.manage, async (request) => ({ data: await act.editType(actorOf(request), parseInput(TypeEditInputSchema, withId(request))) }));
  app.post(`${M}/types/:id/update-state/`, can.manage, async (request) => ({ data: await act.stepType(actorOf(request), parseInput(EntryStepInputSchema, withId(request))) }));
  app.delete(`${M}/files/:id/`, can.manage, async (request) => ({ data: await act.removeFile(actorOf(request), idOf(request)) }));

  app.get(`${M}/mappings/resolve/`, can.read, async (request) => ({ result: await resolveName(mq, parseInput(ResolveNameInputSchema, request.query)) }));
  app.post(`${M}/mappings/`, can.manage, async (request, reply) => reply.code(201).send({ data: await act.addMapping(actorOf(request), parseInput(MappingInputSchema, request.body)) }));
  app.delete(`${M}/mappings/:id/`, can.manage, async (request) => ({ data: await act.removeMapping(actorOf(request), idOf(request)) }));

  app.get(`${M}/merges/`, can.manage, async () => ({ results: await listMerges(mq) }));
  app.post(`${M}/merges/:id/undo/`, can.merge, async (request) => ({ data: await act.undoMerge(actorOf(request), idOf(request)) }));
};
