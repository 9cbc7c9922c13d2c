import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';

// Not a benchmark but a look (decision 144): where one page of a grid/run.ts build spends its first
// paint, from the data to the painted frame (the page's bench:show and bench:painted marks), over
// PROFILE_RUNS fresh pages: the main thread's CPU time, the trace's style, layout and paint, the
// script's self time by function and its inclusive time by function name. Build the pages
// unminified first (`BENCH_GRID_MINIFY=0 BENCH_GRID_BUILD_ONLY=1 pnpm exec tsx grid/run.ts`, then
// copy grid/dist if another build is to be compared), then from bench/:
// `PROFILE_DIST=grid/dist PROFILE_PAGE=index.html pnpm exec tsx grid/profile.ts` (or baseline.html).

const DIST = process.env.PROFILE_DIST ?? join(import.meta.dirname, 'dist');
const PAGE = process.env.PROFILE_PAGE ?? 'index.html';
const RUNS = Number(process.env.PROFILE_RUNS ?? 7);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 5000);
const PORT = Number(process.env.BENCH_GRID_PORT ?? 4751);

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.woff': 'font/woff' };
const server = createServer(async (req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  try {
    const body = await readFile(join(DIST, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const phases = new Map<string, number>();
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const firstPaints: number[] = [];
const cpu: number[] = [];
const PHASES = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'MinorGC', 'MajorGC']);

try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/${PAGE}`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
    await cdp.send('Profiler.start');
    const loaded = (await page.evaluate((n) => (globalThis as unknown as { bench: { load(n: number): Promise<{ first_paint_ms: number }> } }).bench.load(n), EXPERTS)) as {
      first_paint_ms: number;
    };
    const profile = (await cdp.send('Profiler.stop')).profile as Profile;
    const parsed = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    await context.close();
    firstPaints.push(loaded.first_paint_ms);

    const start = events.find((e) => e.name === 'bench:show')!;
    const end = events.find((e) => e.name === 'bench:painted')!;
    const inWindow = (e: TraceEvent) => e.pid === start.pid && e.tid === start.tid && e.ts + (e.dur ?? 0) >= start.ts && e.ts <= end.ts;
    let thread = 0;
    for (const e of events) {
      if (e.ph !== 'X' || !inWindow(e)) continue;
      if (e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined) thread += e.tdur / 1000;
      if (PHASES.has(e.name) && e.dur !== undefined) add(phases, e.name, e.dur / 1000);
    }
    cpu.push(thread);

    // The profile's clock is the trace's: keep the samples between the marks.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    let t = profile.startTime;
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      if (t < start.ts || t > end.ts) continue;
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const leaf = byId.get(samples[i]!)!;
      add(self, `${leaf.callFrame.functionName || '(anonymous)'} ${leaf.callFrame.url.split('/').pop()}:${leaf.callFrame.lineNumber}`, ms);
      const seen = new Set<string>();
      for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
        const name = byId.get(id)!.callFrame.functionName;
        if (!name || seen.has(name)) continue;
        seen.add(name);
        add(inclusive, name, ms);
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number) => n.toFixed(1);
const table = (map: Map<string, number>, top: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `  ${fmt(ms / RUNS).padStart(6)}  ${name}`)
    .join('\n');
console.log(`${PAGE} of ${DIST}, ${RUNS} fresh pages, ${EXPERTS} experts (ms a page; profiled, so slower than grid/run.ts)`);
console.log(`first paint median ${fmt(median(firstPaints))}; main thread CPU median ${fmt(median(cpu))} (${cpu.map(fmt).join(' ')})`);
console.log(`rendering:\n${table(phases, PHASES.size)}`);
console.log(`script self time:\n${table(self, TOP)}`);
console.log(`inclusive by function:\n${table(inclusive, TOP)}`);
