import pg from 'pg';
import type { Db, Tx } from './db';

/** A PostgreSQL server. `schema` isolates a test run inside a shared database. */
export async function openPostgres(url: string, options: { schema?: string } = {}): Promise<Db> {
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  const config: pg.PoolConfig = { connectionString: url, max: 10 };
  if (searchPath) config.options = searchPath;
  if (options.schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await admin.end();
  }
  const pool = new pg.Pool(config);
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client(config);
    await client.connect();
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    listener = client;
    return client;
  }

  return {
    driver: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params)).rows as never,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Tx = { query: async (sql, params) => (await client.query(sql, params)).rows as never };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await listener?.end();
      await pool.end();
    },
  };
}
