#!/usr/bin/env node
// One command: install, build the web app, start the gateway (embedded PostgreSQL) and the
// BFF that serves the panel, and print the one URL to open.
//   --skip-install   node_modules is known to be current
//   --skip-build     apps/web/dist is known to be current
// Environment: see the README (BFF_PORT, GATEWAY_PORT, GATEWAY_URL, DATABASE_URL, METRICS_TOKEN, ...).
// Each server counts as started once its readiness answers (/health/ready: the gateway's database,
// the BFF's gateway), and a restarted one once it is ready again.
import { join } from 'node:path';
import { ensureInstalled, installationSecrets, pnpm, root, startNode, waitFor } from './lib.mjs';

const args = new Set(process.argv.slice(2));
if (!args.has('--skip-install')) ensureInstalled({ quiet: true });
if (!args.has('--skip-build')) {
  console.log('Building the web app...');
  pnpm(['--filter', '@panel/web', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const children = new Set();
let stopping = false;
const stop = () => {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', () => (stop(), process.exit(0)));
process.on('SIGTERM', () => (stop(), process.exit(0)));
process.on('exit', stop);

/**
 * Runs a server and keeps it running: a crash after it first answered restarts it with backoff
 * (1 s doubling to 30 s; back to 1 s after a minute up), saying so. A server that cannot start
 * at all stops the panel, so a bad setting is reported instead of retried forever.
 */
async function supervise(name, entry, env, healthUrl) {
  let ready = false;
  let failures = 0;
  let ended;
  const exitedEarly = new Promise((resolve) => (ended = resolve));
  const launch = () => {
    const startedAt = Date.now();
    const child = startNode(entry, env);
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (!ready) return ended(code ?? 1);
      if (Date.now() - startedAt > 60_000) failures = 0;
      const delay = Math.min(30_000, 1_000 * 2 ** failures);
      failures += 1;
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); restarting in ${delay / 1000} s`);
      setTimeout(() => {
        if (stopping) return;
        launch();
        waitFor(healthUrl).then(
          () => console.error(`${name} is back`),
          () => undefined,
        );
      }, delay);
    });
  };
  launch();
  const code = await Promise.race([waitFor(healthUrl).then(() => undefined), exitedEarly]);
  if (code !== undefined) {
    console.error(`${name} could not start (exit ${code})`);
    stop();
    process.exit(code || 1);
  }
  ready = true;
}

const secrets = installationSecrets(join(root, '.data', 'secrets.json'));
const gatewayPort = process.env.GATEWAY_PORT ?? '4100';
let gatewayUrl = process.env.GATEWAY_URL;
if (!gatewayUrl) {
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await supervise(
    'gateway',
    join(root, 'apps/gateway/src/server.ts'),
    {
      GATEWAY_PORT: gatewayPort,
      GATEWAY_DATA_DIR: process.env.GATEWAY_DATA_DIR ?? join(root, '.data/gateway'),
      JWT_SECRET: secrets.JWT_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    // Ready only once its database answers (decision 121).
    `${gatewayUrl}/health/ready`,
  );
}

const bffHost = process.env.BFF_HOST ?? '127.0.0.1';
const bffPort = process.env.BFF_PORT ?? '4000';
await supervise(
  'bff',
  join(root, 'apps/bff/src/server.ts'),
  {
    GATEWAY_URL: gatewayUrl,
    BFF_PORT: bffPort,
    BFF_HOST: bffHost,
    // A build of its own (a second checkout's specs) through WEB_DIST; else this checkout's.
    WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist'),
    SESSION_SECRET: secrets.SESSION_SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  // Ready only while the gateway is (decision 121).
  `http://127.0.0.1:${bffPort}/health/ready`,
);
const shownHost = bffHost === '0.0.0.0' ? 'localhost' : bffHost;
console.log(`\nThe panel is running: http://${shownHost}:${bffPort}`);
if (!process.env.GATEWAY_URL) console.log('Sign in as the dispatcher: staff / staff1234 (more demo users: docs/auth.md)\n');
