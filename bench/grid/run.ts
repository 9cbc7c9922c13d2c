import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { percentile, recordResults } from '../lib/results';

// Builds two pages, serves them, and drives both in one headless Chromium with the same code
// (page/bench-api.ts): the real DispatchGrid and cell store fed with generated data, and a
// baseline that draws the same sheet with plain DOM calls (page/baseline.tsx), the floor of this
// browser on this machine. Usage: pnpm --filter @panel/bench exec tsx grid/run.ts

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const webDir = join(repo, 'apps', 'web');
const outDir = join(here, 'dist');
const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 5000);
const PORT = Number(process.env.BENCH_GRID_PORT ?? 4750);
/** Fresh-page loads per page for the first paint's median. */
const FIRST_PAINT_RUNS = Number(process.env.BENCH_FIRST_PAINT_RUNS ?? 7);
/** Scroll passes per page, alternating between the pages so a burst of load elsewhere on the machine hits both. */
const SCROLL_ROUNDS = Number(process.env.BENCH_SCROLL_ROUNDS ?? 3);
const SCROLL_FRAMES = 180;
const SCROLL_PX = 120;
/**
 * A grid page built from another commit (a copy of grid/dist made by this script there): its first
 * paint is measured in the same fresh-page rounds, alternating with this build's and the baseline's,
 * so a change is read against its own before in the same period of load (decision 144).
 */
const BEFORE_DIR = process.env.BENCH_GRID_BEFORE;
/** Fresh-page loads per page traced for the main thread's CPU time of the first paint (0: none). */
const FIRST_PAINT_CPU_RUNS = Number(process.env.BENCH_FIRST_PAINT_CPU_RUNS ?? FIRST_PAINT_RUNS);

// Vite and its React plugin are the web app's; the bench borrows them rather than adding copies.
const webRequire = createRequire(join(webDir, 'package.json'));
const load = async (name: string) => import(pathToFileURL(webRequire.resolve(name)).href);
const vite = await load('vite');
const react = (await load('@vitejs/plugin-react')).default;
const fromWeb = (name: string) => dirname(webRequire.resolve(`${name}/package.json`));
/** Each entry point a workspace package exports (`@panel/ui/grid`, `@panel/contracts/dispatch/plain`, …), to its source file. */
const workspaceExports = (name: string) => {
  const dir = join(repo, 'packages', name);
  const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports: Record<string, string> };
  return Object.entries(exports).map(([subpath, file]) => ({ find: new RegExp(`^@panel/${name}${subpath.slice(1).replace(/\//g, '\\/')}$`), replacement: join(dir, file) }));
};

await vite.build({
  root: join(here, 'page'),
  // Relative asset paths, so a copy of this build can be served under /before/ (BENCH_GRID_BEFORE).
  base: './',
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: fromWeb('react') },
      { find: /^react\/(.*)$/, replacement: `${fromWeb('react')}/$1` },
      { find: /^react-dom$/, replacement: fromWeb('react-dom') },
      { find: /^react-dom\/(.*)$/, replacement: `${fromWeb('react-dom')}/$1` },
      { find: /^@chakra-ui\/react$/, replacement: fromWeb('@chakra-ui/react') },
      ...workspaceExports('ui'),
      ...workspaceExports('contracts'),
    ],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    // BENCH_GRID_MINIFY=0 keeps the names, for a profile of the pages (grid/profile.ts).
    minify: process.env.BENCH_GRID_MINIFY !== '0',
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: { grid: join(here, 'page', 'index.html'), baseline: join(here, 'page', 'baseline.html') } },
  },
});

if (process.env.BENCH_GRID_BUILD_ONLY) process.exit(0);

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.woff': 'font/woff' };
const server = createServer(async (req, res) => {
  let path = (req.url ?? '/').split('?')[0]!;
  let dir = outDir;
  if (BEFORE_DIR && path.startsWith('/before/')) {
    dir = BEFORE_DIR;
    path = path.slice('/before'.length);
  }
  try {
    const body = await readFile(join(dir, path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

// Chromium's own flags only, no frame-rate or compositor switches: --disable-frame-rate-limit
// would let frames run unpaced and make a frame time mean something else than on a user's screen.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  type Bench = {
    idle(frames: number): Promise<number[]>;
    load(n: number): Promise<{ first_paint_ms: number; cells_mounted: number }>;
    stream(rate: number, s: number): Promise<{ latencies: number[]; long_tasks: number[]; longest_flush_ms: number }>;
    burst(n: number): Promise<{ burst_ms: number }>;
    scroll(frames: number, px: number): Promise<{ frames: number[]; mounted: number; long_tasks: number[] }>;
    rewind(): Promise<void>;
  };
  const open = async (file: string) => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/${file}`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const call = <K extends keyof Bench>(name: K, ...args: Parameters<Bench[K]>) =>
      page.evaluate(
        ([n, a]) => (globalThis as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>).bench![n as string]!(...(a as unknown[])),
        [name, args] as const,
      ) as ReturnType<Bench[K]>;
    return { page, call };
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  /** The ratio of two medians, to two places. */
  const ratio = (a: number[], b: number[]) => Math.round((percentile(a, 50) / percentile(b, 50)) * 100) / 100;
  const pages = { baseline: await open('baseline.html'), grid: await open('index.html') };

  // One step at a time on each page in turn, never both at once: they share two cores.
  type Figures = {
    idle: number[];
    loaded: Awaited<ReturnType<Bench['load']>>;
    stream: Awaited<ReturnType<Bench['stream']>>;
    burst: Awaited<ReturnType<Bench['burst']>>;
    scroll: { frames: number[]; long_tasks: number[]; mounted: number };
  };
  const figures: Partial<Record<keyof typeof pages, Partial<Figures>>> = { baseline: {}, grid: {} };
  const each = async (step: (p: (typeof pages)['grid'], f: Partial<Figures>) => Promise<void>) => {
    for (const name of ['baseline', 'grid'] as const) await step(pages[name], figures[name]!);
  };
  await each(async (p, f) => void (f.idle = await p.call('idle', 120)));
  await each(async (p, f) => void (f.loaded = await p.call('load', EXPERTS)));
  // The first paint again in fresh pages, alternating, FIRST_PAINT_RUNS times: one load is one
  // sample of a ~70 ms figure, and a neighbour's burst moved it by a fifth (issue 36 asks 1.2x).
  const firstPaints: Record<'baseline' | 'grid' | 'before', number[]> = { baseline: [], grid: [], before: [] };
  const files = { baseline: 'baseline.html', grid: 'index.html', before: 'before/index.html' };
  const loadPerRound: number[] = [];
  for (let r = 0; r < FIRST_PAINT_RUNS; r++) {
    for (const name of BEFORE_DIR ? (['baseline', 'grid', 'before'] as const) : (['baseline', 'grid'] as const)) {
      const fresh = await open(files[name]);
      firstPaints[name].push(round((await fresh.call('load', EXPERTS)).first_paint_ms));
      await fresh.page.context().close();
    }
    loadPerRound.push(round(loadavg()[0]!));
  }
  // The same again, traced: the main thread's CPU time from the data to the painted frame. A
  // neighbour's load stretches wall time (1.22-1.72x on the same code) far more than CPU time,
  // so this says what each page costs itself, the wall-clock medians above what a person waits.
  const firstPaintCpu: Record<'baseline' | 'grid' | 'before', number[]> = { baseline: [], grid: [], before: [] };
  for (let r = 0; r < FIRST_PAINT_CPU_RUNS; r++) {
    for (const name of BEFORE_DIR ? (['baseline', 'grid', 'before'] as const) : (['baseline', 'grid'] as const)) {
      const fresh = await open(files[name]);
      await browser.startTracing(fresh.page, { categories: ['toplevel', 'blink.user_timing'] });
      await fresh.call('load', EXPERTS);
      firstPaintCpu[name].push(round(mainThreadCpuBetweenMarks(await browser.stopTracing(), 'bench:show', 'bench:painted')));
      await fresh.page.context().close();
    }
  }
  if (process.env.BENCH_SCREENSHOT) await pages.grid.page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  await each(async (p, f) => void (f.stream = await p.call('stream', 1000, 10)));
  await each(async (p, f) => void (f.burst = await p.call('burst', 10_000)));
  await each(async (_p, f) => void (f.scroll = { frames: [], long_tasks: [], mounted: 0 }));
  for (let r = 0; r < SCROLL_ROUNDS; r++) {
    await each(async (p, f) => {
      await p.call('rewind');
      const s = await p.call('scroll', SCROLL_FRAMES, SCROLL_PX);
      f.scroll!.frames.push(...s.frames);
      f.scroll!.long_tasks.push(...s.long_tasks);
      f.scroll!.mounted = s.mounted;
    });
  }

  // Frame times are wall-clock and this machine is shared: a busy neighbour makes both pages miss
  // frames. CPU time (a trace's thread duration) is not stretched by waiting for a core, so one
  // traced pass per page says how much work each frame costs the page itself.
  const cpu: Partial<Record<keyof typeof pages, CpuPerFrame>> = {};
  for (const name of ['baseline', 'grid'] as const) {
    const p = pages[name];
    await p.call('rewind');
    await browser.startTracing(p.page, { categories: ['toplevel'] });
    const s = await p.call('scroll', SCROLL_FRAMES, SCROLL_PX);
    cpu[name] = cpuPerFrame(await browser.stopTracing(), s.frames.length);
  }

  const summary = (f: Partial<Figures>) => ({
    idle_frame_p95_ms: round(percentile(f.idle!, 95)),
    first_paint_ms: round(f.loaded!.first_paint_ms),
    first_paint_median_ms: round(percentile(f === figures.grid ? firstPaints.grid : firstPaints.baseline, 50)),
    cells_mounted: f.loaded!.cells_mounted,
    longest_task_ms: round(Math.max(f.stream!.longest_flush_ms, ...f.stream!.long_tasks)),
    p95_update_to_paint_ms: round(percentile(f.stream!.latencies, 95)),
    p50_update_to_paint_ms: round(percentile(f.stream!.latencies, 50)),
    long_tasks_over_50ms: f.stream!.long_tasks.length,
    burst_10000_ms: round(f.burst!.burst_ms),
    scroll_frame_p50_ms: round(percentile(f.scroll!.frames, 50)),
    scroll_frame_p95_ms: round(percentile(f.scroll!.frames, 95)),
    scroll_frame_max_ms: round(Math.max(...f.scroll!.frames)),
    /** Frames that took more than one 60 Hz interval (a missed frame). */
    scroll_frames_over_17ms: f.scroll!.frames.filter((t) => t > 17).length,
    scroll_long_tasks: f.scroll!.long_tasks.length,
  });
  const grid = summary(figures.grid!);
  const baseline = summary(figures.baseline!);
  const [load1, load5] = loadavg();
  recordResults('grid', {
    experts: EXPERTS,
    first_paint_ms: grid.first_paint_ms,
    cells_mounted: grid.cells_mounted,
    longest_task_ms: grid.longest_task_ms,
    p95_update_to_paint_ms: grid.p95_update_to_paint_ms,
    burst_10000_ms: grid.burst_10000_ms,
    scroll_frame_p95_ms: grid.scroll_frame_p95_ms,
    baseline_first_paint_ms: baseline.first_paint_ms,
    // Issue 36: the grid's first paint within 1.2x the plain-DOM baseline's, as medians of fresh pages.
    first_paint_median_ms: grid.first_paint_median_ms,
    baseline_first_paint_median_ms: baseline.first_paint_median_ms,
    first_paint_ratio: Math.round((grid.first_paint_median_ms / baseline.first_paint_median_ms) * 100) / 100,
    first_paint_runs: BEFORE_DIR ? firstPaints : { baseline: firstPaints.baseline, grid: firstPaints.grid },
    first_paint_load_1m: loadPerRound,
    ...(FIRST_PAINT_CPU_RUNS > 0
      ? {
          first_paint_cpu_median_ms: round(percentile(firstPaintCpu.grid, 50)),
          baseline_first_paint_cpu_median_ms: round(percentile(firstPaintCpu.baseline, 50)),
          first_paint_cpu_ratio: ratio(firstPaintCpu.grid, firstPaintCpu.baseline),
          first_paint_cpu_runs: BEFORE_DIR ? firstPaintCpu : { baseline: firstPaintCpu.baseline, grid: firstPaintCpu.grid },
        }
      : {}),
    ...(BEFORE_DIR
      ? {
          before: {
            commit: process.env.BENCH_COMMIT_BEFORE ?? 'unknown',
            first_paint_median_ms: round(percentile(firstPaints.before, 50)),
            first_paint_ratio: ratio(firstPaints.before, firstPaints.baseline),
            ...(FIRST_PAINT_CPU_RUNS > 0
              ? { first_paint_cpu_median_ms: round(percentile(firstPaintCpu.before, 50)), first_paint_cpu_ratio: ratio(firstPaintCpu.before, firstPaintCpu.baseline) }
              : {}),
          },
        }
      : {}),
    baseline_cells_mounted: baseline.cells_mounted,
    baseline_longest_task_ms: baseline.longest_task_ms,
    baseline_p95_update_to_paint_ms: baseline.p95_update_to_paint_ms,
    baseline_burst_10000_ms: baseline.burst_10000_ms,
    baseline_scroll_frame_p95_ms: baseline.scroll_frame_p95_ms,
    idle_frame_p95_ms: baseline.idle_frame_p95_ms,
    scroll_main_thread_cpu_ms_per_frame: cpu.grid!.main,
    baseline_scroll_main_thread_cpu_ms_per_frame: cpu.baseline!.main,
    detail: {
      grid: { ...grid, scroll_cpu_ms_per_frame: cpu.grid },
      baseline: { ...baseline, scroll_cpu_ms_per_frame: cpu.baseline },
      baseline_is: 'the same sheet, data, styles and row geometry drawn with plain DOM calls (a recycled pool of row nodes, innerHTML per cell), no React after the first shell',
      load_average_1m_5m: [round(load1!), round(load5!)],
      updates_measured: figures.grid!.stream!.latencies.length,
      cells_mounted_after_scroll: figures.grid!.scroll!.mounted,
      scroll: `${SCROLL_ROUNDS} passes of ${SCROLL_FRAMES} frames at ${SCROLL_PX} px a frame, alternating pages`,
      chromium_flags: FLAGS,
      viewport: '1920x1080',
      targets: { first_paint_ms: 300, cells_mounted: 600, longest_task_ms: 50, p95_update_to_paint_ms: 70, burst_10000_ms: 1000, scroll_frame_p95_ms: 16.7 },
    },
  });
  console.table({ grid, baseline });
} finally {
  await browser.close();
  server.close();
}

interface CpuPerFrame {
  /** The page's main thread: script, style, layout, paint recording. */
  main: number;
  /** The page's compositor thread. */
  compositor: number;
  /** The browser's display compositor, which draws every frame in software without a GPU. */
  display: number;
}

/** CPU milliseconds per frame of the busiest renderer (the page scrolled) and of the display compositor. */
function cpuPerFrame(trace: Buffer, frames: number): CpuPerFrame {
  type Event = { ph: string; name: string; pid: number; tid: number; tdur?: number; args?: { name?: string } };
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: Event[] } | Event[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const byThread = new Map<string, { pid: number; name: string; ms: number }>();
  for (const e of events) {
    // Top-level tasks only, so nested events are not counted twice.
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || e.tdur === undefined) continue;
    const id = `${e.pid}:${e.tid}`;
    const entry = byThread.get(id) ?? { pid: e.pid, name: threadNames.get(id) ?? '', ms: 0 };
    entry.ms += e.tdur / 1000;
    byThread.set(id, entry);
  }
  const threads = [...byThread.values()];
  const main = threads.filter((t) => t.name === 'CrRendererMain').sort((a, b) => b.ms - a.ms)[0];
  const compositor = threads.find((t) => t.pid === main?.pid && t.name === 'Compositor');
  const display = threads.find((t) => t.name === 'VizCompositorThread');
  const per = (ms = 0) => Math.round((ms / Math.max(1, frames)) * 100) / 100;
  return { main: per(main?.ms), compositor: per(compositor?.ms), display: per(display?.ms) };
}

/**
 * CPU milliseconds of the thread that made the marks (the page's main thread), in the top-level
 * tasks that overlap the span from the first mark to the second: the script, style, layout and
 * paint recording of the first paint, not the time spent waiting for a core.
 */
function mainThreadCpuBetweenMarks(trace: Buffer, from: string, to: string): number {
  type Event = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: Event[] } | Event[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const start = events.find((e) => e.name === from);
  const end = events.find((e) => e.name === to);
  if (!start || !end) return Number.NaN;
  let ms = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || e.pid !== start.pid || e.tid !== start.tid) continue;
    if (e.tdur === undefined || e.dur === undefined || e.ts + e.dur < start.ts || e.ts > end.ts) continue;
    ms += e.tdur / 1000;
  }
  return ms;
}
