import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { signInThroughBff } from '../lib/panel';

// Where a page load's main-thread time goes: each path of PROFILE_PATHS opened in a fresh, signed-in
// context (as an end-to-end spec opens it), the renderer's CPU profile taken over the load, and the
// self time summed by the package of each function (from the script's path in an unminified build:
// cd apps/web && pnpm exec vite build --outDir /tmp/web-prof --emptyOutDir --minify false --sourcemap).
//   WEB_DIST=/tmp/web-prof PROFILE_PATHS=/panel/inspection/orders pnpm --filter @panel/bench exec tsx cold-load/profile.ts

const here = fileURLToPath(new URL('.', import.meta.url));
const WEB_DIST = process.env.WEB_DIST ?? '/tmp/web-prof';
const PATHS = (process.env.PROFILE_PATHS ?? '/panel/inspection/orders').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...(process.env.PROFILE_FLAGS ?? '').split(' ').filter(Boolean)];

const INCLUSIVE = (process.env.PROFILE_INCLUSIVE ?? 'createSystem,Styled,useResolvedProps,serializeStyles,css,cva,svaFn,useRecipe,useSlotRecipe,insertStyles,renderWithHooks,commitRoot,getRect,performWorkOnRoot').split(',');
const start = <T>(args: string[]): Promise<{ child: ChildProcess; info: T }> => {
  const child = fork(join(here, 'servers.ts'), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (info) => resolve({ child, info: info as T }));
    child.once('exit', (code) => reject(new Error(`servers.ts ${args[0]} stopped (exit ${code})`)));
  });
};

const gateway = await start<{ url: string; wsUrl: string }>(['gateway', '300']);
const bff = await start<{ url: string }>(['bff', gateway.info.url, gateway.info.wsUrl, WEB_DIST, process.env.BENCH_COLD_PORT ?? '4771']);
const base = bff.info.url;
const cookies = (await signInThroughBff(base, 'staff', 'staff1234')).split('; ').map((pair) => {
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
});

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Each line of an unminified chunk mapped to the package its module comment names (`// ../../node_modules/.pnpm/x@1/node_modules/x/...`). */
const packageLines = new Map<string, string[]>();
function packagesOf(file: string): string[] {
  let lines = packageLines.get(file);
  if (!lines) {
    lines = [];
    let current = 'app';
    for (const line of readFileSync(join(WEB_DIST, 'assets', file), 'utf8').split('\n')) {
      const marker = /^\/\/ (\S+)$/.exec(line);
      if (marker) {
        const path = marker[1]!;
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(path);
        current = pkg ? pkg[1]! : path.includes('packages/ui') ? '@panel/ui' : path.includes('packages/contracts') ? '@panel/contracts' : 'app';
      }
      lines.push(current);
    }
    packageLines.set(file, lines);
  }
  return lines;
}

/** The package a sampled function belongs to. */
function bucket(node: Node): string {
  const { url, functionName, lineNumber } = node.callFrame;
  if (!url) return functionName ? `(${functionName})` : '(native)';
  const file = url.split('/').pop()!;
  if (!file.endsWith('.js')) return file;
  return packagesOf(file)[lineNumber] ?? file;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
for (const path of PATHS) {
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const inclusive = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'fa-IR', timezoneId: 'Asia/Tehran' });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    const wall = Date.now() - started;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    for (let i = 0; i < profile.samples.length; i++) {
      const node = nodes.get(profile.samples[i]!)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
      total += ms;
      const file = bucket(node);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      const fn = `${bucket(node)}:${file.slice(0,12)}:${node.callFrame.functionName || '(anon)'}:${node.callFrame.lineNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      // Inclusive time of the named functions (each counted once a sample).
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
        const frame = nodes.get(id)!;
        const owner = bucket(frame);
        const name = frame.callFrame.functionName;
        if ((INCLUSIVE.includes(name) || ((owner === 'app' || owner === '@panel/ui') && /^[A-Z]/.test(name))) && !seen.has(name)) {
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
        }
      }
    }
    console.log(`${path} run ${run + 1}: ${wall} ms to network idle`);
    await context.close();
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => `  ${(ms / RUNS).toFixed(1).padStart(7)} ms  ${name}`).join('\n');
  console.log(`\n${path}: ${(total / RUNS).toFixed(0)} ms of script a load (mean of ${RUNS})\nby file:\n${top(byFile, 15)}\nby function:\n${top(byFunction, 40)}\ninclusive:\n${top(inclusive, Number(process.env.PROFILE_TOP ?? 30))}\n`);
}
await browser.close();
for (const child of [bff.child, gateway.child]) child.send('close');
