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
    dump: () =>
      serial(async () => {
        // A checkpoint first, so a database started from the dump replays no WAL, and only the
        // segment holding the checkpoint is kept: the others are spent or recycled ahead (five
        // of the demo's six, 100 of its 172 MB), and every test's start untars the whole file.
        await pg.query('CHECKPOINT');
        const { rows } = await pg.query<{ redo_wal_file: string }>('SELECT redo_wal_file FROM pg_control_checkpoint()');
        const keep = rows[0]!.redo_wal_file;
        const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
        return new Blob([withoutEntries(tar, (name) => /\/pg_wal\/[0-9A-F]{24}$/.test(name) && !name.endsWith(`/${keep}`))]);
      }),
  };
}

/** The entries of a tar (ustar, 512-byte blocks): each one's name, type flag and its blocks' span. */
export function* tarEntries(tar: Uint8Array): Generator<{ name: string; type: string; start: number; end: number }> {
  const text = (from: number, length: number) => {
    const bytes = tar.subarray(from, from + length);
    const end = bytes.indexOf(0);
    return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
  };
  for (let offset = 0; offset + 512 <= tar.length; ) {
    if (tar.subarray(offset, offset + 512).every((byte) => byte === 0)) return;
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const prefix = text(offset + 345, 155);
    yield { name: prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100), type: String.fromCharCode(tar[offset + 156]!), start: offset, end };
    offset = end;
  }
}

/**
 * A tar without the entries whose name `drop` picks. A pax or GNU long-name header goes with the
 * entry it precedes.
 */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  for (const { name, type, start, end } of tarEntries(tar)) {
    const block = tar.subarray(start, end);
    if (type === 'x' || type === 'L') {
      pending.push(block);
      continue;
    }
    if (!drop(name)) kept.push(...pending, block);
    pending = [];
  }
  kept.push(new Uint8Array(1024));
  const out = new Uint8Array(kept.reduce((sum, block) => sum + block.length, 0));
  let at = 0;
  for (const block of kept) {
    out.set(block, at);
    at += block.length;
  }
  return out;
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
