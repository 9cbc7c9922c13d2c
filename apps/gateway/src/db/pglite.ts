import { PGlite, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Tx } from './db';
import { isDiskFull } from './db-errors';
import { createDiskGuard, freeSpaceOf, type DiskGuard } from './disk-guard';
import { SCALAR_PARSERS } from './type-parsers';
import { watchPool } from '../metrics';

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests); `from` starts it
 * from a data directory dumped by `dump()` (the tests' migrated template). On a folder, writes
 * are refused at once while its disk is short of room (`disk-guard.ts`); tests give their own
 * `diskGuard`.
 */
export async function openPglite(dataDir?: string, from?: Blob, options: { diskGuard?: DiskGuard } = {}): Promise<Db & { dump(): Promise<Blob> }> {
  // pg_trgm: the lists' substring searches (ILIKE '%…%') use its GIN indexes (migration 0011).
  // btree_gist: exclusion constraints over plain columns (pricing rates, migration 1600).
  const pg = new PGlite({ dataDir, parsers: SCALAR_PARSERS, extensions: { pg_trgm, btree_gist }, ...(from ? { loadDataDir: from } : {}) });
  await pg.waitReady;
  // PGlite runs one statement at a time; transactions must not interleave with other work.
  let queue: Promise<unknown> = Promise.resolve();
  /** Statements running or waiting in the queue (the pool gauge's, decision 121). */
  let queued = 0;
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    queued += 1;
    const next = queue.then(work, work).finally(() => {
      queued -= 1;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const stats = () => ({ total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) });
  const unwatch = watchPool({ driver: 'pglite', stats });
  const answer = (result: Results) => ({ rows: result.rows as never[], rowCount: result.affectedRows ?? 0 });
  const guard = options.diskGuard ?? (dataDir ? createDiskGuard(freeSpaceOf(dataDir)) : undefined);
  await guard?.probe();
  /** Refused before the queue when the disk is short; a "disk full" from PGlite refuses the next ones too. */
  const run = async <T>(sql: string, work: () => Promise<T>): Promise<T> => {
    guard?.check(sql);
    try {
      return await work();
    } catch (error) {
      if (isDiskFull(error)) guard?.sawDiskFull();
      throw error;
    }
  };
  return {
    driver: 'pglite',
    stats,
    query: (sql, params) => run(sql, () => serial(async () => (await pg.query(sql, params)).rows as never)),
    execute: (sql, params) => run(sql, () => serial(async () => answer(await pg.query(sql, params)))),
    transaction: (fn) =>
      serial(() =>
        pg.transaction(async (tx) => {
          const scoped: Tx = {
            query: (sql, params) => run(sql, async () => (await tx.query(sql, params)).rows as never),
            execute: (sql, params) => run(sql, async () => answer(await tx.query(sql, params))),
          };
          return fn(scoped);
        }),
      ).catch((error: unknown) => {
        if (isDiskFull(error)) guard?.sawDiskFull();
        throw error;
      }),
    // In-process: its LISTEN cannot be dropped, so there is never a state to report.
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => unlisten();
    },
    notify: (channel, payload) =>
      serial(async () => {
        await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
      }),
    close: () => {
      unwatch();
      guard?.stop();
      return pg.close();
    },
    dump: () => serial(() => pg.dumpDataDir('none')),
  };
}

/**
 * What autovacuum does on a PostgreSQL server, for PGlite, which has no background workers: it
 * never analyzes a table (the planner then guesses at every filter's rows) nor marks pages
 * all-visible (so no count is read from an index alone). `VACUUM (ANALYZE)` every `intervalMs`
 * keeps both; it goes through the same one-statement-at-a-time queue as every query. Returns the
 * stop. (decision 091)
 */
export function keepPgliteTidy(db: Db, intervalMs: number, onDone: (ms: number) => void, onError: (error: unknown) => void): () => void {
  const tidy = () => {
    const start = performance.now();
    db.query('VACUUM (ANALYZE)').then(() => onDone(Math.round(performance.now() - start)), onError);
  };
  tidy();
  const timer = setInterval(tidy, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
