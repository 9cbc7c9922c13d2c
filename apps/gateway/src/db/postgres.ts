import pg from 'pg';
import type { Db, DbLog, ListenState, Tx } from './db';
import { isConnectionError } from './db-errors';
import { pgTypes } from './type-parsers';
import { dbConnectionErrors, dbConnectionsOpened, dbListenRestored, watchPool } from '../metrics';

const LISTEN_RETRY_BASE_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * A PostgreSQL server. `schema` isolates a test run inside a shared database; `label` names the
 * connections (default: the schema), e.g. a test's own database.
 *
 * Servers drop connections in ordinary operation (restarts, failover, idle timeouts, poolers,
 * `pg_terminate_backend`): a dropped pooled connection is logged and replaced on the next
 * query, a request that was using it fails with the 503 of `db-errors.ts`, and the LISTEN
 * connection of the live stream is re-established with backoff, its listeners told when it was
 * lost (changes may have been missed) and when it is back.
 */
export async function openPostgres(url: string, options: { schema?: string; label?: string } = {}): Promise<Db> {
  // No parallel workers: the gateway's queries are a page and a count, done in milliseconds, and
  // starting workers for them cost more than it saved (a deal search: 12 ms of work, 60-370 ms
  // with two workers on a busy machine; decision 091).
  const settings = ['-c max_parallel_workers_per_gather=0', ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' ');
  // Named so operators (and the fault tests) can tell this gateway's connections apart.
  const label = options.label ?? options.schema;
  const name = label ? `panel-gateway ${label}` : 'panel-gateway';
  const config: pg.PoolConfig = { connectionString: url, max: 10, application_name: name, types: pgTypes, options: settings };
  if (options.schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await admin.end();
  }
  const pool = new pg.Pool(config);
  let closed = false;
  const db: Db & { log?: DbLog } = {} as never;
  // An idle pooled connection that dies emits here; without a listener the process would crash.
  pool.on('error', (error) => {
    dbConnectionErrors.inc({ connection: 'pool-idle' });
    db.log?.warn({ err: error }, 'database connection lost (idle); replaced on next use');
  });
  // A connection can also report its end after it was handed back (the server's FATAL notice
  // arrives after the socket error): every connection keeps a listener for its whole life, so
  // no late 'error' event is ever unhandled. The query in flight, if any, fails on its own.
  pool.on('connect', (client) => {
    dbConnectionsOpened.inc();
    client.on('error', () => undefined);
  });

  const handlers = new Map<string, Set<{ onPayload: (payload: string) => void; onState?: (state: ListenState) => void }>>();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  let lostAt: number | undefined;

  const tellState = (state: ListenState) => {
    for (const set of handlers.values()) for (const handler of set) handler.onState?.(state);
  };

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ ...config, application_name: `${name} listen` });
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler.onPayload(msg.payload ?? '');
    });
    client.on('error', (error) => onListenerLost(client, error));
    client.on('end', () => onListenerLost(client, new Error('the LISTEN connection ended')));
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN "${channel}"`);
    return client;
  }

  function onListenerLost(client: pg.Client, error: unknown): void {
    if (client !== listener || closed) return;
    listener = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    lostAt ??= Date.now();
    dbConnectionErrors.inc({ connection: 'listen' });
    db.log?.error({ err: error }, 'live stream LISTEN connection lost; reconnecting');
    tellState('lost');
    scheduleListener();
  }

  function scheduleListener(): void {
    if (closed || retry) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_BASE_MS * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      ensureListener().then(
        () => {
          const downMs = lostAt === undefined ? 0 : Date.now() - lostAt;
          lostAt = undefined;
          attempt = 0;
          dbListenRestored.inc();
          db.log?.warn({ downMs }, `live stream LISTEN connection back after ${(downMs / 1000).toFixed(1)} s`);
          tellState('restored');
        },
        () => scheduleListener(),
      );
    }, delay);
    retry.unref();
  }

  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= connectListener().then(
      (client) => {
        connecting = undefined;
        if (closed) {
          void client.end().catch(() => undefined);
          throw new Error('database closed');
        }
        listener = client;
        return client;
      },
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    );
    return connecting;
  }

  const answer = (result: pg.QueryResult) => ({ rows: result.rows as never[], rowCount: result.rowCount ?? 0 });
  /** A statement on any pooled connection; one that fails for its connection is counted. */
  const pooled = async (sql: string, params?: unknown[]) => {
    try {
      return await pool.query(sql, params);
    } catch (error) {
      if (isConnectionError(error)) dbConnectionErrors.inc({ connection: 'in-use' });
      throw error;
    }
  };
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  const unwatch = watchPool({ driver: 'postgres', stats });

  Object.assign(db, {
    driver: 'postgres' as const,
    stats,
    query: async (sql: string, params?: unknown[]) => (await pooled(sql, params)).rows as never,
    execute: async (sql: string, params?: unknown[]) => answer(await pooled(sql, params)),
    transaction: async <T>(fn: (tx: Tx) => Promise<T>) => {
      const client = await pool.connect();
      // A checked-out connection that dies emits 'error' on itself; the query in flight fails.
      let broken: unknown;
      const onError = (error: unknown) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const tx: Tx = {
          query: async (sql, params) => (await client.query(sql, params)).rows as never,
          execute: async (sql, params) => answer(await client.query(sql, params)),
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (isConnectionError(error)) broken ??= error;
        if (broken) dbConnectionErrors.inc({ connection: 'in-use' });
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection goes back destroyed, never to the next request.
        client.release(broken instanceof Error ? broken : broken ? new Error(String(broken)) : undefined);
      }
    },
    listen: async (channel: string, onPayload: (payload: string) => void, onState?: (state: ListenState) => void) => {
      let set = handlers.get(channel);
      const fresh = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      const handler = { onPayload, onState };
      set.add(handler);
      if (fresh) {
        const client = await ensureListener();
        // A client made after this channel was added has already run its LISTEN.
        await client.query(`LISTEN "${channel}"`);
      } else {
        await ensureListener();
      }
      return async () => {
        set.delete(handler);
      };
    },
    notify: async (channel: string, payload: string) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closed = true;
      unwatch();
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      client?.removeAllListeners('end');
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  });
  return db;
}
