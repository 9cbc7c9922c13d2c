// Shared by start.mjs and test.mjs: only Node built-ins, so they run before any install.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';

/** pnpm on PATH, else the pinned one through npx (a fresh machine has only Node and npm). */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export function pnpm(args, options) {
  const [command, ...prefix] = pnpmCommand();
  run(command, [...prefix, ...args], options);
}

/** Installs with the lockfile unless node_modules is already newer than it; `quiet` keeps only problems on screen. */
export function ensureInstalled({ quiet = false } = {}) {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  if (quiet) console.log('Installing dependencies...');
  pnpm(quiet ? ['install', '--frozen-lockfile', '--reporter=silent'] : ['install', '--frozen-lockfile']);
}

/** Starts a TypeScript entry with tsx; the child dies with us. */
export function startNode(entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch (error) {
      // Browsers and fetch refuse some ports (e.g. 4190, 6000): say so instead of waiting.
      if (error?.cause?.message === 'bad port') throw new Error(`${url}: fetch refuses this port; choose another`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * The secrets of this installation (the gateway's token key, the BFF's session key): made on
 * the first start and kept in `file` (owner-only), so no key is known to anyone but this
 * machine and sessions survive a restart. A variable set in the environment wins.
 */
export function installationSecrets(file) {
  let kept = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { ...kept };
  for (const name of ['JWT_SECRET', 'SESSION_SECRET']) secrets[name] ??= randomBytes(32).toString('base64url');
  if (Object.keys(secrets).some((name) => kept[name] !== secrets[name])) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    JWT_SECRET: process.env.JWT_SECRET || secrets.JWT_SECRET,
    SESSION_SECRET: process.env.SESSION_SECRET || secrets.SESSION_SECRET,
  };
}
