import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tehranDateKey } from '@panel/contracts/common';
import type { Db } from './db/db';
import type { DiskGuard } from './db/disk-guard';
import { listMigrations, migrate } from './db/migrate';
import { openPostgres } from './db/postgres';
import { parseGatewayEnv, type GatewayEnv } from './env';
import { SEED_KEYS, SEED_PROFILES, type SeedKey, type SeedProfile, type SeedSettings } from './seed';
import { migrateAndSeed, prepareGateway, type StartedGateway } from './start';
import pg from 'pg';
import { databaseUrl, pgliteSnapshot, postgresCopy, runStartedAt, seedCodeDigest } from './test-snapshots';

// A test's seed settings come from a profile (seed.ts), never from its overrides.
export { SEED_PROFILES, type SeedProfile, type SeedSettings } from './seed';

/** A test's own settings for its gateway: anything but what the seed reads. */
export type TestGatewayOverrides = Partial<Record<Exclude<keyof GatewayEnv, SeedKey>, string>>;

/** The environment every test gateway shares, before its profile and its own overrides. */
export const TEST_ENV = {
  LOG_LEVEL: 'silent',
  CONCIERGE_OFFER_TRICKLE_SECONDS: '0',
  GATEWAY_PORT: '0',
  // Each test's database is fresh; a vacuum at boot would only slow every test down.
  PGLITE_UPKEEP_SECONDS: '0',
  // The demo's trickle of experts' answers is off in tests unless a test turns it on.
  OFFER_DEMO_ANSWERS_SECONDS: '0',
  // No shedding for a stalled loop unless a test asks: other tests' seeding stalls this process's loop.
  SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
};

/**
 * A real gateway for tests: PGlite in memory by default, or a database of its own on the
 * PostgreSQL server of `TEST_DATABASE_URL`, either copied from this run's snapshot of `seed` (a
 * profile; `demo` if absent; sizes on top of `demo` for the benches that measure scale).
 * `listen: true` gives it a real port (for the BFF and websockets).
 */
export async function startTestGateway(
  overrides: TestGatewayOverrides = {},
  options: { listen?: boolean; usePostgres?: boolean; seed?: SeedProfile | SeedSettings; diskGuard?: DiskGuard } = {},
): Promise<StartedGateway & { url: string; wsUrl: string }> {
  const seeded = SEED_KEYS.filter((key) => key in overrides);
  if (seeded.length > 0) throw new Error(`${seeded.join(', ')}: the seed's settings come from a profile (options.seed), not from overrides`);
  const settings = typeof options.seed === 'object' ? { ...SEED_PROFILES.demo, ...options.seed } : SEED_PROFILES[options.seed ?? 'demo'];
  const serverUrl = options.usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  const jwtSecret = randomBytes(32).toString('base64url');
  // The seed runs with the profile's settings alone, so a snapshot serves every test of the profile.
  const seedEnv = parseGatewayEnv({ ...TEST_ENV, JWT_SECRET: jwtSecret, ...settings });
  const name = await snapshotName(seedEnv);
  const copy = serverUrl
    ? await postgresCopy(serverUrl, name, async (templateUrl, label) => {
        const db = await openPostgres(templateUrl, { label });
        await migrateAndSeed(db, seedEnv).finally(() => db.close());
      })
    : undefined;
  const env = parseGatewayEnv({ ...TEST_ENV, JWT_SECRET: jwtSecret, ...settings, ...overrides, ...(copy ? { DATABASE_URL: copy.url } : {}) });
  const db = copy ? await openPostgres(copy.url, { label: copy.database }) : await seededPglite(name, seedEnv, options.diskGuard);
  const gateway = await prepareGateway(env, { db });
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
      await copy?.drop();
    },
  };
}

/**
 * How old a snapshot may get. The demo seed is relative to the moment it runs: payment deadlines
 * and offers' deadlines at least 10 minutes ahead, offers sent minutes ago, the dispatch sheet
 * around today. A test must see what a seed at its own boot would give within those margins, so
 * a snapshot serves eight minutes of its run and the next test seeds a new one. The windows count
 * from the run's start, so a run shorter than eight minutes seeds each profile once (on the
 * clock's five-minute boundaries a six-minute run seeded every profile two or three times).
 */
const SNAPSHOT_SERVES_MS = 8 * 60_000;

/**
 * The snapshot's name: what makes its rows (the seed's code and migrations, the profile's
 * settings), the Tehran day (a run that crosses Tehran's midnight seeds again) and the window of
 * the run it serves.
 */
async function snapshotName(seedEnv: GatewayEnv): Promise<string> {
  const hash = createHash('sha256').update(await seedCodeDigest());
  for (const key of SEED_KEYS) hash.update(`${key}=${seedEnv[key]}\n`);
  const now = new Date();
  hash.update(`${tehranDateKey(now)} ${Math.floor((now.getTime() - runStartedAt()) / SNAPSHOT_SERVES_MS)}`);
  return hash.digest('hex').slice(0, 16);
}

/** A PGlite started from this run's snapshot `name`, seeded from the migrated template by the first test that asks. */
async function seededPglite(name: string, seedEnv: GatewayEnv, diskGuard?: DiskGuard): Promise<Db> {
  const { openPglite } = await import('./db/pglite');
  const bytes = await pgliteSnapshot(name, async () => {
    const db = await migratedPglite();
    try {
      await migrateAndSeed(db, seedEnv);
      return new Uint8Array(await (await db.dump()).arrayBuffer());
    } finally {
      await db.close();
    }
  });
  return openPglite(undefined, new Blob([new Uint8Array(bytes)]), { diskGuard });
}

/**
 * A PGlite with every migration applied, which each run's seeded snapshots start from. Migrating
 * takes about 3 s a database; the first snapshot migrates one and keeps its dumped data directory
 * in the temp folder between runs, named by the migrations' text. A changed migration changes the
 * name, so a stale template is never used.
 */
async function migratedPglite(): Promise<Db & { dump(): Promise<Blob> }> {
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
  return openPglite(undefined, new Blob([await readFile(template)]));
}

export { sweepTestSnapshots, testRunId } from './test-snapshots';

/**
 * A gateway on a kept database of the `TEST_DATABASE_URL` server (bench/lists'
 * `BENCH_KEEP_DATABASE`): created, migrated and seeded with the demo profile the first time, and
 * opened as it is after (new migrations apply, the seed runs once per database), so rows a bench
 * spent minutes seeding serve its next runs. Its name is the caller's, not a test's prefix, so the
 * test sweeps never drop it; whoever keeps it drops it by hand.
 */
export async function startKeptGateway(database: string, overrides: TestGatewayOverrides = {}): Promise<StartedGateway & { url: string; wsUrl: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a kept database needs TEST_DATABASE_URL');
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(database) || database.startsWith('panel_')) throw new Error(`not a name for a kept database: ${database}`);
  const admin = new pg.Client({ connectionString: serverUrl, application_name: 'panel-gateway kept' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  const env = parseGatewayEnv({ ...TEST_ENV, JWT_SECRET: randomBytes(32).toString('base64url'), ...SEED_PROFILES.demo, ...overrides, DATABASE_URL: databaseUrl(serverUrl, database) });
  const gateway = await prepareGateway(env);
  const url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...gateway, url, wsUrl: url.replace(/^http/, 'ws') };
}

/**
 * bench/test-boot's baseline: a gateway that migrates and seeds `profile` at boot, as every
 * test's did before decision 092 (PGlite from nothing, or a schema of its own on the server).
 */
export async function startGatewaySeededAtBoot(profile: SeedProfile, usePostgres = false): Promise<StartedGateway> {
  const serverUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  const env = parseGatewayEnv({ ...TEST_ENV, JWT_SECRET: randomBytes(32).toString('base64url'), ...SEED_PROFILES[profile], ...(serverUrl ? { DATABASE_URL: serverUrl } : {}) });
  const schema = serverUrl ? `test_${randomUUID().replaceAll('-', '')}` : undefined;
  const { openPglite } = await import('./db/pglite');
  const gateway = await prepareGateway(env, schema ? { schema } : { db: await openPglite() });
  return {
    ...gateway,
    close: async () => {
      if (schema) await gateway.deps.db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await gateway.close();
    },
  };
}
