import type { FastifyInstance } from 'fastify';
import { METRICS_REFUSED_MESSAGE, OVERLOADED_MESSAGE, metricsRoute, sheddingLimits, shedUnderPressure, withDeadline } from '@panel/observability';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db/db-errors';
import type { GatewayDeps } from './deps';
import { measureGatewayRoutes, registry, shed } from './metrics';

// What operators and orchestrators read of the gateway (decision 121): liveness of the process,
// readiness only while its database answers, metrics behind METRICS_TOKEN, the Persian 503 under
// pressure, and every route timed by its pattern. Registered before the modules' routes.

/** A server too busy for the database is still alive; its metrics say why. */
const UNSHED = new Set(['/health/live', '/metrics']);

export async function operationsPlugin(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  const { env, db } = deps;
  await shedUnderPressure(app, {
    ...sheddingLimits(env),
    body: { detail: OVERLOADED_MESSAGE },
    exempt: UNSHED,
    onShed: (reason) => shed.inc({ reason }),
  });
  measureGatewayRoutes(app);
  metricsRoute(app, { registry, token: env.METRICS_TOKEN, refusal: { detail: METRICS_REFUSED_MESSAGE } });

  app.get('/health/live', { config: { otel: false } }, async () => ({ status: 'ok' }));
  // Ready only while the database answers a trivial statement within READY_TIMEOUT_MS: a stopped
  // server, refused connections or a stuck embedded database all read as not ready.
  app.get('/health/ready', { config: { otel: false } }, async (request, reply) => {
    try {
      await withDeadline(() => db.query('SELECT 1'), env.READY_TIMEOUT_MS);
      return { status: 'ready', database: db.driver };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.status(503).send({ detail: DATABASE_UNAVAILABLE_MESSAGE });
    }
  });
}
(operationsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
