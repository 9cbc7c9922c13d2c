import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/**
 * The drivers a test of the seam itself runs on: PGlite in memory, and a fresh schema of the
 * `TEST_DATABASE_URL` server when it is set. `dispose` closes and drops what `open` made.
 */
export function testDatabases(): { name: string; open(): Promise<Db>; dispose(db: Db): Promise<void> }[] {
  const url = process.env.TEST_DATABASE_URL;
  const pglite = { name: 'PGlite', open: () => openPglite(), dispose: (db: Db) => db.close() };
  if (!url) return [pglite];
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  return [
    pglite,
    {
      name: 'PostgreSQL',
      open: () => openPostgres(url, { schema }),
      dispose: async (db: Db) => {
        await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await db.close();
      },
    },
  ];
}
