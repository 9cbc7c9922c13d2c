// bench/fanout: 2,000 browser subscriptions to one date through the BFF while the gateway commits
// 100 changes/s for 30 s; latency commit -> browser, lost messages, BFF memory per subscription;
// then the same fan-out through a bare `ws` broadcast server as the baseline.
// Run: NODE_OPTIONS=--expose-gc [TEST_DATABASE_URL=postgres://...] pnpm exec tsx bench/fanout/fanout.ts
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { ROLES } from '@panel/contracts/common';
import { buildBff } from '@panel/bff/app';
import { recordResults } from '../lib/results';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 2000);
const RATE = 100;
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const EXPERTS = process.env.FANOUT_EXPERTS ?? '40';
const BFF_PORT = 4401;
const BARE_PORT = 4402;
const gc = (globalThis as { gc?: () => void }).gc;

const gatewayProcess = fork(fileURLToPath(new URL('./gateway.ts', import.meta.url)), [EXPERTS, String(RATE), String(SECONDS)], {
  execArgv: ['--import', 'tsx'],
});
const gateway = await new Promise<{ url: string; wsUrl: string; access: string; refresh: string; date: string }>((resolve) =>
  gatewayProcess.once('message', (m) => resolve(m as never)),
);
const { access, refresh, date } = gateway;
const cookie = `access_token=${encodeURIComponent(JSON.stringify({ access, roles: [ROLES.staff] }))}; refresh_token=${encodeURIComponent(JSON.stringify({ refresh }))}`;

function spawnClients(mode: 'bff' | 'bare', url: string): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [mode, url, String(SUBSCRIBERS), date, cookie], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}
const ask = <T>(child: ChildProcess, cmd: string, answer: string, extra: object = {}) =>
  new Promise<T>((resolve) => {
    const on = (m: { cmd: string } & T) => {
      if (m.cmd === answer) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send({ cmd, ...extra });
  });

const drive = () => ask<{ made: number; elapsed_ms: number; final: Record<string, number> }>(gatewayProcess, 'drive', 'driven');

const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

async function phase(mode: 'bff' | 'bare', url: string) {
  const child = await spawnClients(mode, url);
  const before = memory();
  const t0 = Date.now();
  const { ready } = await ask<{ ready: number }>(child, 'connect', 'connected');
  console.log(`${mode}: ${ready} subscribed in ${Date.now() - t0} ms`);
  await new Promise((r) => setTimeout(r, 2000));
  const after = memory();
  child.send({ cmd: 'measure' });
  const { made, elapsed_ms, final } = await drive();
  console.log(`${mode}: ${made} changes committed in ${elapsed_ms} ms`);
  await new Promise((r) => setTimeout(r, 1500));
  const report = await ask<{ lost: number; received: number; p50: number; p99: number; open: number }>(child, 'report', 'report', { final });
  child.send({ cmd: 'close' });
  return { ready, made, elapsed_ms, ...report, bytesPerSubscription: Math.round((after - before) / SUBSCRIBERS) };
}

// The BFF, as deployed: tRPC over websocket, one upstream per date through the live hub.
// @panel/bff exports only the app; its environment, as parseBffEnv would give it.
const bff = await buildBff({
  BFF_HOST: '127.0.0.1',
  BFF_PORT,
  GATEWAY_URL: gateway.url,
  GATEWAY_WS_URL: gateway.wsUrl,
  COOKIE_SECURE: false,
  ALLOWED_ORIGINS: '',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: 10,
  LOG_LEVEL: 'silent',
} as Parameters<typeof buildBff>[0]);
await bff.listen({ host: '127.0.0.1', port: BFF_PORT });
const viaBff = await phase('bff', `ws://127.0.0.1:${BFF_PORT}/trpc`);
await bff.close();

// The baseline: one upstream connection, every message re-sent as is to every client.
const bare = new WebSocketServer({ host: '127.0.0.1', port: BARE_PORT });
const upstream = new WebSocket(`${gateway.wsUrl}/ws/dispatch`);
let snapshot = '';
upstream.on('open', () => upstream.send(JSON.stringify({ type: 'init', data: date })));
upstream.on('message', (data) => {
  const text = String(data);
  if (!snapshot) snapshot = text;
  else for (const client of bare.clients) client.send(text);
});
bare.on('connection', (socket) => socket.send(snapshot));
while (!snapshot) await new Promise((r) => setTimeout(r, 20));
const baseline = await phase('bare', `ws://127.0.0.1:${BARE_PORT}`);
upstream.close();
bare.close();
gatewayProcess.send({ cmd: 'close' });

recordResults('fanout', {
  subscribers: SUBSCRIBERS,
  connected: viaBff.ready,
  changes_per_second: RATE,
  seconds: SECONDS,
  achieved_changes_per_second: Number(((viaBff.made * 1000) / viaBff.elapsed_ms).toFixed(1)),
  baseline_achieved_changes_per_second: Number(((baseline.made * 1000) / baseline.elapsed_ms).toFixed(1)),
  experts: Number(EXPERTS),
  store: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
  p50_ms: viaBff.p50,
  p99_ms: viaBff.p99,
  lost: viaBff.lost,
  delivered_cell_updates: viaBff.received,
  still_connected: viaBff.open,
  bytes_per_subscription: viaBff.bytesPerSubscription,
  baseline_p50_ms: baseline.p50,
  baseline_p99_ms: baseline.p99,
  baseline_lost: baseline.lost,
  ratio_p99: Number((viaBff.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)),
  // The clients' histogram ends at 60 s: a figure there is a lower bound.
  latency_capped: viaBff.p99 >= 59_999 || baseline.p99 >= 59_999,
  note: 'three processes: the gateway (PostgreSQL when TEST_DATABASE_URL is set, else PGlite; it commits the changes), the BFF or the baseline server (memory measured here), the clients; lost counts (client, cell) pairs whose last committed version never reached the client (the hub merges changes within 25 ms, so intermediate versions may be skipped by design); latency is measured from the cell\'s updated_at (set in the committing transaction) to receipt; the machine is shared with other work',
});
process.exit(0);
