import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sampleValue, stallTheLoop } from '@panel/observability/testing';
import { METRICS_REFUSED_MESSAGE, OVERLOADED_MESSAGE } from '@panel/observability';
import { startTestGateway } from './testing';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db/db-errors';

// Issue 35: the gateway is ready only while its database answers, alive while the process is,
// and counts its routes by pattern behind METRICS_TOKEN. On PGlite the database is made to stop
// answering (its one connection held by a transaction that does not end); on PostgreSQL it is
// stopped for this gateway (connections refused, its backends terminated), then let back in.

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const READY = { READY_TIMEOUT_MS: '300', METRICS_TOKEN };
type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

const get = (gateway: Gateway, url: string, headers: Record<string, string> = {}) => gateway.app.inject({ method: 'GET', url, headers });
const metrics = async (gateway: Gateway) => (await get(gateway, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body;

/** Asks for readiness until it answers `status` (bounded: the point is that it changes by itself). */
async function readiness(gateway: Gateway, status: number, withinMs = 15_000) {
  const started = Date.now();
  for (;;) {
    const response = await get(gateway, '/health/ready');
    if (response.statusCode === status) return response;
    if (Date.now() - started > withinMs) throw new Error(`readiness did not answer ${status} within ${withinMs} ms (last: ${response.statusCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the gateway on PGlite for its operators', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startTestGateway(READY, { seed: 'none' });
  });
  afterAll(() => gateway?.close());

  it('is not ready while its database does not answer, alive all along, and ready again after', async () => {
    expect((await get(gateway, '/health/ready')).json()).toEqual({ status: 'ready', database: 'pglite' });
    let release!: () => void;
    const held = gateway.deps.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const notReady = await readiness(gateway, 503);
      expect(notReady.json()).toEqual({ detail: DATABASE_UNAVAILABLE_MESSAGE });
      expect((await get(gateway, '/health/live')).statusCode).toBe(200);
      expect(await metrics(gateway)).toMatch(/panel_gateway_db_pool_connections\{driver="pglite",state="waiting"\} [1-9]/);
    } finally {
      release();
      await held;
    }
    await readiness(gateway, 200);
  });

  it('counts requests by route pattern, never by address, and guards /metrics', async () => {
    expect((await get(gateway, '/metrics')).statusCode).toBe(401);
    expect((await get(gateway, '/metrics', { authorization: 'Bearer wrong-token-0123456789' })).json()).toEqual({ detail: METRICS_REFUSED_MESSAGE });
    const series = { method: 'GET', route: '/api/users/:id/', status_code: 401 };
    const before = sampleValue(await metrics(gateway), 'panel_gateway_http_request_duration_seconds_count', series);
    await get(gateway, '/api/users/12345/');
    const after = await metrics(gateway);
    expect(sampleValue(after, 'panel_gateway_http_request_duration_seconds_count', series)).toBe(before + 1);
    expect(after).not.toContain('12345');
    expect(sampleValue(after, 'panel_gateway_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: 404 })).toBe(0);
    await get(gateway, '/no/such/path/7');
    expect(sampleValue(await metrics(gateway), 'panel_gateway_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: 404 })).toBeGreaterThan(0);
  });
});

describe('the gateway under a stalled event loop', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ SHED_MAX_EVENT_LOOP_DELAY_MS: '30', SHED_SAMPLE_INTERVAL_MS: '50', METRICS_TOKEN }, { listen: true, seed: 'none' });
  });
  afterAll(() => gateway?.close());

  /** Asks `path` over the network until it answers `status`; every call must answer. */
  async function until(path: string, status: number): Promise<Response> {
    for (let i = 0; i < 200; i++) {
      const response = await fetch(`${gateway.url}${path}`, { signal: AbortSignal.timeout(10_000) });
      if (response.status === status) return response;
      await response.arrayBuffer();
    }
    throw new Error(`${path} never answered ${status}`);
  }

  it('answers its Persian 503 at once, stays alive, and serves again after', async () => {
    await until('/health/ready', 200);
    const stop = stallTheLoop();
    try {
      const shed = await until('/health/ready', 503);
      expect(shed.headers.get('retry-after')).toBe('5');
      expect(await shed.json()).toEqual({ detail: OVERLOADED_MESSAGE });
      expect((await fetch(`${gateway.url}/health/live`)).status).toBe(200);
      expect(sampleValue(await metrics(gateway), 'panel_gateway_shed_total', { reason: 'eventLoopDelay' })).toBeGreaterThan(0);
    } finally {
      stop();
    }
    await until('/health/ready', 200);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the gateway on PostgreSQL when its database stops', () => {
  let gateway: Gateway;
  let admin: pg.Client;
  let database: string;
  beforeAll(async () => {
    gateway = await startTestGateway(READY, { usePostgres: true, seed: 'none' });
    database = (await gateway.deps.db.query<{ d: string }>('SELECT current_database() AS d'))[0]!.d;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await gateway?.close();
  });

  it('reports not ready within seconds, heals its connections, and is ready again after', async () => {
    await readiness(gateway, 200);
    const errors = (text: string) => ['pool-idle', 'in-use'].reduce((sum, connection) => sum + sampleValue(text, 'panel_gateway_db_connection_errors_total', { connection }), 0);
    const errorsBefore = errors(await metrics(gateway));
    const openedBefore = sampleValue(await metrics(gateway), 'panel_gateway_db_connections_opened_total');
    await admin.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    const notReady = await readiness(gateway, 503, 10_000);
    expect(notReady.json()).toEqual({ detail: DATABASE_UNAVAILABLE_MESSAGE });
    expect((await get(gateway, '/health/live')).statusCode).toBe(200);
    expect(errors(await metrics(gateway))).toBeGreaterThan(errorsBefore);

    await admin.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS true`);
    expect((await readiness(gateway, 200, 20_000)).json()).toEqual({ status: 'ready', database: 'postgres' });
    // Healed: the dropped connections were replaced by new ones.
    expect(sampleValue(await metrics(gateway), 'panel_gateway_db_connections_opened_total')).toBeGreaterThan(openedBefore);
  });
});
