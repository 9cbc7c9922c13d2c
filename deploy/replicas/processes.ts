// The topology of deploy/replicas/compose.yaml started as processes, for machines without Docker
// (issue 34, decision 129): PostgreSQL (a database of its own on TEST_DATABASE_URL's server),
// Redis (REDIS_URL or TEST_REDIS_URL, a key prefix of its own), the gateway, two BFF replicas and
// HAProxy (`haproxy` on the PATH) with haproxy.cfg's rules. Then, all through the balancer: sign
// in, four browsers on the live sheet (spread over both replicas), a change reaches all of them
// with one id; one replica is killed; a change is made while its browsers are away; they come
// back through the balancer with their last id and get exactly that change on the other replica
// (a replay, not a snapshot), with the same id as the browsers that stayed. Exits non-zero on any
// failure. Run from the repository's root:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 pnpm exec tsx deploy/replicas/processes.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dropRedisKeys } from './redis-keys';

// `ws` as the BFF has it (this folder is not a package of the workspace).
interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'close' | 'error', listener: () => void): void;
  send(text: string): void;
  terminate(): void;
}
const fromBff = createRequire(new URL('../../apps/bff/package.json', import.meta.url));
const WebSocket = fromBff('ws') as new (url: string, options: { headers: Record<string, string> }) => Socket;

const root = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) throw new Error('needs TEST_DATABASE_URL (a PostgreSQL server) and REDIS_URL or TEST_REDIS_URL');
if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('needs haproxy on the PATH (Debian: apt-get install -y haproxy)');

const children: ChildProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'panel-replicas-'));
const database = `panel_replicas_${randomBytes(4).toString('hex')}`;
const serverUrl = new URL(databaseUrl);
const psql = (sql: string) => {
  const done = spawnSync('psql', [serverUrl.toString(), '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`psql: ${done.stderr}`);
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
function start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping && !killed.has(child)) console.error(`${name} stopped (${signal ?? code})`);
  });
  children.push(child);
  return child;
}
async function ready(url: string, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const keyPrefix = `replicas:${randomBytes(4).toString('hex')}:`;
let stopping = false;
const killed = new Set<ChildProcess>();
// Whatever ends this process ends what it started.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
setTimeout(() => {
  console.error('failed: the run took more than five minutes');
  stop();
  process.exit(1);
}, 300_000).unref();
function stop() {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  try {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch {
    // Reported by the run itself.
  }
  rmSync(work, { recursive: true, force: true });
}
function check(ok: boolean, what: string) {
  if (!ok) throw new Error(`failed: ${what}`);
  process.stdout.write(`ok: ${what}\n`);
}

try {
  psql(`CREATE DATABASE ${database}`);
  const databaseOfOwn = new URL(databaseUrl);
  databaseOfOwn.pathname = `/${database}`;
  const [gatewayPort, bff1, bff2, balancerPort, statsPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const jwt = randomBytes(32).toString('hex');
  start('gateway', process.execPath, ['--import', 'tsx', 'apps/gateway/src/server.ts'], {
    GATEWAY_PORT: String(gatewayPort),
    DATABASE_URL: databaseOfOwn.toString(),
    JWT_SECRET: jwt,
    SEED: 'demo',
    SEED_EXPERTS: '20',
    SEED_ORDERS: '40',
    LOG_LEVEL: 'warn',
  });
  await ready(`${gatewayUrl}/health/ready`);
  const shared = {
    GATEWAY_URL: gatewayUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    LIVE_LEASE_MS: '1000',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  const replicas = [bff1, bff2].map((port, k) =>
    start(`bff-${k + 1}`, process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], { ...shared, BFF_PORT: String(port) }),
  );
  await Promise.all([bff1, bff2].map((port) => ready(`http://127.0.0.1:${port}/health/ready`)));

  // The deployment's HAProxy rules, on this machine's ports.
  const config = readFileSync(new URL('./haproxy.cfg', import.meta.url), 'utf8')
    .replace('bind :8080', `bind 127.0.0.1:${balancerPort}`)
    .replace('bind :8404', `bind 127.0.0.1:${statsPort}`)
    .replace('bff-1:4000', `127.0.0.1:${bff1}`)
    .replace('bff-2:4000', `127.0.0.1:${bff2}`)
    .replace('inter 5s', 'inter 500ms')
    // A test's handful of connections; this machine's descriptor limit may be below the deployment's.
    .replace('maxconn 50000', 'maxconn 4000');
  writeFileSync(join(work, 'haproxy.cfg'), config);
  start('haproxy', 'haproxy', ['-db', '-f', join(work, 'haproxy.cfg')], {});
  const panel = `http://127.0.0.1:${balancerPort}`;
  await ready(`${panel}/health/ready`);

  // Signed in through the balancer, as the browser's form does.
  const signIn = await fetch(`${panel}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-panel-request': '1' },
    body: JSON.stringify({ username: 'staff', password: 'staff1234' }),
  });
  check(signIn.ok, 'sign-in through the balancer');
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';', 1)[0]!).filter((pair) => !pair.endsWith('=')).join('; ');
  const login = await fetch(`${gatewayUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'staff', password: 'staff1234' }) });
  const { access } = (await login.json()) as { access: string };
  const auth = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
  const dates = (await (await fetch(`${gatewayUrl}/api/dispatch/dates/`, { headers: auth })).json()) as { result: { type: string; date: string }[] };
  const date = dates.result.find((d) => d.type === 'tommorrow')!.date;
  const cells = ((await (await fetch(`${gatewayUrl}/api/dispatch/cells/?date=${date}`, { headers: auth })).json()) as { result: { state: number; inspection: unknown; expert_id: number; shift_id: number }[] }).result.filter(
    (c) => c.state === 0 && !c.inspection,
  );
  let toggles = 0;
  /** One committed change of the date (a free cell's availability, back and forth). */
  const change = async () => {
    const cell = cells[0]!;
    const response = await fetch(`${gatewayUrl}/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ state: ++toggles % 2 }),
    });
    if (!response.ok) throw new Error(`change answered ${response.status}`);
  };

  /** A browser on the live sheet through the balancer: tRPC's websocket frames, its last id, whether its socket closed. */
  const browser = (lastEventId?: string, site = panel) => {
    const events: { id: string; type: string }[] = [];
    const state = { events, closed: false, socket: undefined as unknown as Socket, last: lastEventId };
    let attempts = 0;
    const connect = () => {
    const socket = new WebSocket(`${site.replace(/^http/, 'ws')}/trpc`, { headers: { cookie, origin: site } });
    state.socket = socket;
    let opened = false;
    socket.on('error', () => {
      // Refused before it opened (the balancer had not yet seen the replica die): again, as the web's live link does.
      if (!opened && attempts++ < 20) setTimeout(connect, 200);
    });
    socket.on('open', () => {
      opened = true;
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'dispatch.watch', input: lastEventId ? { date, lastEventId } : { date } } }));
    });
    socket.on('message', (data) => {
      const text = String(data);
      if (text === 'PING') return socket.send('PONG');
      const message = JSON.parse(text) as { result?: { type?: string; id?: string; data?: { data?: { type?: string } } } };
      const id = message.result?.id;
      const type = message.result?.data?.data?.type;
      if (id && type) {
        events.push({ id, type });
        state.last = id;
      }
    });
    socket.on('close', () => {
      if (opened) state.closed = true;
    });
    };
    connect();
    return state;
  };
  const until = async (test: () => boolean, what: string, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  // The first watcher straight on bff-1, so bff-1 holds the date's lease and reads the gateway;
  // the replica killed below is then one that only follows the stream (a holder's death costs a
  // snapshot after its lease runs out: live-share.test.ts).
  const first = browser(undefined, `http://127.0.0.1:${bff1}`);
  await until(() => first.events.some((e) => e.type === 'snapshot'), 'the first watcher on bff-1');
  const browsers = [0, 1, 2, 3].map(() => browser());
  await until(() => browsers.every((b) => b.events.some((e) => e.type === 'snapshot')), 'four snapshots');
  await change();
  await until(() => browsers.every((b) => b.events.some((e) => e.type === 'delta')), 'the change on every browser');
  const ids = new Set(browsers.map((b) => b.events.find((e) => e.type === 'delta')!.id));
  check(ids.size === 1 && /^\d+:\d+$/.test([...ids][0]!), `one id for the change on both replicas (${[...ids][0]})`);

  // One replica dies with its browsers on it.
  killed.add(replicas[1]!);
  replicas[1]!.kill('SIGKILL');
  await until(() => browsers.some((b) => b.closed), 'the killed replica\'s browsers see their socket close');
  const away = browsers.filter((b) => b.closed);
  const stayed = browsers.filter((b) => !b.closed);
  check(away.length > 0 && stayed.length > 0, `browsers on both replicas (${stayed.length} stayed, ${away.length} on the killed one)`);
  await change();
  await until(() => stayed.every((b) => b.events.filter((e) => e.type === 'delta').length === 2), 'the change made while they were away, on the browsers that stayed');
  const missedId = stayed[0]!.events.filter((e) => e.type === 'delta')[1]!.id;
  const back = away.map((b) => browser(b.last));
  await until(() => back.every((b) => b.events.length > 0), 'the browsers back through the balancer get an event');
  check(
    back.every((b) => b.events[0]!.type === 'delta' && b.events[0]!.id === missedId),
    `the browsers back get exactly the missed change, by replay, with its id (${back.map((b) => b.events.map((e) => `${e.type} ${e.id}`).join(', ')).join(' | ')})`,
  );
  await change();
  await until(() => [...stayed, ...back].every((b) => b.events.some((e) => e.type === 'delta' && e.id !== missedId && e.id > missedId)), 'a later change on every browser');
  for (const b of [first, ...browsers, ...back]) b.socket.terminate();
  process.stdout.write('the replicas topology works as processes\n');
  stop();
  await dropRedisKeys(redisUrl!, keyPrefix);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop();
  await dropRedisKeys(redisUrl!, keyPrefix).catch(() => {});
  process.exit(1);
}
