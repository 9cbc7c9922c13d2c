import type { FastifyInstance } from 'fastify';
import { metricsRoute, sheddingLimits, shedUnderPressure } from '@panel/observability';
import type { BffEnv } from './env';
import { GATEWAY_UNAVAILABLE_MESSAGE, METRICS_REFUSED_MESSAGE, OVERLOADED_MESSAGE } from './messages';
import { registry, shed } from './metrics';

// What operators and orchestrators read of the BFF (decision 121): liveness of the process,
// readiness while the gateway is ready, metrics behind METRICS_TOKEN, and the Persian 503 when
// the process is under pressure. Registered before the API, so shedding covers every route.

/** Answered even under pressure: a busy BFF is alive, and its metrics say why it is busy. */
const UNSHED = new Set(['/health/live', '/healthz', '/metrics']);

export async function operationsPlugin(app: FastifyInstance, { env }: { env: BffEnv }): Promise<void> {
  await shedUnderPressure(app, {
    ...sheddingLimits(env),
    body: { message: OVERLOADED_MESSAGE },
    exempt: UNSHED,
    onShed: (reason) => shed.inc({ reason }),
  });
  metricsRoute(app, { registry, token: env.METRICS_TOKEN, refusal: { message: METRICS_REFUSED_MESSAGE } });

  const live = async () => ({ status: 'ok' });
  app.get('/health/live', { config: { otel: false } }, live);
  // The first health path, kept for what already uses it: it says the process answers.
  app.get('/healthz', { config: { otel: false } }, live);

  const gatewayReady = new URL(env.GATEWAY_READY_PATH, env.GATEWAY_URL).toString();
  app.get('/health/ready', { config: { otel: false } }, async (_request, reply) => {
    try {
      const response = await fetch(gatewayReady, { signal: AbortSignal.timeout(env.READY_TIMEOUT_MS) });
      await response.arrayBuffer();
      if (response.ok) return { status: 'ready' };
    } catch {
      // Unreachable or past the deadline: not ready, like a refusal.
    }
    return reply.status(503).send({ message: GATEWAY_UNAVAILABLE_MESSAGE });
  });
}
(operationsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
