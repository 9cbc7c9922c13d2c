import { mkdir } from 'node:fs/promises';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** A PostgreSQL server when `databaseUrl` is set, otherwise PGlite in `dataDir` (memory if absent). */
export async function openDb(options: { databaseUrl?: string; dataDir?: string; schema?: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { schema: options.schema });
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  return openPglite(options.dataDir);
}
