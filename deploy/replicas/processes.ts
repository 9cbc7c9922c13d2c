// The topology of deploy/replicas/compose.yaml started as processes, for machines without Docker
// (issue 34, decision 129): PostgreSQL (a database of its own on TEST_DATABASE_URL's server),
// Redis (REDIS_URL or TEST_REDIS_URL, a key prefix of its own), the gateway, two BFF replicas and
// HAProxy (`haproxy` on the PATH) with haproxy.cfg's rules; then topology-check.ts's checks, all
// through the balancer (a replica killed, its browsers back with exactly what they missed, by
// replay). Exits non-zero on any failure. Run from the repository's root:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 pnpm exec tsx deploy/replicas/processes.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropRedisKeys } from './redis-keys';
import { checkTopology, freePort, ready } from './topology-check';

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
function start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping && !killed.has(child)) console.error(`${name} stopped (${signal ?? code})`);
  });
  children.push(child);
  return child;
}
/** How long a server of the topology may take to be ready (the gateway seeds its database first). */
const READY_MS = 180_000;
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
  await ready(`${gatewayUrl}/health/ready`, READY_MS);
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
  await Promise.all([bff1, bff2].map((port) => ready(`http://127.0.0.1:${port}/health/ready`, READY_MS)));

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
  await ready(`${panel}/health/ready`, READY_MS);

  await checkTopology({
    panel,
    holder: `http://127.0.0.1:${bff1}`,
    stats: `http://127.0.0.1:${statsPort}`,
    killFollower: () => {
      killed.add(replicas[1]!);
      replicas[1]!.kill('SIGKILL');
    },
  });
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
