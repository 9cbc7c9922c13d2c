import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { signInThroughBff } from '../lib/panel';
import { SHEET_PATH, startPanel, webDist } from './panel';
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
const WEB_DIST = webDist();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPERTS = process.env.BENCH_EXPERTS ?? '300';
const PORT = process.env.BENCH_COLD_PORT ?? '4770';
const PHASE = process.env.BENCH_PHASE ?? 'after';

const loadBefore = loadavg();
// WEB_DIST_BEFORE: another build (an earlier commit's) served by a second BFF of the same gateway and
// measured in the same runs, alternating with WEB_DIST's, so a change is judged against the load
// of the same minutes; both entries of the record are written.
const BEFORE_DIST = process.env.WEB_DIST_BEFORE;
const panel = await startPanel({ experts: EXPERTS, webDist: WEB_DIST, port: PORT, ...(BEFORE_DIST ? { also: { webDist: BEFORE_DIST, port: String(Number(PORT) + 1) } } : {}) });
const base = panel.base;
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
    if (!url.includes('/cold-baseline')) {
      await page.waitForFunction(() => (globalThis as unknown as { __cold: Record<string, number> }).__cold.islands_ready !== undefined, undefined, { timeout: 60_000, polling: 50 });
    }
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

/** A served file's gzip size, from the build that served it (the second BFF serves WEB_DIST_BEFORE's). */
const gzipOf = (url: string) => {
  const file = join(panel.alsoBase && url.startsWith(panel.alsoBase) ? BEFORE_DIST! : WEB_DIST, new URL(url).pathname);
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
  const ready = load.marks.islands_ready!;
  const scriptsUntilReady = load.resources.filter((r) => new URL(r.name).pathname.endsWith('.js') && r.start < ready);
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
    // Everything on the sheet usable: its selects too (Chakra's, loaded after the grid painted).
    islands_ready: ms(ready),
    js_until_islands_gzip_kb: kb(scriptsUntilReady.reduce((s, r) => s + gzipOf(r.name), 0)),
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
const appBefore: ReturnType<typeof appPhases>[] = [];
const baseline: ReturnType<typeof baselinePhases>[] = [];
const loads: number[][] = [];
try {
  // One warm-up of each (the browser's own start, the BFF's first requests), not recorded.
  await coldLoad(browser, `${base}/cold-baseline?date=${panel.date}`);
  await coldLoad(browser, `${base}${SHEET_PATH}`);
  if (panel.alsoBase) await coldLoad(browser, `${panel.alsoBase}${SHEET_PATH}`);
  for (let run = 0; run < RUNS; run++) {
    loads.push(loadavg().map((l) => Math.round(l * 100) / 100));
    // Alternating, so a burst of load elsewhere on the machine hits both.
    baseline.push(baselinePhases(await coldLoad(browser, `${base}/cold-baseline?date=${panel.date}`)));
    if (panel.alsoBase) appBefore.push(appPhases(await coldLoad(browser, `${panel.alsoBase}${SHEET_PATH}`)));
    app.push(appPhases(await coldLoad(browser, `${base}${SHEET_PATH}`)));
    console.log(`run ${run + 1}: app ${app.at(-1)!.grid_painted} ms${panel.alsoBase ? `, before ${appBefore.at(-1)!.grid_painted} ms` : ''}, baseline ${baseline.at(-1)!.grid_painted} ms`);
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
  await panel.stop();
}

const median = <T extends Record<string, unknown>>(rows: T[]) =>
  Object.fromEntries(
    Object.entries(rows[0]!)
      .filter(([, v]) => typeof v === 'number')
      .map(([k]) => [k, Math.round(percentile(rows.map((r) => r[k] as number), 50) * 10) / 10]),
  );
const baselineMedian = median(baseline);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/web', 'packages/ui', 'apps/bff/src/modules/dispatch'], { cwd: repo, encoding: 'utf8' }).trim() !== '';
const figuresOf = (runs: typeof app, name: string) => {
  const appMedian = median(runs);
  return {
    commit: name,
    runs: RUNS,
    experts: Number(EXPERTS),
    sheet: SHEET_PATH,
    date: panel.date,
    load_average_before: loadBefore.map((l) => Math.round(l * 100) / 100),
    load_average_per_run: loads,
    ...(BEFORE_DIST ? { measured_with: 'the other entry, alternating run by run (WEB_DIST_BEFORE)' } : {}),
    median: { app: appMedian, baseline: baselineMedian, ratio: Math.round((appMedian.grid_painted! / baselineMedian.grid_painted!) * 100) / 100 },
    app_runs: runs,
    baseline_runs: baseline,
  };
};
// BENCH_COMMIT names the build measured when WEB_DIST was built from another commit (a before run).
const figures = figuresOf(app, process.env.BENCH_COMMIT ?? (dirty ? `${commit} (with uncommitted changes in apps/web, packages/ui or the BFF's dispatch)` : commit));
const appMedian = figures.median.app;
console.table({ app: appMedian, ...(BEFORE_DIST ? { before: median(appBefore) } : {}), baseline: baselineMedian });
const path = join(repo, 'bench', 'results', 'cold-load.json');
const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
const { benchmark: _b, measured_at: _m, machine: _mc, ...kept } = previous;
const at = new Date().toISOString();
recordResults('cold-load', {
  ...kept,
  ...(BEFORE_DIST ? { before: { measured_at: at, ...figuresOf(appBefore, process.env.BENCH_COMMIT_BEFORE ?? BEFORE_DIST) } } : {}),
  [BEFORE_DIST ? 'after' : PHASE]: { measured_at: at, ...figures },
});
