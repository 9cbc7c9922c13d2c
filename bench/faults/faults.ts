import { loadavg } from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '@panel/gateway/testing';
import { percentile, recordResults } from '../lib/results';

// How long the reference gateway takes to heal after PostgreSQL drops its connections (issue 17):
// each fault is caused ROUNDS times with pg_terminate_backend and timed from the cut to the first
// good answer. Baseline, same run: the same read with nothing cut.

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('bench/faults needs TEST_DATABASE_URL (a PostgreSQL server: the faults are its dropped connections)');
const ROUNDS = Number(process.env.BENCH_FAULT_ROUNDS ?? 10);
const STAFF = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };

const gateway = await startTestGateway({}, { listen: true, usePostgres: true, seed: 'small' });
const database = (await gateway.deps.db.query<{ d: string }>('SELECT current_database() AS d'))[0]!.d;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const authorization = `Bearer ${await gateway.deps.tokens.signAccess(STAFF, [ROLES.staff])}`;
const read = (path: string) => gateway.app.inject({ method: 'GET', url: path, headers: { authorization } });
const date = (await read('/api/dispatch/dates/')).json().result.find((d: { type: string }) => d.type === 'tommorrow').date as string;
const cellsPath = `/api/dispatch/cells/?date=${date}`;
const free = ((await read(cellsPath)).json().result as { state: number; inspection: unknown; expert_id: number; shift_id: number }[]).filter((c) => c.state === 0 && !c.inspection);
let flip = 0;
const write = () => {
  const cell = free[flip++ % 6]!;
  return gateway.app.inject({ method: 'PUT', url: `/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`, payload: { state: flip % 2 }, headers: { authorization } });
};

async function cut(which: 'pool' | 'listen' | 'all'): Promise<void> {
  const pattern = which === 'listen' ? `panel-gateway ${database} listen` : which === 'pool' ? `panel-gateway ${database}` : `panel-gateway ${database}%`;
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1', [pattern]);
}

/** From `started` until a read answers 200 again. */
async function healed(started: number): Promise<number> {
  while ((await read(cellsPath)).statusCode !== 200) {
    if (Date.now() - started > 30_000) throw new Error('no recovery within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** A watcher of /ws/dispatch that reconnects as the BFF's hub does; resolves each fresh snapshot. */
function watcher() {
  let onSnapshot: (() => void) | undefined;
  let socket: WebSocket;
  let stopped = false;
  const open = () => {
    if (stopped) return;
    socket = new WebSocket(`${gateway.wsUrl}/ws/dispatch`, { headers: { authorization } });
    let first = true;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'init', data: date })));
    socket.on('message', () => {
      if (first) onSnapshot?.();
      first = false;
    });
    socket.on('close', () => setTimeout(open, 50));
    socket.on('error', () => undefined);
  };
  open();
  return {
    nextSnapshot: () => new Promise<void>((resolve) => (onSnapshot = resolve)),
    stop: () => {
      stopped = true;
      socket.close();
    },
  };
}

const timings: Record<string, number[]> = { baseline_read: [], idle_pool_cut: [], cut_under_load: [], listen_cut_to_fresh_snapshot: [], all_cut: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  let started = Date.now();
  await read(cellsPath);
  timings.baseline_read!.push(Date.now() - started);

  await cut('pool');
  timings.idle_pool_cut!.push(await healed(Date.now()));

  const load = Array.from({ length: 20 }, (_, k) => (k % 2 ? read(cellsPath) : write()));
  await cut('pool');
  started = Date.now();
  await Promise.all(load);
  timings.cut_under_load!.push(await healed(started));

  const live = watcher();
  await live.nextSnapshot();
  const fresh = live.nextSnapshot();
  started = Date.now();
  await cut('listen');
  await fresh;
  timings.listen_cut_to_fresh_snapshot!.push(Date.now() - started);

  const again = live.nextSnapshot();
  started = Date.now();
  await cut('all');
  const healedAfter = await healed(started);
  await again;
  timings.all_cut!.push(Math.max(healedAfter, Date.now() - started));
  live.stop();
}

const summary = Object.fromEntries(
  Object.entries(timings).map(([name, values]) => [name, { p50_ms: percentile(values, 50), max_ms: Math.max(...values), rounds: values.length }]),
);
recordResults('faults', { database: 'postgresql', rounds: ROUNDS, load_average_1m: loadavg()[0], ...summary });
await admin.end();
await gateway.close();
process.exit(0);
