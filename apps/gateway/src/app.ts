import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import type { GatewayDeps } from './deps';
import { databaseFailure } from './db/db-errors';
import { HttpError } from './errors';
import { modules } from './modules';
import { traceLogFields, traceRequests } from '@panel/observability';
import { dbUnavailable } from './metrics';
import { operationsPlugin } from './operations';

const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'متن درخواست خوانا نیست.',
  404: 'یافت نشد.',
  405: 'این روش درخواست پشتیبانی نمی‌شود.',
  413: 'حجم درخواست بیش از حد مجاز است.',
  415: 'نوع محتوای درخواست پشتیبانی نمی‌شود.',
};

/**
 * Builds the reference gateway: the upstream API the panel speaks, in the upstream's own
 * shapes. `server.ts` only listens; tests build this and call `inject` or a real port.
 */
export async function buildGateway(deps: GatewayDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  // With tracing on, each log line carries its trace id (decision 121).
  const mixin = traceLogFields();
  const app = Fastify({ logger: { level: deps.env.LOG_LEVEL, ...(mixin ? { mixin } : {}) }, ...options });

  deps.db.log = app.log;
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    const database = databaseFailure(error);
    if (database) {
      // Loud: a full disk needs an operator; a lost database is also logged by the driver once.
      dbUnavailable.inc({ kind: database.kind });
      if (database.kind === 'disk-full') request.log.error({ err: error }, 'database cannot write: disk full');
      else request.log.warn({ err: error }, 'database unavailable');
      return reply.status(database.http.statusCode).send(database.http.body);
    }
    const validation = (error as { validation?: unknown }).validation;
    if (validation) return reply.status(400).send({ detail: 'ورودی نامعتبر است' });
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own refusals (body too large, unsupported media, bad JSON) in Persian.
    if (status && status >= 400 && status < 500) return reply.status(status).send({ detail: FRAMEWORK_MESSAGES[status] ?? 'درخواست نامعتبر است.' });
    request.log.error({ err: error }, 'unhandled gateway error');
    return reply.status(500).send({ detail: 'ظاهرا مشکلی پیش آمده است - کد خطا: 500' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'یافت نشد' }));

  // First, so the routes and hooks after it are in the request's trace (the caller's, from its traceparent).
  await traceRequests(app);
  await app.register(operationsPlugin, deps);
  await app.register(websocket);
  app.get('/health', async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok', database: deps.db.driver };
  });

  for (const module of modules) await app.register(module.routes, deps);
  return app;
}
