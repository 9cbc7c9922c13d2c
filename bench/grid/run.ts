import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { percentile, recordResults } from '../lib/results';

// Builds the bench page (the real DispatchGrid and cell store fed with generated data), serves
// it, and drives it in headless Chromium. Usage: pnpm --filter @panel/bench exec tsx grid/run.ts

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const webDir = join(repo, 'apps', 'web');
const outDir = join(here, 'dist');
const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 5000);
const PORT = Number(process.env.BENCH_GRID_PORT ?? 4650);

// Vite and its React plugin are the web app's; the bench borrows them rather than adding copies.
const webRequire = createRequire(join(webDir, 'package.json'));
const load = async (name: string) => import(pathToFileURL(webRequire.resolve(name)).href);
const vite = await load('vite');
const react = (await load('@vitejs/plugin-react')).default;
const fromWeb = (name: string) => dirname(webRequire.resolve(`${name}/package.json`));

await vite.build({
  root: join(here, 'page'),
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: fromWeb('react') },
      { find: /^react\/(.*)$/, replacement: `${fromWeb('react')}/$1` },
      { find: /^react-dom$/, replacement: fromWeb('react-dom') },
      { find: /^react-dom\/(.*)$/, replacement: `${fromWeb('react-dom')}/$1` },
      { find: /^@panel\/ui$/, replacement: join(repo, 'packages', 'ui', 'src', 'index.ts') },
      { find: /^@panel\/contracts\/(.*)$/, replacement: join(repo, 'packages', 'contracts', 'src', '$1', 'index.ts') },
    ],
    dedupe: ['react', 'react-dom'],
  },
  build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.woff': 'font/woff' };
const server = createServer(async (req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  try {
    const body = await readFile(join(outDir, path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR' });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.waitForFunction(() => 'bench' in globalThis);
  type Bench = {
    load(n: number): Promise<{ first_paint_ms: number; cells_mounted: number }>;
    stream(rate: number, s: number): Promise<{ latencies: number[]; long_tasks: number[]; longest_flush_ms: number }>;
    burst(n: number): Promise<{ burst_ms: number }>;
    scroll(s: number, px: number): Promise<{ frames: number[]; mounted: number }>;
  };
  const call = <K extends keyof Bench>(name: K, ...args: Parameters<Bench[K]>) =>
    page.evaluate(([n, a]) => (globalThis as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>).bench![n as string]!(...(a as unknown[])), [name, args] as const) as ReturnType<Bench[K]>;

  const loaded = await call('load', EXPERTS);
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  const stream = await call('stream', 1000, 10);
  const burst = await call('burst', 10_000);
  const scroll = await call('scroll', 3, 120);
  const round = (n: number) => Math.round(n * 10) / 10;
  recordResults('grid', {
    experts: EXPERTS,
    first_paint_ms: round(loaded.first_paint_ms),
    cells_mounted: loaded.cells_mounted,
    longest_task_ms: round(Math.max(stream.longest_flush_ms, ...stream.long_tasks)),
    p95_update_to_paint_ms: round(percentile(stream.latencies, 95)),
    burst_10000_ms: round(burst.burst_ms),
    scroll_frame_p95_ms: round(percentile(scroll.frames, 95)),
    detail: {
      updates_measured: stream.latencies.length,
      p50_update_to_paint_ms: round(percentile(stream.latencies, 50)),
      long_tasks_over_50ms: stream.long_tasks.length,
      cells_mounted_after_scroll: scroll.mounted,
      scroll_frames: scroll.frames.length,
      viewport: '1920x1080',
      targets: { first_paint_ms: 300, cells_mounted: 600, longest_task_ms: 50, p95_update_to_paint_ms: 70, burst_10000_ms: 1000, scroll_frame_p95_ms: 16.7 },
    },
  });
} finally {
  await browser.close();
  server.close();
}
