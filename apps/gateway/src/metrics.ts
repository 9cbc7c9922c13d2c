import { Counter, DURATION_BUCKETS, Gauge, Histogram, createRegistry, measureRoutes } from '@panel/observability';
import type { FastifyInstance } from 'fastify';
import type { PoolStats } from './db/db';

// The gateway's Prometheus metrics (decision 121), served at `/metrics` with METRICS_TOKEN: its
// routes by pattern, its database's connections, and the healing of dropped ones.

export const registry = createRegistry();

const routeDuration = new Histogram({
  name: 'panel_gateway_http_request_duration_seconds',
  help: 'Gateway requests by method, route pattern (never the address with its ids) and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

/** Times every request of the gateway by its route pattern. */
export const measureGatewayRoutes = (app: FastifyInstance) => measureRoutes(app, routeDuration);

/**
 * A database connection failed: an idle pooled one dropped, one under a statement dropped or
 * refused, or the live stream's LISTEN one lost. Each is replaced on the next use (healing:
 * `panel_gateway_db_connections_opened_total`, `panel_gateway_db_listen_restored_total`).
 */
export const dbConnectionErrors = new Counter({
  name: 'panel_gateway_db_connection_errors_total',
  help: 'Database connections dropped or refused, by connection (pool-idle, in-use, listen)',
  labelNames: ['connection'] as const,
  registers: [registry],
});

/** A pooled connection opened: at boot, and each time a dropped one is replaced. */
export const dbConnectionsOpened = new Counter({
  name: 'panel_gateway_db_connections_opened_total',
  help: 'Pooled database connections opened (at first use, and to replace dropped ones)',
  registers: [registry],
});

/** The live stream's LISTEN connection is back after a loss. */
export const dbListenRestored = new Counter({
  name: 'panel_gateway_db_listen_restored_total',
  help: 'Times the live stream LISTEN connection was re-established after a loss',
  registers: [registry],
});

/** Requests answered 503 because the database could not be reached (or could not write). */
export const dbUnavailable = new Counter({
  name: 'panel_gateway_db_unavailable_total',
  help: 'Requests answered 503 for the database, by kind (unavailable, disk-full)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const shed = new Counter({
  name: 'panel_gateway_shed_total',
  help: 'Requests shed with a 503 under pressure, by reason (eventLoopDelay, eventLoopUtilization, heapUsedBytes, rssBytes)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** The open databases of this process (one in production; tests open many). */
const pools = new Set<{ driver: string; stats(): PoolStats }>();

/** Counts `db`'s connections in the pool gauge while it is open; returns the removal. */
export function watchPool(db: { driver: string; stats(): PoolStats }): () => void {
  pools.add(db);
  return () => pools.delete(db);
}

new Gauge({
  name: 'panel_gateway_db_pool_connections',
  help: 'Database connections now, by driver and state (total, idle, waiting: requests waiting for one)',
  labelNames: ['driver', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const db of pools) {
      const stats = db.stats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.inc({ driver: db.driver, state }, stats[state]);
    }
  },
});
