#!/usr/bin/env node
// One command: install, build the web app, start the gateway (embedded PostgreSQL) and the
// BFF that serves the panel, and print the one URL to open.
//   --skip-install   node_modules is known to be current
//   --skip-build     apps/web/dist is known to be current
// Environment: see the README (BFF_PORT, GATEWAY_PORT, GATEWAY_URL, DATABASE_URL, ...).
import { join } from 'node:path';
import { ensureInstalled, pnpm, root, startNode, waitFor } from './lib.mjs';

const args = new Set(process.argv.slice(2));
if (!args.has('--skip-install')) ensureInstalled();
if (!args.has('--skip-build')) pnpm(['--filter', '@panel/web', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });

const children = [];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', () => (stop(), process.exit(0)));
process.on('SIGTERM', () => (stop(), process.exit(0)));
process.on('exit', stop);

const gatewayPort = process.env.GATEWAY_PORT ?? '4100';
let gatewayUrl = process.env.GATEWAY_URL;
if (!gatewayUrl) {
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gateway = startNode(join(root, 'apps/gateway/src/server.ts'), {
    GATEWAY_PORT: gatewayPort,
    GATEWAY_DATA_DIR: process.env.GATEWAY_DATA_DIR ?? join(root, '.data/gateway'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  children.push(gateway);
  gateway.on('exit', (code) => {
    console.error(`gateway exited (${code})`);
    stop();
    process.exit(code ?? 1);
  });
  await waitFor(`${gatewayUrl}/health`);
}

const bffHost = process.env.BFF_HOST ?? '127.0.0.1';
const bffPort = process.env.BFF_PORT ?? '4000';
const bff = startNode(join(root, 'apps/bff/src/server.ts'), {
  GATEWAY_URL: gatewayUrl,
  BFF_PORT: bffPort,
  BFF_HOST: bffHost,
  WEB_DIST: join(root, 'apps/web/dist'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
children.push(bff);
bff.on('exit', (code) => {
  console.error(`bff exited (${code})`);
  stop();
  process.exit(code ?? 1);
});
await waitFor(`http://127.0.0.1:${bffPort}/healthz`);
const shownHost = bffHost === '0.0.0.0' ? 'localhost' : bffHost;
console.log(`\nThe panel is running: http://${shownHost}:${bffPort}\n`);
