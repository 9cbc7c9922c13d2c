import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_JWT_SECRET, E2E_SESSION_SECRET } from './support/auth';

/**
 * End-to-end specs drive Debian's Chromium (Playwright's own browser download is not
 * available here) against the panel started exactly as the README's start command does,
 * on its own ports and a fresh embedded database.
 */
const port = Number(process.env.E2E_BFF_PORT ?? 4010);
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 4110);
export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'panel-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    viewport: { width: 1600, height: 1000 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node ../scripts/start.mjs --skip-install --skip-build',
        url: `${baseURL}/healthz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          BFF_PORT: String(port),
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_DATA_DIR: dataDir,
          // Short-lived access tokens so the refresh flow runs during the specs.
          ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '300',
          JWT_SECRET: E2E_JWT_SECRET,
          SESSION_SECRET: E2E_SESSION_SECRET,
          LOG_LEVEL: 'warn',
          // Buyers' offers arrive when a spec posts them, not from the demo trickle.
          CONCIERGE_OFFER_TRICKLE_SECONDS: '0',
          // The demo's trickle of experts' answers would race the specs' own experts.
          OFFER_DEMO_ANSWERS_SECONDS: '0',
        },
      },
});
