// bench/lists: every list of the panel through the BFF over 100,000 seeded rows each (catalogue.ts
// declares the lists, their seeds and cases): p50/p99 of the default view, each filter the screen
// offers, each sortable column descending, a deep page and the tab counts where a list has them;
// baseline: the same calls straight to the gateway, in the same run. The gateway runs in its own
// process, as deployed, on the embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Run: pnpm exec tsx bench/lists/lists.ts   (BENCH_ROWS, BENCH_REQUESTS, BENCH_ONLY=<list,list>, BENCH_RECORD=merge)
import { randomBytes } from 'node:crypto';
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildBff } from '@panel/bff/app';
import { parseBffEnv } from '@panel/bff/env';
import { signInThroughBff } from '../lib/panel';
import { percentile, recordResults } from '../lib/results';
import { selectLists, type Filter, type ListBench, type ListCase, type Sample } from './catalogue';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ONLY = process.env.BENCH_ONLY ?? '';
const WARMUP = 10;
const TARGET_P99_MS = 100;
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 4050);

interface GatewayReady {
  url: string;
  wsUrl: string;
  access: string;
  lists: Record<string, { rows: number; seed_seconds: number; sample: Sample }>;
  measured: string[];
}
interface CaseResult {
  matched: number | null;
  bff: { p50_ms: number; p99_ms: number };
  baseline_gateway_direct: { p50_ms: number; p99_ms: number };
  pass: boolean;
}
const round = (n: number) => Math.round(n * 10) / 10;
/** The record of the lists at a size other than the main record's (`sizes['1000000']`). */
interface SizeRecord {
  rows_per_list: number;
  failing: string[];
  runs: unknown[];
  pglite: Record<string, unknown>;
  postgres: Record<string, unknown>;
}

/** How many rows an answer says matched: a page's `count`, or the sum of the tabs' counts. */
function matchedOf(body: unknown): number | null {
  if (Array.isArray(body)) return body.reduce((sum: number, tab: { count?: number }) => sum + (tab.count ?? 0), 0);
  const count = (body as { count?: unknown; results?: unknown }).count;
  if (typeof count === 'number') return count;
  const results = (body as { results?: unknown }).results;
  return Array.isArray(results) ? matchedOf(results) : null;
}

async function run(database: 'pglite' | 'postgres') {
  const child = fork(fileURLToPath(new URL('./gateway.ts', import.meta.url)), [String(ROWS), database, ONLY], { execArgv: ['--import', 'tsx'] });
  const seedStart = performance.now();
  const ready = await new Promise<GatewayReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as GatewayReady));
    child.once('exit', (code) => reject(new Error(`the bench gateway exited (${code}) before it was ready`)));
  });
  console.error(`[${database}] seeded in ${round((performance.now() - seedStart) / 1000)} s: ${JSON.stringify(Object.fromEntries(Object.entries(ready.lists).map(([n, l]) => [n, l.rows])))}`);
  const bff = await buildBff(
    parseBffEnv({ BFF_HOST: '127.0.0.1', BFF_PORT: String(BFF_PORT), GATEWAY_URL: ready.url, GATEWAY_WS_URL: ready.wsUrl, LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') }),
  );
  const bffUrl = await bff.listen({ host: '127.0.0.1', port: BFF_PORT });
  const cookie = await signInThroughBff(bffUrl, 'staff', 'staff1234');

  async function bffData(procedure: string, filter: Filter): Promise<unknown> {
    const res = await fetch(`${bffUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(filter))}`, { headers: { cookie, 'x-panel-request': '1' } });
    if (!res.ok) throw new Error(`BFF ${procedure} ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { result: { data: unknown } }).result.data;
  }
  const viaBff = async (procedure: string, filter: Filter) => matchedOf(await bffData(procedure, filter));
  /**
   * A page past the first as the pager reaches it: a list that pages by keyset (decision 123)
   * answers the page before with `next`, and the pager sends it as `after`; others by number alone.
   */
  async function asPagerReachesIt(procedure: string, filter: Filter): Promise<Filter> {
    if (typeof filter.page !== 'number' || filter.page < 2) return filter;
    const before = (await bffData(procedure, { ...filter, page: filter.page - 1 })) as { next?: string };
    return before.next ? { ...filter, after: before.next } : filter;
  }
  async function viaGateway(path: string, query: Record<string, string>): Promise<number | null> {
    const res = await fetch(`${ready.url}${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${ready.access}` } });
    if (!res.ok) throw new Error(`gateway ${path} ${res.status}: ${await res.text()}`);
    return matchedOf(await res.json());
  }
  async function measure(call: () => Promise<number | null>) {
    let matched: number | null = null;
    for (let i = 0; i < WARMUP; i++) matched = await call();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await call();
      samples.push(performance.now() - start);
    }
    return { matched, p50_ms: round(percentile(samples, 50)), p99_ms: round(percentile(samples, 99)) };
  }

  const lists: Record<string, unknown> = {};
  for (const list of selectLists(ONLY || undefined).measured) {
    const seeded = ready.lists[list.name]!;
    const cases: Record<string, CaseResult> = {};
    for (const benchCase of list.cases(seeded.sample, ROWS) as ListCase[]) {
      const route = benchCase.route ?? (list as ListBench);
      const filter = await asPagerReachesIt(route.procedure, benchCase.filter);
      const query = route.toQuery(filter as never) as Record<string, string>;
      const panel = await measure(() => viaBff(route.procedure, filter));
      const baseline = await measure(() => viaGateway(route.gatewayPath, query));
      cases[benchCase.name] = {
        matched: panel.matched,
        bff: { p50_ms: panel.p50_ms, p99_ms: panel.p99_ms },
        baseline_gateway_direct: { p50_ms: baseline.p50_ms, p99_ms: baseline.p99_ms },
        pass: panel.p99_ms <= TARGET_P99_MS,
      };
      const row = cases[benchCase.name]!;
      console.error(
        `${database.padEnd(8)} ${list.name.padEnd(20)} ${benchCase.name.padEnd(26)} bff ${String(row.bff.p50_ms).padStart(6)} /${String(row.bff.p99_ms).padStart(6)}  gw ${String(row.baseline_gateway_direct.p50_ms).padStart(6)} /${String(row.baseline_gateway_direct.p99_ms).padStart(6)}  rows ${String(row.matched).padStart(6)}  ${row.pass ? 'pass' : 'FAIL'}`,
      );
    }
    const values = Object.values(cases);
    lists[list.name] = {
      rows: seeded.rows,
      seed_seconds: seeded.seed_seconds,
      worst_bff_p99_ms: Math.max(...values.map((c) => c.bff.p99_ms)),
      worst_baseline_p99_ms: Math.max(...values.map((c) => c.baseline_gateway_direct.p99_ms)),
      failing: Object.entries(cases).filter(([, c]) => !c.pass).map(([name]) => name),
      cases,
    };
  }

  await bff.close();
  child.send({ cmd: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  return lists;
}

function printTable(database: string, lists: Record<string, unknown>) {
  console.log(`\n${database}: p50 / p99 ms through the BFF and straight to the gateway (target p99 <= ${TARGET_P99_MS} ms)`);
  console.log(`${'list'.padEnd(20)} ${'case'.padEnd(26)} ${'bff p50'.padStart(8)} ${'bff p99'.padStart(8)} ${'gw p50'.padStart(8)} ${'gw p99'.padStart(8)} ${'rows'.padStart(7)}  result`);
  for (const [name, list] of Object.entries(lists) as [string, { cases: Record<string, CaseResult> }][]) {
    for (const [caseName, c] of Object.entries(list.cases)) {
      console.log(
        `${name.padEnd(20)} ${caseName.padEnd(26)} ${String(c.bff.p50_ms).padStart(8)} ${String(c.bff.p99_ms).padStart(8)} ${String(c.baseline_gateway_direct.p50_ms).padStart(8)} ${String(c.baseline_gateway_direct.p99_ms).padStart(8)} ${String(c.matched).padStart(7)}  ${c.pass ? 'pass' : 'FAIL'}`,
      );
    }
  }
}

// BENCH_DRIVERS=postgres measures PostgreSQL alone (a million rows are a PostgreSQL size); both by default.
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim());
const loadBefore = loadavg()[0]!;
const pglite = DRIVERS.includes('pglite') ? await run('pglite') : undefined;
const postgres = process.env.TEST_DATABASE_URL && DRIVERS.includes('postgres') ? await run('postgres') : undefined;
if (pglite) printTable('pglite', pglite);
if (postgres) printTable('postgres', postgres);

const failingOf = (driver: string, lists: Record<string, unknown>) =>
  Object.entries(lists).flatMap(([name, l]) => (l as { failing: string[] }).failing.map((c) => `${driver} ${name} ${c}`));
const failing = [...failingOf('pglite', pglite ?? {}), ...failingOf('postgres', postgres ?? {})];
console.log(failing.length ? `\nOver ${TARGET_P99_MS} ms at p99: ${failing.join('; ')}` : `\nEvery case met p99 <= ${TARGET_P99_MS} ms.`);

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
// Other work on the same cores shows up in the p99; the 1-minute load before and after says how much.
const thisRun = { at: new Date().toISOString(), commit, requests_per_case: REQUESTS, load_average_1m: { before: round(loadBefore), after: round(loadavg()[0]!) } };

// A run of some lists (BENCH_ONLY) is for tuning and records nothing, unless BENCH_RECORD=merge:
// then those lists' entries replace theirs in the record of the last whole run, each entry
// saying which run measured it, and the record's `failing` is recomputed over every list.
if (!ONLY) {
  const stamp = (lists: Record<string, unknown>) => Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, { ...(list as object), run: thisRun }]));
  recordResults('lists', {
    rows_per_list: ROWS,
    requests_per_case: REQUESTS,
    target_p99_ms: TARGET_P99_MS,
    failing,
    runs: [thisRun],
    pglite: pglite ? stamp(pglite) : 'not run (BENCH_DRIVERS)',
    postgres: postgres ? stamp(postgres) : 'not run (TEST_DATABASE_URL unset)',
  });
} else if (process.env.BENCH_RECORD === 'merge') {
  const record = JSON.parse(readFileSync(new URL('../results/lists.json', import.meta.url), 'utf8')) as Record<string, unknown> & {
    pglite: Record<string, unknown>;
    postgres: Record<string, unknown> | string;
    runs?: unknown[];
  };
  if (ROWS !== record.rows_per_list) {
    // Another size (BENCH_ROWS=1000000): its lists are kept apart, in `sizes[rows]`, with their own runs and failing.
    const sizes = (record.sizes ?? {}) as Record<string, SizeRecord>;
    const size: SizeRecord = sizes[String(ROWS)] ?? { rows_per_list: ROWS, failing: [], runs: [], pglite: {}, postgres: {} };
    for (const [name, list] of Object.entries(pglite ?? {})) size.pglite[name] = { ...(list as object), run: thisRun };
    for (const [name, list] of Object.entries(postgres ?? {})) size.postgres[name] = { ...(list as object), run: thisRun };
    size.failing = [...failingOf('pglite', size.pglite), ...failingOf('postgres', size.postgres)];
    size.runs = [...size.runs, { ...thisRun, lists: ONLY.split(','), drivers: DRIVERS }];
    const { benchmark: _benchmark, measured_at: _measuredAt, machine: _machine, ...rest } = record;
    recordResults('lists', { ...rest, sizes: { ...sizes, [String(ROWS)]: size } });
    process.exit(0);
  }
  for (const [name, list] of Object.entries(pglite ?? {})) record.pglite[name] = { ...(list as object), run: thisRun };
  if (postgres && typeof record.postgres === 'object') for (const [name, list] of Object.entries(postgres)) record.postgres[name] = { ...(list as object), run: thisRun };
  // A record written before runs were kept names its one run by its time and load.
  const { benchmark: _benchmark, measured_at: measuredAt, machine: _machine, load_average_1m: load, runs, ...rest } = record;
  const earlier = runs ?? [{ at: measuredAt, load_average_1m: load }];
  recordResults('lists', {
    ...rest,
    failing: [...failingOf('pglite', record.pglite), ...(typeof record.postgres === 'object' ? failingOf('postgres', record.postgres) : [])],
    runs: [...earlier, { ...thisRun, lists: ONLY.split(',') }],
  });
}
