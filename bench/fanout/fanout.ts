// bench/fanout: 2,000 browser subscriptions to one date through the BFF while the gateway commits
// 100 changes/s for 30 s; latency commit -> browser, lost messages, BFF memory per subscription;
// then the same fan-out through a bare `ws` broadcast server as the baseline.
// Run: NODE_OPTIONS=--expose-gc pnpm exec tsx bench/fanout/fanout.ts
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { ROLES } from '@panel/contracts/common';
import { buildBff } from '@panel/bff/app';
import { startTestGateway } from '@panel/gateway/testing';
import { recordResults } from '../lib/results';

const SUBSCRIBERS = Number(process.env.FANOUT_SUBSCRIBERS ?? 2000);
const RATE = 100;
const SECONDS = Number(process.env.FANOUT_SECONDS ?? 30);
const EXPERTS = process.env.FANOUT_EXPERTS ?? '40';
const BFF_PORT = 4401;
const BARE_PORT = 4402;
const gc = (globalThis as { gc?: () => void }).gc;

const gateway = await startTestGateway({ SEED_EXPERTS: EXPERTS, LOG_LEVEL: 'silent', ACCESS_TOKEN_TTL_SECONDS: '86400' }, { listen: true });
const user = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const access = await gateway.deps.tokens.signAccess(user, [ROLES.staff]);
const refresh = await gateway.deps.tokens.signRefresh(1, 'bench');
const auth = { authorization: `Bearer ${access}` };
const date = (await gateway.app.inject({ url: '/api/dispatch/dates/', headers: auth })).json().result.find((d: { type: string }) => d.type === 'tommorrow').date;
const cells = ((await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: auth })).json().result as { expert_id: number; shift_id: number; state: number; inspection: unknown }[])
  .filter((c) => c.state === 0 && !c.inspection)
  .slice(0, 50);

const cookie = `access_token=${encodeURIComponent(JSON.stringify({ access, roles: [ROLES.staff] }))}; refresh_token=${encodeURIComponent(JSON.stringify({ refresh }))}`;

function spawnClients(mode: 'bff' | 'bare', url: string): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [mode, url, String(SUBSCRIBERS), date, cookie], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}
const ask = <T>(child: ChildProcess, cmd: string, answer: string) =>
  new Promise<T>((resolve) => {
    const on = (m: { cmd: string } & T) => {
      if (m.cmd === answer) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send({ cmd });
  });

/** RATE committed changes per second for SECONDS through the gateway; returns how many. */
async function drive(): Promise<number> {
  const states = new Map<number, number>();
  let made = 0;
  const total = RATE * SECONDS;
  const start = Date.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const cell = cells[i % cells.length]!;
    const next = (states.get(i % cells.length) ?? 0) === 0 ? 1 : 0;
    states.set(i % cells.length, next);
    const res = await gateway.app.inject({
      method: 'PATCH',
      url: `/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`,
      payload: { state: next },
      headers: auth,
    });
    if (res.statusCode === 200) made += 1;
  }
  return made;
}

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
  const made = await drive();
  console.log(`${mode}: ${made} changes committed`);
  await new Promise((r) => setTimeout(r, 1500));
  const report = await ask<{ received: number; p50: number; p99: number; open: number }>(child, 'report', 'report');
  child.send({ cmd: 'close' });
  return { ready, made, ...report, bytesPerSubscription: Math.round((after - before) / SUBSCRIBERS) };
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
await gateway.close();

const expected = viaBff.made * SUBSCRIBERS;
recordResults('fanout', {
  subscribers: SUBSCRIBERS,
  connected: viaBff.ready,
  changes_per_second: RATE,
  seconds: SECONDS,
  experts: Number(EXPERTS),
  p50_ms: viaBff.p50,
  p99_ms: viaBff.p99,
  lost: Math.max(0, expected - viaBff.received),
  bytes_per_subscription: viaBff.bytesPerSubscription,
  baseline_p50_ms: baseline.p50,
  baseline_p99_ms: baseline.p99,
  baseline_lost: Math.max(0, baseline.made * SUBSCRIBERS - baseline.received),
  ratio_p99: Number((viaBff.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)),
  note: 'gateway, BFF and the baseline server share one process; the clients run in a child process; latency is measured from the cell\'s updated_at (set in the committing transaction) to receipt',
});
process.exit(0);
