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
  type TransactionSettings,
} from 'kysely';
import type { Db, Queryable, Tx } from './db';

/**
 * Kysely over the one database seam: every statement it builds runs through `Queryable.execute`
 * and every transaction through `Db.transaction`, so PGlite and node-postgres stay one code
 * path (PGlite's transactions still queue behind its single connection) and the type parsers
 * of `type-parsers.ts` shape every row. A service calls `kyselyOf<ItsTables>(db)` and, for a
 * change that must be atomic, `q.transaction().execute(async (trx) => ...)`; row locks are
 * Kysely's `.forUpdate()` / `.forUpdate('alias')` / `.skipLocked()` inside that callback.
 */

/** Thrown inside the seam's transaction callback so the seam rolls back; no caller sees it. */
class Rollback extends Error {
  constructor() {
    super('rolled back');
  }
}

/** One statement-runner per Kysely connection; after `begin` it runs on the transaction's `Tx`. */
class SeamConnection implements DatabaseConnection {
  #tx: Tx | undefined;
  #finish: ((commit: boolean) => Promise<void>) | undefined;

  constructor(private readonly target: Queryable | Db) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, rowCount } = await (this.#tx ?? this.target).execute<R>(compiled.sql, [...compiled.parameters]);
    return { rows, numAffectedRows: BigInt(rowCount) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The database seam does not stream; page the query instead.');
  }

  /**
   * Opens `Db.transaction` and keeps its callback waiting until Kysely commits or rolls back,
   * so Kysely's begin/commit/rollback calls map onto the seam's one callback-shaped transaction.
   */
  async begin(): Promise<void> {
    if (!('transaction' in this.target)) throw new Error('Already inside a transaction of the database seam.');
    let started!: () => void;
    let failedToStart!: (error: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failedToStart = reject;
    });
    let settle!: (commit: boolean) => void;
    const outcome = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const done = this.target.transaction(async (tx) => {
      this.#tx = tx;
      started();
      if (!(await outcome)) throw new Rollback();
    });
    // A transaction that cannot open (no connection, BEGIN refused) fails the begin itself.
    done.catch(failedToStart);
    await ready;
    this.#finish = async (commit) => {
      this.#finish = undefined;
      settle(commit);
      try {
        await done;
      } finally {
        this.#tx = undefined;
      }
    };
  }

  async commit(): Promise<void> {
    await this.#finish?.(true);
  }

  /** The error that made Kysely roll back is the one the caller sees; the rollback's own is not. */
  async rollback(): Promise<void> {
    await this.#finish?.(false).catch(() => undefined);
  }
}

class SeamDriver implements Driver {
  constructor(private readonly target: Queryable | Db) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SeamConnection(this.target);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel || settings.accessMode) {
      throw new Error('The database seam opens READ COMMITTED read-write transactions only; lock rows with FOR UPDATE instead.');
    }
    await (connection as SeamConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SeamConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SeamConnection).rollback();
  }

  async releaseConnection(): Promise<void> {}

  // The app owns the database and closes it; a Kysely instance is only a view of it.
  async destroy(): Promise<void> {}
}

function seamDialect(target: Queryable | Db): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SeamDriver(target),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

const instances = new WeakMap<Queryable, Kysely<unknown>>();

/**
 * The Kysely view of a `Db` (or of a raw `Tx` that older code holds), typed with the tables the
 * caller declares; one instance per seam, so calling it per request costs a map look-up.
 */
export function kyselyOf<DB>(target: Queryable | Db): Kysely<DB> {
  let instance = instances.get(target);
  if (!instance) {
    instance = new Kysely<unknown>({ dialect: seamDialect(target) });
    instances.set(target, instance);
  }
  return instance as Kysely<DB>;
}
