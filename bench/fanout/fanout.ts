// bench/fanout: 2,000 browser subscriptions to one date through the BFF while the gateway commits
// 100 changes/s for 30 s; latency commit -> browser, lost messages, BFF memory per subscription;
// then the same fan-out through a bare `ws` broadcast server as the baseline.
// Run: NODE_OPTIONS=--expose-gc [TEST_DATABASE_URL=postgres://...] pnpm exec tsx bench/fanout/fanout.ts
import { randomBytes } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { buildBff } from '@panel/bff/app';
import { parseBffEnv } from '@panel/bff/env';
// The hub's merge window, so the baseline merges alike (the app's package exports only the app).
import { FLUSH_MS, dispatchHub } from '@panel/bff/bench';
import { signInThroughBff } from '../lib/panel';
import { startBare } from './bare';
import { percentile, recordResults } from '../lib/results';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 2000);
const RATE = 100;
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const EXPERTS = process.env.FANOUT_EXPERTS ?? '40';
const BFF_PORT = 4801;
const BARE_PORT = 4802;
const ONLY = process.env.FANOUT_ONLY;
// A heap snapshot of this process (the server under test) before the subscriptions and once they
// are in, per phase, for finding where a subscription's bytes go (the snapshot's own cost is not measured).
const HEAP_DIR = process.env.FANOUT_HEAP_SNAPSHOT;
const CHILD_ARGV = process.env.FANOUT_CHILD_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FANOUT_CHILD_PROF}`] : [];
const gc = (globalThis as { gc?: () => void }).gc;

const gatewayProcess = fork(fileURLToPath(new URL('./gateway.ts', import.meta.url)), [EXPERTS, String(RATE), String(SECONDS)], {
  execArgv: [...CHILD_ARGV, '--import', 'tsx'],
});
const gateway = await new Promise<{ url: string; wsUrl: string; access: string; refresh: string; date: string }>((resolve) =>
  gatewayProcess.once('message', (m) => resolve(m as never)),
);
const { access, date } = gateway;
/** The upgrade headers of each client kind; the BFF's cookie is set once it has signed in. */
const upgradeHeaders: Record<'bff' | 'bare' | 'upstream', Record<string, string>> = {
  bff: {},
  bare: {},
  upstream: { authorization: `Bearer ${access}` },
};

/** Clients spread over processes: one process parsing 2,000 sockets' messages was itself the bottleneck. */
const CLIENT_PROCESSES = Number(process.env.FANOUT_CLIENT_PROCESSES ?? 2);

function spawnClients(mode: 'bff' | 'bare' | 'upstream', url: string, count: number): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [mode, url, String(count), date, JSON.stringify(upgradeHeaders[mode])], {
    execArgv: [...CHILD_ARGV, '--import', 'tsx'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}
const ask = <T>(child: ChildProcess, cmd: string, answer: string, extra: object = {}) =>
  new Promise<T>((resolve) => {
    const on = (m: { cmd: string } & T) => {
      if (m.cmd === answer) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send({ cmd, ...extra });
  });

const drive = () => ask<{ made: number; elapsed_ms: number; final: Record<string, number> }>(gatewayProcess, 'drive', 'driven');

const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

type Report = { cpu_us: number; lost: number; received: number; samples: number; messages: number; bytes: number; buckets: [number, number][]; open: number };

/** Nearest-rank quantile over the merged 0.1 ms histogram of all client processes. */
function quantile(reports: Report[], q: number): number {
  const merged = new Map<number, number>();
  for (const r of reports) for (const [i, n] of r.buckets) merged.set(i, (merged.get(i) ?? 0) + n);
  const samples = reports.reduce((a, r) => a + r.samples, 0);
  let target = Math.ceil(q * samples);
  for (const i of [...merged.keys()].sort((a, b) => a - b)) {
    target -= merged.get(i)!;
    if (target <= 0) return i / 10;
  }
  return Number.NaN;
}

/** p50 and p90 of a list of durations (ms, one decimal). */
function p50p90(values: number[]) {
  const at = (p: number) => Number(percentile(values, p).toFixed(1));
  return { p50: at(50), p90: at(90) };
}

/** The machine's load while a phase drives: other work on the shared machine skews every figure. */
function sampleLoad() {
  const seen: number[] = [];
  const timer = setInterval(() => seen.push(loadavg()[0]!), 1000);
  return () => {
    clearInterval(timer);
    return { load1_mean: Number((seen.reduce((a, b) => a + b, 0) / Math.max(1, seen.length)).toFixed(2)), load1_max: Number(Math.max(...seen).toFixed(2)) };
  };
}

async function phase(mode: 'bff' | 'bare', url: string) {
  // One socket straight on the gateway, in a process of its own: commit -> arrival at the
  // server's door, the part of the latency neither the BFF nor the baseline can change.
  const observer = await spawnClients('upstream', `${gateway.wsUrl}/ws/dispatch`, 1);
  await ask(observer, 'connect', 'connected');
  const shares = Array.from({ length: CLIENT_PROCESSES }, (_, k) => Math.floor(SUBSCRIBERS / CLIENT_PROCESSES) + (k < SUBSCRIBERS % CLIENT_PROCESSES ? 1 : 0));
  const children = await Promise.all(shares.map((n) => spawnClients(mode, url, n)));
  const before = memory();
  if (HEAP_DIR) writeHeapSnapshot(join(HEAP_DIR, `${mode}-before.heapsnapshot`));
  const t0 = Date.now();
  let ready = 0;
  // One process at a time: the handshakes are not what is measured.
  for (const child of children) ready += (await ask<{ ready: number }>(child, 'connect', 'connected')).ready;
  console.log(`${mode}: ${ready} subscribed in ${Date.now() - t0} ms`);
  await new Promise((r) => setTimeout(r, 2000));
  const after = memory();
  if (HEAP_DIR) writeHeapSnapshot(join(HEAP_DIR, `${mode}-after.heapsnapshot`));
  for (const child of [...children, observer]) child.send({ cmd: 'measure' });
  const load = sampleLoad();
  const cpu0 = process.cpuUsage();
  const { made, elapsed_ms, final } = await drive();
  const cpu = process.cpuUsage(cpu0);
  console.log(`${mode}: ${made} changes committed in ${elapsed_ms} ms`);
  await new Promise((r) => setTimeout(r, 1500));
  const loadFigures = load();
  const upstreamReport = await ask<Report>(observer, 'report', 'report', {});
  observer.send({ cmd: 'close' });
  const upstreamFigures = { upstream_p50_ms: quantile([upstreamReport], 0.5), upstream_p99_ms: quantile([upstreamReport], 0.99) };
  const reports = await Promise.all(children.map((child) => ask<Report>(child, 'report', 'report', { final })));
  for (const child of children) child.send({ cmd: 'close' });
  const sum = (k: 'lost' | 'received' | 'messages' | 'bytes' | 'open') => reports.reduce((a, r) => a + r[k], 0);
  const figures = {
    ready,
    made,
    elapsed_ms,
    lost: sum('lost'),
    received: sum('received'),
    messages_per_client_per_second: Number(((sum('messages') / SUBSCRIBERS) / (elapsed_ms / 1000)).toFixed(1)),
    bytes_per_message: Math.round(sum('bytes') / Math.max(1, sum('messages'))),
    open: sum('open'),
    p50: quantile(reports, 0.5),
    p99: quantile(reports, 0.99),
    p90: quantile(reports, 0.9),
    p999: quantile(reports, 0.999),
    server_cpu_percent: Math.round(((cpu.user + cpu.system) / 1000 / elapsed_ms) * 100),
    // CPU time of the server per message it sent: the figure least moved by other work's load.
    server_cpu_us_per_message: Number(((cpu.user + cpu.system) / Math.max(1, sum('messages'))).toFixed(1)),
    // The clients' CPU (all processes, in cores): what the server's messages cost the other side of the same 2 cores.
    clients_cpu_cores: Number((reports.reduce((a, r) => a + r.cpu_us, 0) / 1000 / elapsed_ms).toFixed(2)),
    ...loadFigures,
    ...upstreamFigures,
    bytesPerSubscription: Math.round((after - before) / SUBSCRIBERS),
  };
  console.log(mode, JSON.stringify(figures));
  return figures;
}

// The BFF, as deployed: tRPC over websocket, one upstream per date through the live hub.
const bff = await buildBff(
  parseBffEnv({ BFF_HOST: '127.0.0.1', BFF_PORT: String(BFF_PORT), GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl, LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') }),
);
await bff.listen({ host: '127.0.0.1', port: BFF_PORT });
upgradeHeaders.bff = { cookie: await signInThroughBff(`http://127.0.0.1:${BFF_PORT}`, 'staff', 'staff1234'), origin: `http://127.0.0.1:${BFF_PORT}` };
const viaBff = await phase('bff', `ws://127.0.0.1:${BFF_PORT}/trpc`);
// Deltas the hub emitted (its merge window and a busy event loop both batch changes), and how
// long each one's fan-out to every subscriber held the event loop.
const hubFeed = dispatchHub(gateway.wsUrl).feed(date);
const hubDeltas = hubFeed?.offset ?? 0;
const fanoutMs = p50p90(hubFeed?.fanouts ?? []);
await bff.close();
if (ONLY === 'bff') {
  console.log(JSON.stringify({ ...viaBff, fanout_ms: fanoutMs }));
  gatewayProcess.send({ cmd: 'close' });
  process.exit(0);
}

// The baseline: a bare `ws` broadcast server on one upstream connection (bare.ts).
const bare = await startBare(BARE_PORT, `${gateway.wsUrl}/ws/dispatch`, upgradeHeaders.upstream, date);
const baseline = await phase('bare', `ws://127.0.0.1:${BARE_PORT}`);
bare.close();
gatewayProcess.send({ cmd: 'close' });

const { load1_mean, load1_max } = viaBff;
const bareFanoutMs = p50p90(bare.fanouts);
// BENCH_RECORD=merge keeps the file's earlier runs under `earlier` (the machine is shared: one run
// alone says little); BENCH_RECORD=off prints the figures and records nothing.
const recordFile = fileURLToPath(new URL('../results/fanout.json', import.meta.url));
const earlierRuns = (): unknown[] => {
  if (process.env.BENCH_RECORD !== 'merge' || !existsSync(recordFile)) return [];
  const { earlier = [], ...previous } = JSON.parse(readFileSync(recordFile, 'utf8')) as { earlier?: unknown[] };
  return [previous, ...earlier];
};
const record = process.env.BENCH_RECORD === 'off' ? (_: string, figures: object) => console.log(JSON.stringify(figures, null, 2)) : recordResults;
record('fanout', {
  subscribers: SUBSCRIBERS,
  p50_ms: viaBff.p50,
  p99_ms: viaBff.p99,
  p90_ms: viaBff.p90,
  p999_ms: viaBff.p999,
  lost: viaBff.lost,
  bytes_per_subscription: viaBff.bytesPerSubscription,
  baseline_p99_ms: baseline.p99,
  ratio_p99: Number((viaBff.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)),
  load_average_1m: { bff_phase_mean: load1_mean, bff_phase_max: load1_max, baseline_phase_mean: baseline.load1_mean, baseline_phase_max: baseline.load1_max },
  connected: viaBff.ready,
  still_connected: viaBff.open,
  changes_per_second: RATE,
  seconds: SECONDS,
  achieved_changes_per_second: Number(((viaBff.made * 1000) / viaBff.elapsed_ms).toFixed(1)),
  baseline_achieved_changes_per_second: Number(((baseline.made * 1000) / baseline.elapsed_ms).toFixed(1)),
  experts: Number(EXPERTS),
  store: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
  client_processes: CLIENT_PROCESSES,
  merge_window_ms: FLUSH_MS,
  delivered_cell_updates: viaBff.received,
  hub_deltas: hubDeltas,
  fanout_ms_p50: fanoutMs.p50,
  fanout_ms_p90: fanoutMs.p90,
  messages_per_client_per_second: viaBff.messages_per_client_per_second,
  bytes_per_message: viaBff.bytes_per_message,
  server_cpu_percent: viaBff.server_cpu_percent,
  server_cpu_us_per_message: viaBff.server_cpu_us_per_message,
  clients_cpu_cores: viaBff.clients_cpu_cores,
  upstream_p50_ms: viaBff.upstream_p50_ms,
  upstream_p99_ms: viaBff.upstream_p99_ms,
  baseline_p50_ms: baseline.p50,
  baseline_p90_ms: baseline.p90,
  baseline_p999_ms: baseline.p999,
  baseline_lost: baseline.lost,
  baseline_messages_per_client_per_second: baseline.messages_per_client_per_second,
  baseline_bytes_per_message: baseline.bytes_per_message,
  baseline_server_cpu_percent: baseline.server_cpu_percent,
  baseline_server_cpu_us_per_message: baseline.server_cpu_us_per_message,
  baseline_clients_cpu_cores: baseline.clients_cpu_cores,
  baseline_fanout_ms_p50: bareFanoutMs.p50,
  baseline_fanout_ms_p90: bareFanoutMs.p90,
  baseline_upstream_p50_ms: baseline.upstream_p50_ms,
  baseline_upstream_p99_ms: baseline.upstream_p99_ms,
  baseline_bytes_per_subscription: baseline.bytesPerSubscription,
  // The clients' histogram ends at 60 s: a figure there is a lower bound.
  latency_capped: viaBff.p99 >= 59_999 || baseline.p99 >= 59_999,
  note:
    'processes: the gateway (PostgreSQL when TEST_DATABASE_URL is set, else PGlite; it commits the changes), the server under test (the BFF, then the baseline: a bare ws broadcast of the same upstream changes merged in the same window, serialized once; memory and CPU measured here), the clients split over client_processes (a cheap scanner checked against JSON.parse on the first 300 messages of each), and one upstream observer socket on the gateway (upstream_*: commit -> arrival, the part no server can change). Latency is from the cell\'s updated_at (clock_timestamp() in the committing transaction) to receipt. lost counts (client, cell) pairs whose last committed version never reached the client (merging may skip intermediate versions by design). The machine is shared with other work: see load_average_1m.',
  earlier: earlierRuns(),
});
process.exit(0);
