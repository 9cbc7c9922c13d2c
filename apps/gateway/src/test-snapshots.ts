import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Where the tests' seeded databases are kept (decision 092): a PGlite dump per run in the temp
// folder, a template database per run on the PostgreSQL server of TEST_DATABASE_URL. Both carry
// the run's id, so the run removes its own at its end and a later run sweeps a dead run's. This
// module imports no gateway code: the run's setup (`testing.setup.ts`) loads it in Vitest's main
// process.

const FILE_PREFIX = 'panel-gateway-seeded-';
const TEMPLATE_PREFIX = 'panel_seed_';
const TEST_DB_PREFIX = 'panel_test_';
/** A run's leftovers (a crashed or killed run) are swept by a later run after this long. */
const STALE_MS = 2 * 60 * 60_000;

/** Eight base-36 digits of the start time and four hex digits: sortable, parseable, unique enough. */
function newRunId(): string {
  return `${Date.now().toString(36).padStart(8, '0')}${randomBytes(2).toString('hex')}`;
}

/** The run this process belongs to: the setup sets it for all of Vitest's workers; a process alone makes its own. */
export function testRunId(): string {
  process.env.PANEL_TEST_RUN ??= newRunId();
  return process.env.PANEL_TEST_RUN;
}

const startedAt = (run: string) => parseInt(run.slice(0, 8), 36);

/** When this process's run started (its id's first eight digits). */
export const runStartedAt = () => startedAt(testRunId());

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let digest: Promise<string> | undefined;

/**
 * A digest of everything a seeded database is made of: the gateway's code and migrations (its
 * seeds call its services) and the contracts they import. Any change in them names a new snapshot.
 */
export function seedCodeDigest(): Promise<string> {
  digest ??= (async () => {
    const hash = createHash('sha256');
    for (const dir of ['apps/gateway/src', 'packages/contracts/src']) {
      const names = (await readdir(join(repoRoot, dir), { recursive: true }))
        .filter((name) => /\.(ts|sql)$/.test(name) && !/\.test\.tsx?$/.test(name))
        .sort();
      for (const name of names) hash.update(`${dir}/${name}\0`).update(await readFile(join(repoRoot, dir, name)));
    }
    return hash.digest('hex');
  })();
  return digest;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The bytes of this run's PGlite snapshot `name`, made by `make` in whichever worker asks first;
 * the others wait for its file (a lock file beside it) instead of seeding the same data again.
 * Written aside, then renamed: a reader never sees half a file.
 */
export async function pgliteSnapshot(name: string, make: () => Promise<Uint8Array>): Promise<Buffer> {
  const file = join(tmpdir(), `${FILE_PREFIX}${testRunId()}-${name}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    const made = await readFile(file).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
    if (made) return made;
    const held = await open(lock, 'wx').catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'EEXIST' ? undefined : Promise.reject(error)));
    if (!held) {
      // Another worker is seeding it. A lock older than any seed takes is a dead worker's: taken over.
      const since = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (since > 10 * 60_000) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      const bytes = await make();
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return Buffer.from(bytes);
    } finally {
      await held.close();
      await rm(lock, { force: true });
    }
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The same server's URL, on database `database`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A statement that needs a database nobody is connected to; a closed pool's backends take a moment to leave. */
async function whenFree(work: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await work();
      return;
    } catch (error) {
      // 55006: "is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A new database of its own for one test, copied (`CREATE DATABASE … TEMPLATE`) from this run's
 * template `name` on the server of `url`; the template is made once by `make` (given its URL),
 * under an advisory lock so parallel workers wait for it instead of making it twice. `drop`
 * removes the test's database.
 */
export async function postgresCopy(url: string, name: string, make: (templateUrl: string, label: string) => Promise<void>): Promise<{ database: string; url: string; drop(): Promise<void> }> {
  const run = testRunId();
  const template = `${TEMPLATE_PREFIX}${run}_${name}`;
  const database = `${TEST_DB_PREFIX}${run}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url, application_name: 'panel-gateway tests' });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        const partial = `${template}_partial`;
        await admin.query(`DROP DATABASE IF EXISTS ${quote(partial)} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${quote(partial)}`);
        await make(databaseUrl(url, partial), partial);
        await whenFree(() => admin.query(`ALTER DATABASE ${quote(partial)} RENAME TO ${quote(template)}`));
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await whenFree(() => admin.query(`CREATE DATABASE ${quote(database)} TEMPLATE ${quote(template)}`));
  } finally {
    await admin.end();
  }
  return {
    database,
    url: databaseUrl(url, database),
    drop: async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'panel-gateway tests' });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${quote(database)} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/**
 * Removes what tests left: with `run`, everything of that run (its end); without, whatever a
 * run that died left more than two hours ago. Another run's live snapshots are never touched.
 */
export async function sweepTestSnapshots(run?: string): Promise<void> {
  const dead = (id: string) => (run ? id === run : Date.now() - startedAt(id) > STALE_MS);
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith(FILE_PREFIX) && dead(name.slice(FILE_PREFIX.length, FILE_PREFIX.length + 12))) {
      await rm(join(tmpdir(), name), { force: true });
    }
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url, application_name: 'panel-gateway tests' });
  await admin.connect();
  try {
    const rows = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' OR datname LIKE '${TEST_DB_PREFIX}%'`,
    );
    // Test databases first: a template cannot be dropped while one is being copied from it.
    const names = rows.rows
      .map((row) => row.datname)
      .filter((name) => name.startsWith(TEMPLATE_PREFIX) || name.startsWith(TEST_DB_PREFIX))
      .sort((a, b) => Number(a.startsWith(TEMPLATE_PREFIX)) - Number(b.startsWith(TEMPLATE_PREFIX)));
    for (const name of names) {
      const id = name.slice(name.startsWith(TEMPLATE_PREFIX) ? TEMPLATE_PREFIX.length : TEST_DB_PREFIX.length).slice(0, 12);
      if (dead(id)) await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
