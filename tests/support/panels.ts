import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { E2E_JWT_SECRET, E2E_SESSION_SECRET } from './secrets';

// Each Playwright worker drives a panel of its own (gateway, BFF, database), so specs running
// side by side never see each other's changes: worker n (its parallel index, which a restarted
// worker keeps) uses E2E_BFF_PORT + n and E2E_GATEWAY_PORT + n. With E2E_BASE_URL the specs run
// against a panel already running, one worker unless E2E_WORKERS says otherwise.
//
// The panels' database: an embedded PGlite data folder of its own, as the start command's defaults
// run; with E2E_DATABASE_URL (a PostgreSQL server's address) a database of its own on that server,
// copied from the run's seeded one, as a deployment with DATABASE_URL runs. Measured whole, the two
// cost the same here, so the default stays the start command's (decision 135).

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const external = process.env.E2E_BASE_URL;

/** How many workers, and so how many panels, the run uses. */
export const WORKERS = Number(process.env.E2E_WORKERS ?? (external ? 1 : 3));

export interface Panel {
  index: number;
  baseURL: string;
  gatewayURL: string;
}

export function panel(index: number): Panel {
  const bffPort = Number(process.env.E2E_BFF_PORT ?? 4010) + index;
  const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 4110) + index;
  return {
    index,
    baseURL: external ?? `http://127.0.0.1:${bffPort}`,
    gatewayURL: `http://127.0.0.1:${gatewayPort}`,
  };
}

export const PANELS: Panel[] = external ? [panel(0)] : Array.from({ length: WORKERS }, (_, n) => panel(n));

/** The panel of the worker this code runs in (index 0 in the runner itself). */
export const ownPanel = (): Panel => PANELS[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % PANELS.length]!;

/** The file a panel's output is written to (the demo's OTP codes among its lines, support/otp.ts). */
export const panelLogPath = (baseURL: string) => join(root, 'tests', '.artifacts', 'panels', `panel-${new URL(baseURL).port}.log`);

const databaseServer = process.env.E2E_DATABASE_URL;
/** The run's databases on the server are named after the runner's process, so a later run can tell a dead run's leftovers. */
const DATABASE_PREFIX = 'panel_e2e_';
const databaseName = (part: string) => `${DATABASE_PREFIX}${process.pid}_${part}`;

function databaseUrl(name: string): string {
  const url = new URL(databaseServer!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection to the server for `use`, closed after. */
async function withServer<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseServer, application_name: 'panel e2e setup' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs statements one at a time on the server. */
const onServer = (...statements: string[]) =>
  withServer(async (client) => {
    for (const statement of statements) await client.query(statement);
  });

/** Drops the databases of end-to-end runs whose runner is gone (a run killed before its teardown). */
const sweepDeadRuns = () =>
  withServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${DATABASE_PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(DATABASE_PREFIX.length).split('_')[0]);
      if (pid === process.pid || isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where a panel's gateway keeps its data: a database on the server, else a PGlite folder. `copyOf`
 * copies the run's seeded one; `drop` removes it.
 */
interface PanelStore {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function newStore(part: string, copyOf?: PanelStore & { name: string }): Promise<PanelStore & { name: string }> {
  if (databaseServer) {
    const name = databaseName(part);
    await onServer(`CREATE DATABASE "${name}"${copyOf ? ` TEMPLATE "${copyOf.name}"` : ''}`);
    return { name, env: { DATABASE_URL: databaseUrl(name) }, drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const name = mkdtempSync(join(tmpdir(), `panel-e2e-${part}-`));
  if (copyOf) cpSync(copyOf.name, name, { recursive: true });
  return { name, env: { GATEWAY_DATA_DIR: name }, drop: async () => rmSync(name, { recursive: true, force: true }) };
}

/** A log line below warn (pino's level 40), or an OTP line: kept in the file, not shown. */
function isQuietLine(line: string): boolean {
  try {
    const entry = JSON.parse(line) as { level?: unknown; otp?: unknown };
    return (typeof entry.level === 'number' && entry.level < 40) || entry.otp !== undefined;
  } catch {
    return false;
  }
}

async function healthy(url: string, child: ChildProcess, timeoutMs: number, path = '/healthz'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the panel at ${url} stopped while starting (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the panel at ${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The run's demo database, made once: a gateway alone migrates and seeds a fresh database at
 * the default demo sizes, exactly as the start command's first run does, and stops. Each panel
 * then starts on a copy of it, so the run seeds once instead of once a worker (the seed is
 * about two thirds of a gateway's first start).
 */
async function seededStore(gatewayPort: number): Promise<PanelStore & { name: string }> {
  const store = await newStore('seed');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/gateway/src/server.ts')], {
    cwd: join(root, 'apps/gateway'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...store.env, GATEWAY_PORT: String(gatewayPort), JWT_SECRET: E2E_JWT_SECRET, LOG_LEVEL: 'warn' },
  });
  try {
    await healthy(`http://127.0.0.1:${gatewayPort}`, child, 180_000, '/health');
  } catch (error) {
    child.kill('SIGTERM');
    await store.drop();
    throw error;
  }
  // SIGTERM closes the database cleanly (server.ts) before the folder is copied.
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) {
    await store.drop();
    throw new Error(`the seeding gateway stopped with exit ${code}`);
  }
  return store;
}

/**
 * Global setup: starts every worker's panel at once, exactly as the README's start command
 * does, each on its own copy of the run's demo database (deterministic seed). Answers the
 * teardown that stops them and removes their data.
 */
export default async function startPanels(): Promise<() => Promise<void>> {
  if (external) return async () => undefined;
  const started: ChildProcess[] = [];
  const stores: PanelStore[] = [];
  const stop = async () => {
    await Promise.all(
      started.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once('exit', () => resolve());
            // start.mjs stops the gateway and BFF it runs; in the runner's process group, a
            // Ctrl+C reaches them all even if the teardown never runs.
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const store of stores) await store.drop();
  };
  if (databaseServer) await sweepDeadRuns();
  let seeded: (PanelStore & { name: string }) | undefined;
  try {
    seeded = await seededStore(Number(new URL(PANELS[0]!.gatewayURL).port));
    // One copy after the other (a fraction of a second each on the server).
    for (const { index } of PANELS) stores.push(await newStore(`panel${index}`, seeded));
    await Promise.all(
      PANELS.map(async ({ index, baseURL, gatewayURL }) => {
        const store = stores[index]!;
        mkdirSync(dirname(panelLogPath(baseURL)), { recursive: true });
        const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--skip-install', '--skip-build'], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            BFF_PORT: new URL(baseURL).port,
            GATEWAY_PORT: new URL(gatewayURL).port,
            ...store.env,
            // Short-lived access tokens so the refresh flow runs during the specs.
            ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '300',
            JWT_SECRET: E2E_JWT_SECRET,
            SESSION_SECRET: E2E_SESSION_SECRET,
            LOG_LEVEL: 'warn',
            // Buyers' offers arrive when a spec posts them, not from the demo trickle.
            CONCIERGE_OFFER_TRICKLE_SECONDS: '0',
            // The demo's trickle of experts' answers would race the specs' own experts.
            OFFER_DEMO_ANSWERS_SECONDS: '0',
          },
        });
        started.push(child);
        // Everything a panel says goes to its log file; what it says at warn and worse (and
        // anything that is not a log line: a crash) is also shown, prefixed with its address,
        // except the demo's OTP lines (read from the file by support/otp.ts).
        const log = createWriteStream(panelLogPath(baseURL));
        for (const stream of [child.stdout!, child.stderr!]) {
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => {
            log.write(chunk);
            for (const line of chunk.split('\n')) if (line.trim() && !isQuietLine(line)) process.stderr.write(`[panel ${new URL(baseURL).port}] ${line}\n`);
          });
        }
        await healthy(baseURL, child, 180_000);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await seeded?.drop();
  }
  return stop;
}
