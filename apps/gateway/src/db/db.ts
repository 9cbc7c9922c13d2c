/**
 * The one database seam of the gateway. Two drivers share it: PGlite (embedded PostgreSQL,
 * the default) and node-postgres for a PostgreSQL server. Services only see `Db` and `Tx`.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** `query` plus how many rows the statement changed (an UPDATE without RETURNING has no rows). */
  execute<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export type Tx = Queryable;

/** The LISTEN connection was lost (changes may be missed until it is back) or restored. */
export type ListenState = 'lost' | 'restored';

/** Where the database layer reports what operators must see (the app's logger, set at build). */
export interface DbLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Connections of the database layer now (decision 121's pool gauge). */
export interface PoolStats {
  /** Open connections (PGlite: its one). */
  total: number;
  /** Open and idle. */
  idle: number;
  /** Requests waiting for a connection (PGlite: statements queued behind the running one). */
  waiting: number;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; the returned function unlistens. `onState` hears when the connection
   * behind it is lost (notifications may be missed) and when it is listening again.
   */
  listen(channel: string, onPayload: (payload: string) => void, onState?: (state: ListenState) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  readonly driver: 'pglite' | 'postgres';
  /** The connections now, for the metrics. */
  stats?(): PoolStats;
  /** Set by the app once it has a logger. */
  log?: DbLog;
}
