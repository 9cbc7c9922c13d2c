import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ActivateSchemaInputSchema,
  CreateReportSchemaInputSchema,
  CustomisationKeyInputSchema,
  ImpactInputSchema,
  REPORT_SCHEMAS_ACCESS,
  ReportSchemasListFilterSchema,
  SaveCustomisationInputSchema,
  SchemaIdInputSchema,
  SyncInputSchema,
  UpdateReportSchemaInputSchema,
  VehicleSchemasInputSchema,
} from '@panel/contracts/report-schemas';
import { wholeNumberField } from '@panel/contracts/common';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { schemaActions } from './report-schemas-actions.service';
import { customisation, customisationActions, customisedModels, syncPlan } from './report-schemas-custom.service';
import { beat, leave, listReportSchemas, SCHEMA_ENTITY, schemaDetail, schemaImpact, schemaTree, vehicleSchemas, type ReportSchemasDb } from './report-schemas.service';
import type { ReportSchemasTables } from './report-schemas.tables';

const BASE = '/api/report-schemas';
const VersionParamsSchema = SchemaIdInputSchema.extend({ version: wholeNumberField('نسخه نامعتبر است', { min: 1 }) });

/** اسکیماهای کارشناسی (issue 32, decision 110): the paths are listed in the contracts README of the module. */
export const reportSchemasRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(REPORT_SCHEMAS_ACCESS);
  const q: ReportSchemasDb = kyselyOf<ReportSchemasTables>(db);
  const act = schemaActions(db);
  const custom = customisationActions(db);
  const idOf = (request: FastifyRequest) => parseInput(SchemaIdInputSchema, request.params).id;
  const withParams = <T extends z.ZodType>(schema: T, request: FastifyRequest) => parseInput(schema, { ...(request.body as object), ...(request.params as object) });

  app.get(`${BASE}/`, can.read, async (request) => listReportSchemas(q, parseInput(ReportSchemasListFilterSchema, request.query)));
  app.post(`${BASE}/`, can.change, async (request, reply) => reply.code(201).send({ data: await act.create(actorOf(request), parseInput(CreateReportSchemaInputSchema, request.body)) }));
  app.get(`${BASE}/vehicle-schemas/`, can.read, async () => ({ results: await vehicleSchemas(q) }));
  app.put(`${BASE}/vehicle-schemas/`, can.change, async (request) => ({ data: await act.setVehicleSchemas(actorOf(request), parseInput(VehicleSchemasInputSchema, request.body)) }));
  app.get(`${BASE}/:id/`, can.read, async (request) => ({ result: await schemaDetail(q, idOf(request)) }));
  app.put(`${BASE}/:id/`, can.change, async (request) => ({ data: await act.update(actorOf(request), withParams(UpdateReportSchemaInputSchema, request)) }));
  app.get(`${BASE}/:id/versions/:version/`, can.read, async (request) => {
    const { id, version } = parseInput(VersionParamsSchema, request.params);
    return { result: await schemaTree(q, id, version) };
  });
  app.get(`${BASE}/:id/history/`, can.read, async (request) => ({ results: await actionLog(db, SCHEMA_ENTITY, idOf(request)) }));
  app.post(`${BASE}/:id/activate/`, can.change, async (request) => ({ data: await act.activate(actorOf(request), withParams(ActivateSchemaInputSchema, request)) }));
  app.post(`${BASE}/:id/impact/`, can.read, async (request) => {
    const { id, tree } = withParams(ImpactInputSchema, request);
    return { results: await schemaImpact(q, id, tree) };
  });
  app.post(`${BASE}/:id/presence/`, can.change, async (request) => ({ results: await beat(db, idOf(request), actorOf(request)) }));
  app.delete(`${BASE}/:id/presence/`, can.change, async (request, reply) => {
    await leave(db, idOf(request), actorOf(request));
    return reply.code(204).send();
  });
  app.get(`${BASE}/:id/customisations/`, can.read, async (request) => ({ results: await customisedModels(db, idOf(request)) }));
  app.get(`${BASE}/:id/customisations/:model_id/`, can.read, async (request) => {
    const { id, model_id } = parseInput(CustomisationKeyInputSchema, request.params);
    return { result: await customisation(q, db, id, model_id) };
  });
  app.put(`${BASE}/:id/customisations/:model_id/`, can.change, async (request) => ({ data: await custom.save(actorOf(request), withParams(SaveCustomisationInputSchema, request)) }));
  app.get(`${BASE}/:id/customisations/:model_id/sync/`, can.read, async (request) => {
    const { id, model_id } = parseInput(CustomisationKeyInputSchema, request.params);
    return { result: await syncPlan(q, id, model_id) };
  });
  app.post(`${BASE}/:id/customisations/:model_id/sync/`, can.change, async (request) => ({ data: await custom.sync(actorOf(request), withParams(SyncInputSchema, request)) }));
};
