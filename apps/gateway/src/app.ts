import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import type { GatewayDeps } from './deps';
import { HttpError } from './errors';
import { modules } from './modules';

/**
 * Builds the reference gateway: the upstream API the panel speaks, in the upstream's own
 * shapes. `server.ts` only listens; tests build this and call `inject` or a real port.
 */
export async function buildGateway(deps: GatewayDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: deps.env.LOG_LEVEL }, ...options });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    const validation = (error as { validation?: unknown }).validation;
    if (validation) return reply.status(400).send({ detail: 'ورودی نامعتبر است.' });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ detail: (error as Error).message });
    request.log.error({ err: error }, 'unhandled gateway error');
    return reply.status(500).send('Internal Server Error');
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'یافت نشد.' }));

  await app.register(websocket);
  app.get('/health', async () => {
    await deps.db.query('SELECT 1');
    return { status: 'ok', database: deps.db.driver };
  });

  for (const module of modules) await app.register(module.routes, deps);
  return app;
}
