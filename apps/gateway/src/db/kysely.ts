import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Queryable } from './db';

/**
 * Kysely over the one database seam: every statement it builds runs through `Queryable.execute`,
 * so PGlite and node-postgres stay one code path and the type parsers of `type-parsers.ts` shape
 * every row. A service calls `kyselyOf<ItsTables>(db)`; a change that must be atomic is the
 * seam's own transaction, the one way the gateway writes one (decision 095):
 * `db.transaction(async (tx) => { const q = kyselyOf<ItsTables>(tx); ... })`, so the raw `tx`
 * the kits take (workflow, action log, outbox) and the Kysely view are the same transaction.
 * Row locks are Kysely's `.forUpdate()` / `.forUpdate('alias')` / `.skipLocked()` inside it.
 * Kysely's own `q.transaction()` is refused.
 */

/** One statement-runner per Kysely connection: the seam (or the transaction) it was made for. */
class SeamConnection implements DatabaseConnection {
  constructor(private readonly target: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, rowCount } = await this.target.execute<R>(compiled.sql, [...compiled.parameters]);
    return { rows, numAffectedRows: BigInt(rowCount) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The database seam does not stream; page the query instead.');
  }
}

class SeamDriver implements Driver {
  constructor(private readonly target: Queryable) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SeamConnection(this.target);
  }

  async beginTransaction(): Promise<void> {
    throw new Error('A transaction of the gateway is db.transaction(async (tx) => ...) with kyselyOf(tx) inside (decision 095), not Kysely\'s transaction().');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  // The app owns the database and closes it; a Kysely instance is only a view of it.
  async destroy(): Promise<void> {}
}

function seamDialect(target: Queryable): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SeamDriver(target),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

const instances = new WeakMap<Queryable, Kysely<unknown>>();

/**
 * The Kysely view of a `Db` or of a transaction's `Tx`, typed with the tables the
 * caller declares; one instance per seam, so calling it per request costs a map look-up.
 */
export function kyselyOf<DB>(target: Queryable): Kysely<DB> {
  let instance = instances.get(target);
  if (!instance) {
    instance = new Kysely<unknown>({ dialect: seamDialect(target) });
    instances.set(target, instance);
  }
  return instance as Kysely<DB>;
}
