#!/usr/bin/env node
// Every test of the panel, overlapped where two cores allow (decision 126):
//   1. the unit and integration tests (Vitest, host zone UTC so no Tehran-zone bug can hide) and,
//      beside them, the typecheck (the whole repository as one program, tsconfig.check.json), lint
//      and the web build. Vitest keeps both cores busy most of the time but not all of it (its
//      start, hooks waiting on a seed, its last files); the three fill those gaps instead of
//      holding Vitest back for a minute. A failure of any stops the others at once, so a type
//      error still fails the run in about half a minute. Beside them too, where haproxy is
//      installed, the BFF replicas behind HAProxy started as processes (deploy/replicas);
//   2. the end-to-end specs in Chromium against the started panel, on the web build.
// Each step prints its time; the summary at the end gives them all.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureInstalled, pnpmCommand, root } from './lib.mjs';

// The specs drive Debian's headless shell, else its Chromium (tests/support/browser.ts).
const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
if (!browsers.some((path) => existsSync(path))) {
  console.error(`Chromium is needed for the end-to-end tests and was not found at ${browsers.join(' or ')}.`);
  console.error('Install it (Debian: apt-get install -y chromium-headless-shell chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const env = { ...process.env, TZ: 'UTC' };
const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
const running = new Set();
const timings = [];

/**
 * Runs one step. `buffered` keeps its output until it ends, so steps that run side by side
 * print one after the other instead of interleaving lines.
 */
function step(name, args, { buffered = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    // Its own process group, so a failure elsewhere stops its children too (tsc under pnpm).
    const child = spawn(pnpmBin, [...pnpmPrefix, ...args], { cwd: root, env, detached: true, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name, seconds });
      if (buffered) {
        console.log(`\n── ${name} (${seconds.toFixed(0)} s) ──`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (exit ${code ?? signal}): pnpm ${args.join(' ')}`));
    });
  });
}

async function phase(name, steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  await Promise.all(steps);
  const seconds = (Date.now() - started) / 1000;
  console.log(`✓ ${name} in ${seconds.toFixed(0)} s`);
  timings.push({ name: `phase: ${name}`, seconds });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', () => (stopAll(), process.exit(130)));
process.on('SIGTERM', () => (stopAll(), process.exit(143)));

// The BFF replicas' topology behind a real HAProxy, as processes (issue 34, decision 129:
// deploy/replicas/processes.ts), where the machine has `haproxy` and the PostgreSQL server and
// Redis the integration tests use; CI installs haproxy (.ci/run). Elsewhere it is said, not hidden.
const replicasRunnable = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0 && Boolean(env.TEST_DATABASE_URL) && Boolean(env.TEST_REDIS_URL);
if (!replicasRunnable) console.log('Not run: the replicas behind HAProxy (needs haproxy on the PATH, TEST_DATABASE_URL and TEST_REDIS_URL).');

const suiteStarted = Date.now();
try {
  ensureInstalled();
  await phase('unit and integration tests, typecheck, lint and build', [
    step('vitest', ['exec', 'vitest', 'run']),
    step('typecheck', ['typecheck'], { buffered: true }),
    step('lint', ['lint'], { buffered: true }),
    step('web build', ['--filter', '@panel/web', 'build'], { buffered: true }),
    ...(replicasRunnable ? [step('replicas behind HAProxy', ['exec', 'tsx', 'deploy/replicas/processes.ts'], { buffered: true })] : []),
  ]);
  await phase('end-to-end', [step('e2e', ['--filter', '@panel/tests', 'e2e'])]);
} catch (error) {
  stopAll();
  console.error(`\n✗ ${error.message}`);
  process.exitCode = 1;
}
console.log('\nTimes:');
for (const { name, seconds } of timings) console.log(`  ${name.padEnd(60)} ${seconds.toFixed(0)} s`);
console.log(`  ${'whole suite'.padEnd(60)} ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
if (!process.exitCode) console.log('\nAll tests passed.');
