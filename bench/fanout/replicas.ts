// bench/fanout, replicas mode (issue 34, decision 129): FANOUT_SUBSCRIBERS (default 10,000)
// `dispatch.watch` subscriptions spread over FANOUT_REPLICAS (default 2) BFF replicas, each in its
// own process sharing Redis, while the gateway commits 100 changes/s; then one replica is killed
// and its browsers reconnect to another with their last id (the reconnect storm); then the bare
// broadcast of the same run as the baseline. Clients in their own processes.
// Run: REDIS_URL=redis://127.0.0.1:6379 [TEST_DATABASE_URL=postgres://...] pnpm exec tsx bench/fanout/replicas.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { signInThroughBff } from '../lib/panel';
import { percentile, recordResults } from '../lib/results';
import { startBare } from './bare';
import { dropRedisKeys } from '../../deploy/replicas/redis-keys';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 10_000);
const REPLICAS = Number(process.env.FANOUT_REPLICAS ?? 2);
const RATE = 100;
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const EXPERTS = process.env.FANOUT_EXPERTS ?? '40';
/** Client processes per replica (and as many, in all, for the baseline). */
const PER_REPLICA = Number(process.env.FANOUT_CLIENT_PROCESSES ?? 2);
const BARE_PORT = 4812;
const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('the replicas mode needs REDIS_URL (or TEST_REDIS_URL)');

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const gatewayProcess = fork(here('./gateway.ts'), [EXPERTS, String(RATE), String(SECONDS)], { execArgv: ['--import', 'tsx'] });
const gateway = await new Promise<{ url: string; wsUrl: string; access: string; date: string }>((resolve) => gatewayProcess.once('message', (m) => resolve(m as never)));
const { date } = gateway;

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
const drive = (seconds = SECONDS) => ask<{ made: number; elapsed_ms: number; final: Record<string, number> }>(gatewayProcess, 'drive', 'driven', { seconds });

type Report = { cpu_us: number; lost: number; received: number; samples: number; messages: number; bytes: number; buckets: [number, number][]; open: number };
function quantile(reports: Report[], q: number): number {
  const merged = new Map<number, number>();
  for (const r of reports) for (const [i, n] of r.buckets) merged.set(i, (merged.get(i) ?? 0) + n);
  let target = Math.ceil(q * reports.reduce((a, r) => a + r.samples, 0));
  for (const i of [...merged.keys()].sort((a, b) => a - b)) {
    target -= merged.get(i)!;
    if (target <= 0) return i / 10;
  }
  return Number.NaN;
}
function sampleLoad() {
  const seen: number[] = [];
  const timer = setInterval(() => seen.push(loadavg()[0]!), 1000);
  return () => {
    clearInterval(timer);
    return { load1_mean: Number((seen.reduce((a, b) => a + b, 0) / Math.max(1, seen.length)).toFixed(2)), load1_max: Number(Math.max(...seen).toFixed(2)) };
  };
}
function spawnClients(mode: 'bff' | 'bare' | 'upstream', url: string, count: number, headers: Record<string, string>, fallback?: string): Promise<ChildProcess> {
  const child = fork(here('./clients.ts'), [mode, url, String(count), date, JSON.stringify(headers), ...(fallback ? [fallback] : [])], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}
const split = (total: number, parts: number) => Array.from({ length: parts }, (_, k) => Math.floor(total / parts) + (k < total % parts ? 1 : 0));

// The replicas, as deployed: the same session key, one Redis, one gateway.
const secret = randomBytes(32).toString('hex');
const metricsToken = randomBytes(16).toString('hex');
const prefix = `bench:${randomUUID()}:`;
const replicas = await Promise.all(
  Array.from({ length: REPLICAS }, async () => {
    // FANOUT_REPLICA_PROF=<dir>: a CPU profile of each replica that lives to the end (the killed one writes none).
    const prof = process.env.FANOUT_REPLICA_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FANOUT_REPLICA_PROF}`] : [];
    const child = fork(here('./replica.ts'), [gateway.url, gateway.wsUrl, redisUrl, prefix, secret, metricsToken], { execArgv: ['--expose-gc', ...prof, '--import', 'tsx'] });
    const { url } = await new Promise<{ url: string }>((resolve) => child.once('message', (m) => resolve(m as never)));
    return { child, url, ws: `${url.replace(/^http/, 'ws')}/trpc` };
  }),
);
const cookie = await signInThroughBff(replicas[0]!.url, 'staff', 'staff1234');
const bffHeaders = { cookie, origin: replicas[0]!.url };

/** One histogram of one replica's /metrics, feed dispatch (and `stage`, when given): bucket bound (s) to count. */
async function histogram(url: string, name: string, stage?: string): Promise<Map<number, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const out = new Map<number, number>();
  for (const m of text.matchAll(new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const labels = m[1]!;
    if (!labels.includes('feed="dispatch"') || (stage && !labels.includes(`stage="${stage}"`))) continue;
    const le = /le="([^"]+)"/.exec(labels)![1]!;
    out.set(le === '+Inf' ? Infinity : Number(le), Number(m[2]));
  }
  return out;
}
/** The Redis hop's histogram of one replica (`panel_bff_live_redis_hop_seconds`). */
const hopBuckets = (url: string) => histogram(url, 'panel_bff_live_redis_hop_seconds');
/** Counts of `after` not in `before`, bucket by bucket. */
const minus = (after: Map<number, number>, before: Map<number, number>) => new Map([...after].map(([bound, n]) => [bound, n - (before.get(bound) ?? 0)]));
/** The bucket bound (ms) under which `q` of the hops fell, over every replica's histogram. */
function bucketQuantile(histograms: Map<number, number>[], q: number): number {
  const bounds = [...new Set(histograms.flatMap((h) => [...h.keys()]))].sort((a, b) => a - b);
  const total = histograms.reduce((a, h) => a + (h.get(Infinity) ?? 0), 0);
  for (const bound of bounds) if (histograms.reduce((a, h) => a + (h.get(bound) ?? 0), 0) >= q * total) return bound * 1000;
  return Number.NaN;
}

/**
 * Connections the kernel dropped because a listener's accept queue was full (Linux, the whole
 * machine: TcpExt ListenOverflows), undefined elsewhere. A dropped connection is retried by the
 * client's TCP after 1, 3, 7, 15 s.
 */
function listenOverflows(): number | undefined {
  if (!existsSync('/proc/net/netstat')) return undefined;
  const [names, values] = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:')).map((line) => line.split(/\s+/));
  const at = names?.indexOf('ListenOverflows') ?? -1;
  return at > 0 ? Number(values?.[at]) : undefined;
}

const memoryOf = (child: ChildProcess) => ask<{ bytes: number }>(child, 'memory', 'memory').then((m) => m.bytes);

// Phase 1: the replicas under the load.
const observer = await spawnClients('upstream', `${gateway.wsUrl}/ws/dispatch`, 1, { authorization: `Bearer ${gateway.access}` });
await ask(observer, 'connect', 'connected');
const shares = split(SUBSCRIBERS, REPLICAS);
const groups = await Promise.all(
  replicas.map(async (replica, r) => ({
    replica: r,
    count: shares[r]!,
    children: await Promise.all(split(shares[r]!, PER_REPLICA).map((n) => spawnClients('bff', replica.ws, n, bffHeaders, replicas[(r + 1) % REPLICAS]!.ws))),
  })),
);
const before = await Promise.all(replicas.map((r) => memoryOf(r.child)));
let ready = 0;
const t0 = Date.now();
for (const group of groups) for (const child of group.children) ready += (await ask<{ ready: number }>(child, 'connect', 'connected')).ready;
console.log(`replicas: ${ready} subscribed in ${Date.now() - t0} ms`);
await new Promise((r) => setTimeout(r, 2000));
const after = await Promise.all(replicas.map((r) => memoryOf(r.child)));
const allClients = groups.flatMap((g) => g.children);
const hopsBefore = await Promise.all(replicas.map((r) => hopBuckets(r.url)));
for (const child of [...allClients, observer]) child.send({ cmd: 'measure' });
for (const r of replicas) r.child.send({ cmd: 'cpu-start' });
let load = sampleLoad();
const driven = await drive();
console.log(`replicas: ${driven.made} changes committed in ${driven.elapsed_ms} ms`);
await new Promise((r) => setTimeout(r, 1500));
const loadFigures = load();
const replicaCpu = await Promise.all(replicas.map((r) => ask<{ us: number }>(r.child, 'cpu', 'cpu').then((c) => c.us)));
const upstreamReport = await ask<Report>(observer, 'report', 'report', {});
const reports = await Promise.all(allClients.map((child) => ask<Report>(child, 'report', 'report', { final: driven.final })));
const hopsAfter = await Promise.all(replicas.map((r) => hopBuckets(r.url)));
const hops = hopsAfter.map((h, k) => minus(h, hopsBefore[k]!));
const sum = (rs: Report[], k: 'lost' | 'received' | 'messages' | 'open') => rs.reduce((a, r) => a + r[k], 0);
const viaReplicas = {
  ready,
  made: driven.made,
  p50: quantile(reports, 0.5),
  p90: quantile(reports, 0.9),
  p99: quantile(reports, 0.99),
  p999: quantile(reports, 0.999),
  lost: sum(reports, 'lost'),
  received: sum(reports, 'received'),
  open: sum(reports, 'open'),
  messages_per_client_per_second: Number((sum(reports, 'messages') / SUBSCRIBERS / (driven.elapsed_ms / 1000)).toFixed(1)),
  bytes_per_subscription: Math.round(replicas.reduce((a, _, k) => a + (after[k]! - before[k]!), 0) / SUBSCRIBERS),
  replicas_cpu_percent: replicaCpu.map((us) => Math.round((us / 1000 / driven.elapsed_ms) * 100)),
  clients_cpu_cores: Number((reports.reduce((a, r) => a + r.cpu_us, 0) / 1000 / driven.elapsed_ms).toFixed(2)),
  redis_hop_p50_ms_at_most: bucketQuantile(hops, 0.5),
  redis_hop_p99_ms_at_most: bucketQuantile(hops, 0.99),
  upstream_p50_ms: quantile([upstreamReport], 0.5),
  upstream_p99_ms: quantile([upstreamReport], 0.99),
  ...loadFigures,
};
console.log('replicas', JSON.stringify(viaReplicas));

// Phase 2: while changes keep coming, the last replica dies with its browsers on it; they come
// back on the others with their last id.
const victim = replicas[REPLICAS - 1]!;
const victims = groups[REPLICAS - 1]!;
// Where a moved browser's wait goes on the replica it lands on (`panel_bff_live_start_seconds`):
// the session's confirmation at the gateway, then its first event.
const survivor = replicas[0]!;
const startStages = ['session', 'first_event'] as const;
const overflowsBefore = listenOverflows();
const startBefore = await Promise.all(startStages.map((stage) => histogram(survivor.url, 'panel_bff_live_start_seconds', stage)));
for (const child of allClients) child.send({ cmd: 'measure' });
const storming = drive(8);
await new Promise((r) => setTimeout(r, 1500));
const stormAt = performance.timeOrigin + performance.now();
for (const child of victims.children) child.send({ cmd: 'storm', at: stormAt });
victim.child.kill('SIGKILL');
const stormDeadline = Date.now() + 60_000;
let storm: { moved: number; back: number; replays: number; snapshots: number; since_kill_ms: number[]; closed_since_kill_ms: number[]; opened_since_kill_ms: number[]; first_event_after_open_ms: number[] }[] = [];
for (;;) {
  storm = await Promise.all(victims.children.map((child) => ask<(typeof storm)[number]>(child, 'storm-report', 'storm-report')));
  const back = storm.reduce((a, s) => a + s.back, 0);
  if (back >= victims.count || Date.now() > stormDeadline) break;
  await new Promise((r) => setTimeout(r, 250));
}
const sinceKill = storm.flatMap((s) => s.since_kill_ms);
const closedSinceKill = storm.flatMap((s) => s.closed_since_kill_ms);
const openedSinceKill = storm.flatMap((s) => s.opened_since_kill_ms);
const afterOpen = storm.flatMap((s) => s.first_event_after_open_ms);
const overflowsAfter = listenOverflows();
const startAfter = await Promise.all(startStages.map((stage) => histogram(survivor.url, 'panel_bff_live_start_seconds', stage)));
const startQuantile = (k: number, q: number) => bucketQuantile([minus(startAfter[k]!, startBefore[k]!)], q);
const stormFigures = {
  browsers_of_dead_replica: victims.count,
  moved: storm.reduce((a, s) => a + s.moved, 0),
  converged: sinceKill.length,
  resumed_by_replay: storm.reduce((a, s) => a + s.replays, 0),
  resumed_by_snapshot: storm.reduce((a, s) => a + s.snapshots, 0),
  all_converged_ms: Number(Math.max(...sinceKill).toFixed(1)),
  p50_ms: Number(percentile(sinceKill, 50).toFixed(1)),
  p99_ms: Number(percentile(sinceKill, 99).toFixed(1)),
  socket_closed_p50_ms: Number(percentile(closedSinceKill, 50).toFixed(1)),
  socket_closed_last_ms: Number(Math.max(...closedSinceKill).toFixed(1)),
  socket_open_p50_ms: Number(percentile(openedSinceKill, 50).toFixed(1)),
  socket_open_last_ms: Number(Math.max(...openedSinceKill).toFixed(1)),
  first_event_after_open_p50_ms: Number(percentile(afterOpen, 50).toFixed(1)),
  first_event_after_open_p99_ms: Number(percentile(afterOpen, 99).toFixed(1)),
  listen_overflows: overflowsBefore === undefined || overflowsAfter === undefined ? null : overflowsAfter - overflowsBefore,
  listen_backlog: Number(process.env.BFF_LISTEN_BACKLOG ?? 4096),
  server_session_check_p50_ms_at_most: startQuantile(0, 0.5),
  server_session_check_p99_ms_at_most: startQuantile(0, 0.99),
  server_first_event_p50_ms_at_most: startQuantile(1, 0.5),
  server_first_event_p99_ms_at_most: startQuantile(1, 0.99),
};
console.log('storm', JSON.stringify(stormFigures));
// Every browser, moved or not, ends on every change committed during and after the storm.
const afterStorm = await storming;
await new Promise((r) => setTimeout(r, 1500));
const reportsAfter = await Promise.all(allClients.map((child) => ask<Report>(child, 'report', 'report', { final: afterStorm.final })));
const lostAfterStorm = sum(reportsAfter, 'lost');
const openAfterStorm = sum(reportsAfter, 'open');
for (const child of allClients) child.send({ cmd: 'close' });
for (const r of replicas.slice(0, -1)) r.child.send({ cmd: 'close' });

// Phase 3: the bare broadcast of the same changes, the same number of clients and processes.
const bare = await startBare(BARE_PORT, `${gateway.wsUrl}/ws/dispatch`, { authorization: `Bearer ${gateway.access}` }, date);
const bareObserver = await spawnClients('upstream', `${gateway.wsUrl}/ws/dispatch`, 1, { authorization: `Bearer ${gateway.access}` });
await ask(bareObserver, 'connect', 'connected');
const bareChildren = await Promise.all(split(SUBSCRIBERS, REPLICAS * PER_REPLICA).map((n) => spawnClients('bare', `ws://127.0.0.1:${BARE_PORT}`, n, {})));
for (const child of bareChildren) await ask(child, 'connect', 'connected');
await new Promise((r) => setTimeout(r, 2000));
for (const child of [...bareChildren, bareObserver]) child.send({ cmd: 'measure' });
load = sampleLoad();
const bareDriven = await drive();
await new Promise((r) => setTimeout(r, 1500));
const bareLoad = load();
const bareUpstream = await ask<Report>(bareObserver, 'report', 'report', {});
const bareReports = await Promise.all(bareChildren.map((child) => ask<Report>(child, 'report', 'report', { final: bareDriven.final })));
for (const child of [...bareChildren, bareObserver, observer]) child.send({ cmd: 'close' });
bare.close();
gatewayProcess.send({ cmd: 'close' });
const baseline = {
  p50: quantile(bareReports, 0.5),
  p99: quantile(bareReports, 0.99),
  lost: sum(bareReports, 'lost'),
  upstream_p99_ms: quantile([bareUpstream], 0.99),
  ...bareLoad,
};

// The size is the record; another size is kept beside it (`fanout-replicas-<n>.json`).
// BENCH_RECORD=merge keeps the file's earlier runs under `earlier` (the machine is shared: one
// run alone says little); BENCH_RECORD=off prints the figures and records nothing.
const recordName = SUBSCRIBERS === 10_000 ? 'fanout-replicas' : `fanout-replicas-${SUBSCRIBERS}`;
const recordFile = here(`../results/${recordName}.json`);
const earlierRuns = (): unknown[] => {
  if (process.env.BENCH_RECORD !== 'merge' || !existsSync(recordFile)) return [];
  const { earlier = [], ...previous } = JSON.parse(readFileSync(recordFile, 'utf8')) as { earlier?: unknown[] };
  return [previous, ...earlier];
};
const record = process.env.BENCH_RECORD === 'off' ? (_: string, figures: object) => console.log(JSON.stringify(figures, null, 2)) : recordResults;
record(recordName, {
  subscribers: SUBSCRIBERS,
  replicas: REPLICAS,
  changes_per_second: RATE,
  seconds: SECONDS,
  store: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
  client_processes: REPLICAS * PER_REPLICA,
  connected: viaReplicas.ready,
  p50_ms: viaReplicas.p50,
  p90_ms: viaReplicas.p90,
  p99_ms: viaReplicas.p99,
  p999_ms: viaReplicas.p999,
  lost: viaReplicas.lost,
  still_connected: viaReplicas.open,
  bytes_per_subscription: viaReplicas.bytes_per_subscription,
  redis_hop_p50_ms_at_most: viaReplicas.redis_hop_p50_ms_at_most,
  redis_hop_p99_ms_at_most: viaReplicas.redis_hop_p99_ms_at_most,
  baseline_p50_ms: baseline.p50,
  baseline_p99_ms: baseline.p99,
  baseline_lost: baseline.lost,
  ratio_p99: Number((viaReplicas.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)),
  storm: { ...stormFigures, lost_after: lostAfterStorm, still_connected_after: openAfterStorm },
  replicas_cpu_percent: viaReplicas.replicas_cpu_percent,
  clients_cpu_cores: viaReplicas.clients_cpu_cores,
  messages_per_client_per_second: viaReplicas.messages_per_client_per_second,
  achieved_changes_per_second: Number(((driven.made * 1000) / driven.elapsed_ms).toFixed(1)),
  upstream_p50_ms: viaReplicas.upstream_p50_ms,
  upstream_p99_ms: viaReplicas.upstream_p99_ms,
  baseline_upstream_p99_ms: baseline.upstream_p99_ms,
  load_average_1m: { replicas_phase_mean: viaReplicas.load1_mean, replicas_phase_max: viaReplicas.load1_max, baseline_phase_mean: baseline.load1_mean, baseline_phase_max: baseline.load1_max },
  note:
    'processes: the gateway (commits the changes), each BFF replica (REDIS_URL shared, one lease holder reads the gateway and appends to the Redis stream, every replica reads it), the clients (split over client_processes, half on each replica), one upstream observer. Latency is commit (the cell\'s updated_at) to receipt. redis_hop_*: from the holder\'s append to each replica\'s read, from the replicas\' panel_bff_live_redis_hop_seconds histogram (bucket bounds, so an upper bound). storm: the last replica is killed (SIGKILL) with its browsers on it; each reconnects to the next replica with its last event id; converged = its first event back (replay or snapshot), timed from the kill; changes flow at the same rate throughout (8 s, the kill 1.5 s in), and lost_after is counted over every client against the last versions of that drive; where a moved browser\'s time went: socket_closed_* (the kill until its client saw the socket close), socket_open_* (until its socket on the other replica was open), first_event_after_open_* (from then until its first event), server_* (the survivor\'s panel_bff_live_start_seconds over the storm: the session confirmed at the gateway, the first event ready; bucket bounds), listen_overflows (the kernel\'s TcpExt ListenOverflows over the storm, the whole machine: connections dropped because an accept queue was full; each costs the client a TCP retry 1, 3, 7, 15 s later) with the replicas\' listen_backlog. baseline: the bare ws broadcast of decision 061 with the same clients. The machine is shared with other work: see load_average_1m.',
  earlier: earlierRuns(),
});
// The replicas' keys (their stream, lease and state) go with the run.
await dropRedisKeys(redisUrl, prefix);
process.exit(0);
