import { statfs } from 'node:fs/promises';

// Issue 28: with the embedded database's disk full, most writes were refused at once but some
// calls waited past the BFF's 10 s deadline. PGlite runs PostgreSQL inside this process: the
// paths that meet the full disk inside it (a failed write, a checkpoint, a WAL segment switch)
// run on the event loop, and a failed checkpoint was seen to leave it stuck for good (every
// later statement, reads too, never answered). So writes are refused before they reach PGlite
// while its folder has less room than a WAL segment and a checkpoint need: as fast as any
// answer, with the same Persian disk-full message, and reads go on. Once there is room again,
// writes go through again.

/** A WAL segment is 16 MB; a checkpoint writes a few small files besides. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;
const PROBE_EVERY_MS = 1000;

/** What the folder's file system has free, in bytes. */
export type FreeSpaceProbe = () => Promise<number>;

export const freeSpaceOf =
  (dir: string): FreeSpaceProbe =>
  async () => {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  };

/** The error a refused write throws: `isDiskFull` knows it, so it answers as a full disk does. */
export class DiskFullRefusal extends Error {
  readonly code = 'ENOSPC';
  constructor() {
    super('write refused: the database folder is out of space');
  }
}

const WRITES = /^\s*(INSERT|UPDATE|DELETE|MERGE|COPY|CREATE|ALTER|DROP|TRUNCATE|VACUUM|ANALYZE|CLUSTER|REINDEX|CHECKPOINT)\b/i;
const WRITING_CTE = /^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b/i;

/** Whether a statement writes to the database's files (a SELECT's row locks do not extend them). */
export const writes = (sql: string) => WRITES.test(sql) || WRITING_CTE.test(sql);

export interface DiskGuard {
  /** Throws `DiskFullRefusal` for a write while the folder is short of room. */
  check(sql: string): void;
  /** The database itself answered "disk full": refuse writes until the probe finds room. */
  sawDiskFull(): void;
  readonly full: boolean;
  /** Probes now (the first answer, and tests). */
  probe(): Promise<void>;
  stop(): void;
}

export function createDiskGuard(freeSpace: FreeSpaceProbe, options: { minFreeBytes?: number; everyMs?: number } = {}): DiskGuard {
  const minFree = options.minFreeBytes ?? MIN_FREE_BYTES;
  let full = false;
  const probe = async () => {
    try {
      full = (await freeSpace()) < minFree;
    } catch {
      // A probe that cannot answer changes nothing: the database's own errors still tell.
    }
  };
  const timer = setInterval(() => void probe(), options.everyMs ?? PROBE_EVERY_MS);
  timer.unref();
  return {
    check(sql) {
      if (full && writes(sql)) throw new DiskFullRefusal();
    },
    sawDiskFull() {
      full = true;
    },
    get full() {
      return full;
    },
    probe,
    stop: () => clearInterval(timer),
  };
}
