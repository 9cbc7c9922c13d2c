import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue } from '@panel/observability/testing';
import { startTestPanel, testBffEnv } from './testing';
import { METRICS_REFUSED_MESSAGE } from './messages';

// Issue 35: the BFF's /metrics behind its token, the procedure histograms moving with real calls,
// liveness and readiness that follow the gateway.

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const API = { 'content-type': 'application/json', 'x-panel-request': '1' };

describe('the BFF for its operators', () => {
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  beforeAll(async () => {
    panel = await startTestPanel({ env: { METRICS_TOKEN }, gateway: { METRICS_TOKEN } });
  });
  afterAll(() => panel?.close());

  const metrics = async () => {
    const response = await fetch(`${panel.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('refuses /metrics without the token, or with another, in Persian', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token' }, { authorization: METRICS_TOKEN }] as Record<string, string>[]) {
      const response = await fetch(`${panel.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: METRICS_REFUSED_MESSAGE });
    }
  });

  it("counts a signed-in session's call in its procedure's histogram", async () => {
    const series = { procedure: 'auth.session', type: 'query', code: 'OK' };
    const before = sampleValue(await metrics(), 'panel_bff_procedure_duration_seconds_count', series);
    const cookie = await panel.signIn('staff2', 'staff1234');
    const response = await fetch(`${panel.url}/trpc/auth.session`, { headers: { ...API, cookie } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { data: { user: { username: string } } } }).result.data.user.username).toBe('staff2');
    const after = await metrics();
    expect(sampleValue(after, 'panel_bff_procedure_duration_seconds_count', series)).toBe(before + 1);
    // The sign-in itself, by its procedure's name, never by an address.
    expect(sampleValue(after, 'panel_bff_procedure_duration_seconds_count', { procedure: 'auth.signIn', type: 'mutation', code: 'OK' })).toBeGreaterThan(0);
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('counts a refusal under its error code', async () => {
    const series = { procedure: 'system.health', type: 'query', code: 'OK' };
    const refused = { procedure: 'auth.signIn', type: 'mutation', code: 'BAD_REQUEST' };
    const before = await metrics();
    await fetch(`${panel.url}/trpc/system.health`, { headers: API });
    await fetch(`${panel.url}/trpc/auth.signIn`, { method: 'POST', headers: API, body: JSON.stringify({ username: '' }) });
    const after = await metrics();
    expect(sampleValue(after, 'panel_bff_procedure_duration_seconds_count', series)).toBe(sampleValue(before, 'panel_bff_procedure_duration_seconds_count', series) + 1);
    expect(sampleValue(after, 'panel_bff_procedure_duration_seconds_count', refused)).toBe(sampleValue(before, 'panel_bff_procedure_duration_seconds_count', refused) + 1);
  });

  it("reads in the dashboard only metrics the servers have (deploy/grafana)", async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../../deploy/grafana/dashboards/panel-dashboard.json', import.meta.url), 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const gateway = await (await fetch(`${panel.gateway.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const declared = new Set(`${await metrics()}\n${gateway}`.split('\n').flatMap((line) => /^# TYPE (\S+)/.exec(line)?.[1] ?? []));
    const read = dashboard.panels.flatMap((p) => p.targets ?? []).flatMap((t) => t.expr.match(/\b(?:panel|nodejs)_\w+/g) ?? []);
    expect(read.length).toBeGreaterThan(20);
    for (const name of read) expect(declared, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
  });

  it('is alive, and ready while the gateway is ready', async () => {
    for (const path of ['/health/live', '/healthz', '/health/ready']) {
      const response = await fetch(`${panel.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});

describe('the BFF without its gateway', () => {
  it('is alive but not ready, in Persian', async () => {
    const panel = await startTestPanel({ env: { GATEWAY_URL: 'http://127.0.0.1:9' } });
    try {
      expect((await fetch(`${panel.url}/health/live`)).status).toBe(200);
      const ready = await fetch(`${panel.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
      // No token configured: /metrics refuses everyone.
      expect((await fetch(`${panel.url}/metrics`, { headers: { authorization: 'Bearer ' } })).status).toBe(401);
    } finally {
      await panel.close();
    }
  });
});

describe('what the BFF counts of its limits and refreshes', () => {
  it('counts a sign-in limit hit by its kind, an API token limit, and a refresh by its outcome', async () => {
    const { createAppState } = await import('./context');
    const { registry } = await import('./metrics');
    const state = createAppState(testBffEnv({ GATEWAY_URL: 'http://127.0.0.1:9', SIGN_IN_RATE_LIMIT_PER_MINUTE: '2', API_TOKEN_RATE_LIMIT_PER_MINUTE: '1' }));
    const count = async (name: string, labels: Record<string, string>) => sampleValue(await registry.metrics(), name, labels);
    const before = {
      account: await count('panel_bff_rate_limited_total', { limit: 'sign-in-account' }),
      token: await count('panel_bff_rate_limited_total', { limit: 'api-token' }),
      refresh: await count('panel_bff_token_refreshes_total', { outcome: 'unavailable' }),
    };
    for (let i = 0; i < 2; i++) await state.signInLimiter.fail('account:someone');
    expect(await state.signInLimiter.retryAfter('account:someone')).toBeGreaterThan(0);
    expect(await state.signInLimiter.retryAfter('account:another')).toBe(0);
    await state.apiTokenLimiter.fail('token-key');
    expect(await state.apiTokenLimiter.retryAfter('token-key')).toBeGreaterThan(0);
    await expect(state.refresher.refresh('a-refresh-token', 'an-access-token')).rejects.toThrow();
    expect(await count('panel_bff_rate_limited_total', { limit: 'sign-in-account' })).toBe(before.account + 1);
    expect(await count('panel_bff_rate_limited_total', { limit: 'api-token' })).toBe(before.token + 1);
    expect(await count('panel_bff_token_refreshes_total', { outcome: 'unavailable' })).toBe(before.refresh + 1);
    // Never a user's name in a label.
    expect(await registry.metrics()).not.toContain('someone');
  });
});
