import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sampleValue, stallTheLoop } from '@panel/observability/testing';
import { browserUpgradeHeaders, startTestPanel } from './testing';
import { OVERLOADED_MESSAGE } from './messages';

// Issue 35: a load that stalls the event loop gets a Persian 503 at once, instead of waiting
// until the browser's call times out; liveness and metrics still answer; the server takes
// requests again once the loop is free. The stall is made here, in the servers' own process.

const METRICS_TOKEN = 'test-metrics-token-0123456789';
const SHEDDING = { SHED_MAX_EVENT_LOOP_DELAY_MS: '30', SHED_SAMPLE_INTERVAL_MS: '50', METRICS_TOKEN };
const API = { 'x-panel-request': '1' };

describe('shedding under a stalled event loop', () => {
  let panel: Awaited<ReturnType<typeof startTestPanel>>;
  beforeAll(async () => {
    panel = await startTestPanel({ env: SHEDDING, seed: 'none' });
  });
  afterAll(() => panel?.close());

  /** Sends `path` until it answers `status`; every call must answer (a timeout fails the test). */
  async function until(path: string, status: number, headers: Record<string, string> = API): Promise<Response> {
    for (let i = 0; i < 200; i++) {
      const response = await fetch(`${panel.url}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
      if (response.status === status) return response;
      await response.arrayBuffer();
    }
    throw new Error(`${path} never answered ${status}`);
  }

  it('answers the Persian 503 with Retry-After while the loop is stalled, and serves again after', async () => {
    await until('/trpc/system.health', 200);
    const metrics = async () => (await until('/metrics', 200, { authorization: `Bearer ${METRICS_TOKEN}` })).text();
    const before = sampleValue(await metrics(), 'panel_bff_shed_total', { reason: 'eventLoopDelay' });
    const stop = stallTheLoop();
    try {
      const shed = await until('/trpc/system.health', 503);
      expect(shed.headers.get('retry-after')).toBe('5');
      expect(await shed.json()).toEqual({ message: OVERLOADED_MESSAGE });
      // The process is alive and says why it sheds.
      expect((await fetch(`${panel.url}/health/live`)).status).toBe(200);
      expect(sampleValue(await metrics(), 'panel_bff_shed_total', { reason: 'eventLoopDelay' })).toBeGreaterThan(before);
    } finally {
      stop();
    }
    await until('/trpc/system.health', 200);
  });

  /** Opens the API's websocket; resolves with the refusal's status, headers and body, or 101. */
  function upgrade(): Promise<{ status: number; retryAfter?: string; body?: string }> {
    return new Promise((resolve) => {
      const socket = new WebSocket(panel.wsUrl, { headers: browserUpgradeHeaders(panel.wsUrl, '') });
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body }));
      });
      socket.on('open', () => {
        resolve({ status: 101 });
        socket.close();
      });
      socket.on('error', () => undefined);
    });
  }

  it('refuses a websocket upgrade with the same Persian 503 while the loop is stalled (decision 143)', async () => {
    expect((await upgrade()).status).toBe(101);
    const stop = stallTheLoop();
    let refused: Awaited<ReturnType<typeof upgrade>> | undefined;
    try {
      for (let i = 0; i < 200 && !refused; i++) {
        const answer = await upgrade();
        if (answer.status !== 101) refused = answer;
      }
    } finally {
      stop();
    }
    expect(refused?.status).toBe(503);
    expect(refused?.retryAfter).toBe('5');
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({ message: OVERLOADED_MESSAGE });
    for (let i = 0; i < 200; i++) if ((await upgrade()).status === 101) return;
    throw new Error('the websocket never opened again after the stall');
  });
});
