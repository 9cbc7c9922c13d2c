import type { FastifyPluginAsync } from 'fastify';
import { REPORT_SCHEMAS_ACCESS, ReportSchemasListFilterSchema } from '@panel/contracts/report-schemas';
import { kyselyOf } from '../../db/kysely';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { listReportSchemas, type ReportSchemasDb } from './report-schemas.service';

/** اسکیماهای کارشناسی: the paths are listed in the contracts README of the module. */
export const reportSchemasRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(REPORT_SCHEMAS_ACCESS);
  const q: ReportSchemasDb = kyselyOf(db);

  app.get('/api/report-schemas/', can.read, async (request) => listReportSchemas(q, parseInput(ReportSchemasListFilterSchema, request.query)));
};
