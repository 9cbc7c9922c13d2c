import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/browser';
import { WORKERS, ownPanel } from './support/panels';

/**
 * End-to-end specs drive Debian's Chromium (Playwright's own browser download is not
 * available here) against panels started exactly as the README's start command does: one a
 * worker, each on its own ports and fresh embedded database (support/panels.ts), every demo
 * user signed in once on each (support/global-setup.ts). Workers load this file too, each
 * seeing its own panel's address.
 */
export const baseURL = ownPanel().baseURL;
const chromium = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
    // V8 stops at its baseline compiler: a spec's page lives seconds, too short for the optimizing
    // tiers to pay back the background compiling they cost (Chromium's CPU in a spec ~15 % lower,
    // the renderer's compile threads 25 → 11 s over three specs; decision 126). The app's code is the same.
    '--js-flags=--max-opt=1',
  ],
};

export default defineConfig({
  outputDir: './.artifacts/results',
  globalSetup: './support/global-setup.ts',
  // Tests of a file spread over the workers (a file whose tests share a page says `serial`).
  fullyParallel: true,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `retried` names every test that passed only on a retry, so a flaky one never hides.
  reporter: [['list'], ['./support/retried-reporter.ts']],
  use: {
    baseURL,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    viewport: { width: 1600, height: 1000 },
    // Not `reducedMotion: 'reduce'`: with no animation to wait on, a click on a select's option
    // right after opening it was lost half the time (decision 113).
    // Recording a trace of every test costs each one time; a failure is traced when it is
    // retried (CI retries once), or locally with --trace on.
    trace: 'on-first-retry',
    // An action that cannot happen (its element gone, covered or never enabled) fails in its own
    // words within 20 s, not at the test's end: a spec given minutes lost them all to one click.
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'e2e', testDir: './e2e' },
    // Screens for people to look at, not assertions: `pnpm --filter @panel/tests screens`.
    ...(process.env.E2E_SCREENS ? [{ name: 'screens', testDir: './screens' }] : []),
  ],
});
