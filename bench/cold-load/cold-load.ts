import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { signInThroughBff } from '../lib/panel';
import { percentile, recordResults } from '../lib/results';

// bench/cold-load (issue 36): the dispatch sheet opened in a fresh browser context, already signed
// in, 1920x1080, until the grid is live (the first cell drawn from the live snapshot is painted),
// BENCH_RUNS times; beside each run, in the same browser, the baseline: a static page of the same
// BFF that opens the same websocket subscription and draws the snapshot with plain DOM (baseline.js).
// Build the web first into WEB_DIST (default /tmp/web-cold):
//   cd apps/web && pnpm exec vite build --outDir /tmp/web-cold --emptyOutDir
//   pnpm --filter @panel/bench exec tsx cold-load/cold-load.ts        (BENCH_PHASE=before|after; BENCH_COMMIT names the build)

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..');
const WEB_DIST = process.env.WEB_DIST ?? '/tmp/web-cold';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPERTS = process.env.BENCH_EXPERTS ?? '300';
const PORT = process.env.BENCH_COLD_PORT ?? '4770';
const PHASE = process.env.BENCH_PHASE ?? 'after';
const SHEET_PATH = '/panel/inspection/orders/management';
if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no build in ${WEB_DIST}: run vite build --outDir ${WEB_DIST} first`);

const CHILD_ARGV = ['--import', 'tsx'];
const start = <T>(args: string[]): Promise<{ child: ChildProcess; info: T }> => {
  const child = fork(join(here, 'servers.ts'), args, { execArgv: CHILD_ARGV, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, info: info as T }));
    child.once('exit', (code) => reject(new Error(`servers.ts ${args[0]} stopped (exit ${code})`)));
  });
};
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send('close');
  });

const loadBefore = loadavg();
const gateway = await start<{ url: string; wsUrl: string; date: string }>(['gateway', EXPERTS]);
const bff = await start<{ url: string }>(['bff', gateway.info.url, gateway.info.wsUrl, WEB_DIST, PORT]);
const base = bff.info.url;
const cookies = (await signInThroughBff(base, 'staff', 'staff1234')).split('; ').map((pair) => {
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
});

interface Resource {
  name: string;
  start: number;
  end: number;
  encoded: number;
  decoded: number;
}
interface Load {
  marks: Record<string, number>;
  first_byte: number;
  resources: Resource[];
}

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const probe = join(here, 'probe.js');

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
  try {
    await context.addCookies(cookies);
    await context.addInitScript({ path: probe });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as unknown as { __cold: Record<string, number> }).__cold.grid_painted !== undefined, undefined, { timeout: 60_000, polling: 50 });
    return await page.evaluate(() => {
      // The page's Performance API (the bench's own types: its tsconfig has no DOM library).
      type Entry = { name: string; startTime: number; responseStart: number; responseEnd: number; encodedBodySize: number; decodedBodySize: number };
      const perf = performance as unknown as { getEntriesByType(type: string): Entry[] };
      const nav = perf.getEntriesByType('navigation')[0]!;
      const resources = perf.getEntriesByType('resource').map((r) => ({
        name: r.name,
        start: r.startTime,
        end: r.responseEnd,
        encoded: r.encodedBodySize,
        decoded: r.decodedBodySize,
      }));
      return { marks: { ...(globalThis as unknown as { __cold: Record<string, number> }).__cold }, first_byte: nav.responseStart, resources };
    });
  } finally {
    await context.close();
  }
}

const gzipOf = (url: string) => {
  const file = join(WEB_DIST, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0;
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const ms = (n: number | undefined) => (n === undefined ? null : Math.round(n));

/** The phases of one app load, in ms from the navigation's start, and the JS it ran before the grid was live. */
function appPhases(load: Load) {
  const live = load.marks.grid_painted!;
  const find = (test: (r: Resource) => boolean) => load.resources.filter(test).sort((a, b) => a.start - b.start)[0];
  const session = find((r) => r.name.includes('/trpc/') && r.name.includes('auth.session'));
  const sheet = find((r) => /dispatch-sheet[^/]*\.js$/.test(r.name));
  const query = find((r) => r.name.includes('/trpc/') && r.name.includes('dispatch.'));
  const scripts = load.resources.filter((r) => new URL(r.name).pathname.endsWith('.js') && r.start < live);
  return {
    first_byte: ms(load.first_byte),
    entry_evaluated: ms(load.marks.entry_evaluated),
    session_sent: ms(session?.start),
    session_answered: ms(session?.end),
    sheet_chunk_loaded: ms(sheet?.end),
    first_query_sent: ms(query?.start),
    first_query_answered: ms(query?.end),
    websocket_open: ms(load.marks.websocket_open),
    snapshot_received: ms(load.marks.snapshot_received),
    grid_painted: ms(live),
    js_files: scripts.length,
    js_transfer_kb: kb(scripts.reduce((s, r) => s + r.encoded, 0)),
    js_decoded_kb: kb(scripts.reduce((s, r) => s + r.decoded, 0)),
    js_gzip_kb: kb(scripts.reduce((s, r) => s + gzipOf(r.name), 0)),
    js_files_list: scripts.map((r) => `${basename(new URL(r.name).pathname)} ${kb(gzipOf(r.name))} KB gzip`),
  };
}
const baselinePhases = (load: Load) => ({
  first_byte: ms(load.first_byte),
  websocket_open: ms(load.marks.websocket_open),
  snapshot_received: ms(load.marks.snapshot_received),
  grid_painted: ms(load.marks.grid_painted),
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
const app: ReturnType<typeof appPhases>[] = [];
const baseline: ReturnType<typeof baselinePhases>[] = [];
const loads: number[][] = [];
try {
  // One warm-up of each (the browser's own start, the BFF's first requests), not recorded.
  await coldLoad(browser, `${base}/cold-baseline?date=${gateway.info.date}`);
  await coldLoad(browser, `${base}${SHEET_PATH}`);
  for (let run = 0; run < RUNS; run++) {
    loads.push(loadavg().map((l) => Math.round(l * 100) / 100));
    // Alternating, so a burst of load elsewhere on the machine hits both.
    baseline.push(baselinePhases(await coldLoad(browser, `${base}/cold-baseline?date=${gateway.info.date}`)));
    app.push(appPhases(await coldLoad(browser, `${base}${SHEET_PATH}`)));
    console.log(`run ${run + 1}: app ${app.at(-1)!.grid_painted} ms, baseline ${baseline.at(-1)!.grid_painted} ms`);
  }
  // BENCH_SCREENSHOT=<dir>: the live sheet at both screen sizes, to look at.
  const shots = process.env.BENCH_SCREENSHOT;
  for (const [width, height] of shots ? [[1920, 1080], [1366, 768]] : []) {
    const context = await browser.newContext({ viewport: { width: width!, height: height! }, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
    await context.addCookies(cookies);
    await context.addInitScript({ path: probe });
    const page = await context.newPage();
    await page.goto(`${base}${SHEET_PATH}`);
    await page.waitForFunction(() => (globalThis as unknown as { __cold: Record<string, number> }).__cold.grid_painted !== undefined);
    await page.screenshot({ path: join(shots!, `cold-load-sheet-${width}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await stop(bff.child);
  await stop(gateway.child);
}

const median = <T extends Record<string, unknown>>(rows: T[]) =>
  Object.fromEntries(
    Object.entries(rows[0]!)
      .filter(([, v]) => typeof v === 'number')
      .map(([k]) => [k, Math.round(percentile(rows.map((r) => r[k] as number), 50) * 10) / 10]),
  );
const appMedian = median(app);
const baselineMedian = median(baseline);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/web', 'packages/ui', 'apps/bff/src/modules/dispatch'], { cwd: repo, encoding: 'utf8' }).trim() !== '';
const figures = {
  // BENCH_COMMIT names the build measured when WEB_DIST was built from another commit (a before run).
  commit: process.env.BENCH_COMMIT ?? (dirty ? `${commit} (with uncommitted changes in apps/web, packages/ui or the BFF's dispatch)` : commit),
  runs: RUNS,
  experts: Number(EXPERTS),
  sheet: SHEET_PATH,
  date: gateway.info.date,
  load_average_before: loadBefore.map((l) => Math.round(l * 100) / 100),
  load_average_per_run: loads,
  median: { app: appMedian, baseline: baselineMedian, ratio: Math.round((appMedian.grid_painted! / baselineMedian.grid_painted!) * 100) / 100 },
  app_runs: app,
  baseline_runs: baseline,
};

console.table({ app: appMedian, baseline: baselineMedian });
const path = join(repo, 'bench', 'results', 'cold-load.json');
const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
const { benchmark: _b, measured_at: _m, machine: _mc, ...kept } = previous;
recordResults('cold-load', { ...kept, [PHASE]: { measured_at: new Date().toISOString(), ...figures } });
