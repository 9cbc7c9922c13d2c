import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// Prometheus metrics of a server (decision 121): one registry per app, the process's own
// metrics (CPU, memory, event loop, GC) beside the app's, served at `/metrics` to a scraper that
// shows the bearer METRICS_TOKEN, and to nobody without it.

export { Counter, Gauge, Histogram, Registry };

/** `/metrics` without the operators' token. */
export const METRICS_REFUSED_MESSAGE = 'خواندن آمار سرور بدون توکن مجاز نیست.';

/** Seconds; from a cached page (5 ms) to a call near the BFF's gateway deadline (10 s). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A registry holding the process's default metrics, for the app's own to join. */
export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export interface MetricsRouteOptions {
  registry: Registry;
  /** METRICS_TOKEN; without it `/metrics` refuses every caller (no credential can match). */
  token: string | undefined;
  /** The app's own refusal body (the BFF's `{message}`, the gateway's `{detail}`). */
  refusal: unknown;
}

/** `GET /metrics` in the Prometheus text format, for a caller with the token only. */
export function metricsRoute(app: FastifyInstance, { registry, token, refusal }: MetricsRouteOptions): void {
  // Not traced: a scrape every 15 s would be most of the traces.
  app.get('/metrics', { config: { otel: false } }, async (request, reply: FastifyReply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(refusal);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * Times every answered request of `app` by its route pattern (`/api/orders/:id/`, never the
 * address with its ids), method and status; a path no route matched counts as `unmatched`.
 */
export function measureRoutes(app: FastifyInstance, histogram: Histogram<'method' | 'route' | 'status_code'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== '/metrics') {
      histogram.observe({ method: request.method, route: route ?? 'unmatched', status_code: reply.statusCode }, reply.elapsedTime / 1000);
    }
    done();
  });
}
