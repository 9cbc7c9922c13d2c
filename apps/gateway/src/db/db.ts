/**
 * The one database seam of the gateway. Two drivers share it: PGlite (embedded PostgreSQL,
 * the default) and node-postgres for a PostgreSQL server. Services only see `Db` and `Tx`.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export type Tx = Queryable;

export interface Db extends Queryable {
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; the returned function unlistens. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  readonly driver: 'pglite' | 'postgres';
}
