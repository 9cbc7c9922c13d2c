#!/usr/bin/env node
// Every test of the panel, in the order that fails fastest: typecheck, lint, unit and
// integration tests (Vitest, host zone UTC so no Tehran-zone bug can hide), the web build,
// then the end-to-end specs in Chromium against the started panel.
import { existsSync } from 'node:fs';
import { ensureInstalled, pnpm } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium is needed for the end-to-end tests and was not found at ${chromium}.`);
  console.error('Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const env = { ...process.env, TZ: 'UTC' };
ensureInstalled();
pnpm(['typecheck']);
pnpm(['lint']);
pnpm(['exec', 'vitest', 'run'], { env });
pnpm(['--filter', '@panel/web', 'build'], { env });
pnpm(['--filter', '@panel/tests', 'e2e'], { env });
console.log('\nAll tests passed.');
