import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { TEST_DRIVERS, type TestDriver } from '../test-drivers';

/**
 * The drivers a test of the seam itself runs on (`TEST_DRIVERS`): PGlite in memory, and a fresh
 * schema of the `TEST_DATABASE_URL` server when it is set. `dispose` closes and drops what `open` made.
 */
export function testDatabases(): (TestDriver & { open(): Promise<Db>; dispose(db: Db): Promise<void> })[] {
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  return TEST_DRIVERS.map((driver) =>
    driver.usePostgres
      ? {
          ...driver,
          open: () => openPostgres(process.env.TEST_DATABASE_URL!, { schema }),
          dispose: async (db: Db) => {
            await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
            await db.close();
          },
        }
      : { ...driver, open: () => openPglite(), dispose: (db: Db) => db.close() },
  );
}
