import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './db/db';
import type { DiskGuard } from './db/disk-guard';
import { listMigrations, migrate } from './db/migrate';
import { parseGatewayEnv, type GatewayEnv } from './env';
import { prepareGateway, type StartedGateway } from './start';

/**
 * A real gateway for tests: PGlite in memory by default, or a fresh schema in the PostgreSQL
 * server of `TEST_DATABASE_URL`. `listen: true` gives it a real port (for the BFF and websockets).
 */
export async function startTestGateway(
  overrides: Partial<Record<keyof GatewayEnv, string>> = {},
  options: { listen?: boolean; usePostgres?: boolean; diskGuard?: DiskGuard } = {},
): Promise<StartedGateway & { url: string; wsUrl: string }> {
  const databaseUrl = options.usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  const env = parseGatewayEnv({
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_EXPERTS: '40',
    CONCIERGE_OFFER_TRICKLE_SECONDS: '0',
    GATEWAY_PORT: '0',
    // Each test's database is fresh; a vacuum at boot would only slow every test down.
    PGLITE_UPKEEP_SECONDS: '0',
    // The demo's trickle of experts' answers is off in tests unless a test turns it on.
    OFFER_DEMO_ANSWERS_SECONDS: '0',
    ...overrides,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const schema = databaseUrl ? `test_${randomUUID().replaceAll('-', '')}` : undefined;
  const gateway = await prepareGateway(env, databaseUrl ? { schema } : { db: await migratedPglite(options.diskGuard) });
  let url = 'http://gateway.invalid';
  if (options.listen) {
    url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  }
  return {
    ...gateway,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    close: async () => {
      await gateway.close();
      if (schema && databaseUrl) {
        const { openPostgres } = await import('./db/postgres');
        const admin = await openPostgres(databaseUrl);
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.close();
      }
    },
  };
}

/**
 * A PGlite with every migration applied. Migrating takes about 3 s a database; the first test of
 * a run migrates one and keeps its dumped data directory in the temp folder, named by the
 * migrations' text, and every later test (in any worker) starts from it. A changed migration
 * changes the name, so a stale template is never used.
 */
async function migratedPglite(diskGuard?: DiskGuard): Promise<Db> {
  const { openPglite } = await import('./db/pglite');
  const hash = createHash('sha256');
  for (const migration of await listMigrations()) hash.update(migration.name).update(await readFile(migration.path));
  const template = join(tmpdir(), `panel-gateway-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(template)) {
    const db = await openPglite();
    await migrate(db);
    const dumped = Buffer.from(await (await db.dump()).arrayBuffer());
    await db.close();
    // Written aside, then renamed: a worker reading it never sees half a file.
    const partial = `${template}.${randomUUID()}`;
    await writeFile(partial, dumped);
    await rename(partial, template);
  }
  return openPglite(undefined, new Blob([await readFile(template)]), { diskGuard });
}
