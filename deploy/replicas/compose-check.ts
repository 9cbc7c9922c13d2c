// deploy/replicas/compose.yaml under Docker, checked (issue 34, decision 129): builds the panel's
// image, starts the compose file as a project of its own (fresh secrets, free ports, bff-1 also
// published so the first watcher can hold the lease there), waits for the balancer, runs
// topology-check.ts's checks through it (bff-2 killed with SIGKILL, its browsers back with exactly
// what they missed, by replay), and takes the project down with its volumes. Exits 1 on any
// failure, 3 when no Docker daemon answers (nothing was checked). Run from the repository's root:
//   pnpm exec tsx deploy/replicas/compose-check.ts
// PANEL_IMAGE names an image already built instead (no build); NODE_IMAGE is the Dockerfile's
// base; POSTGRES_IMAGE, REDIS_IMAGE, HAPROXY_IMAGE other images for the compose file (a machine
// without Docker Hub: deploy/replicas/offline-images.sh); DOCKER_BUILD_NETWORK the build's network.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTopology, freePort, ready } from './topology-check';

const root = fileURLToPath(new URL('../..', import.meta.url));
const composeFile = fileURLToPath(new URL('./compose.yaml', import.meta.url));

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, quiet = false) {
  const done = spawnSync(command, args, { cwd: root, env, stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'], encoding: 'utf8' });
  return done.status === 0;
}

if (!run('docker', ['info'], process.env, true)) {
  console.error('Docker is not available here (no daemon answers `docker info`): the compose file was not started.');
  console.error('deploy/replicas/processes.ts checks the same topology as processes.');
  process.exit(3);
}
// Compose v2 (`docker compose`), else v1 (`docker-compose`).
const compose = run('docker', ['compose', 'version'], process.env, true) ? ['docker', 'compose'] : ['docker-compose'];
if (!run(compose[0]!, [...compose.slice(1), 'version'], process.env, true)) {
  console.error('Docker Compose is not installed (neither `docker compose` nor `docker-compose`).');
  process.exit(3);
}


const project = `panel-check-${randomBytes(4).toString('hex')}`;
const image = process.env.PANEL_IMAGE ?? `${project}-image`;
const work = mkdtempSync(join(tmpdir(), 'panel-compose-'));
const [panelPort, statsPort, holderPort] = await Promise.all([freePort(), freePort(), freePort()]);
// The check's own settings over the compose file's: bff-1 also on a port of this machine (the
// first watcher goes there to hold the lease); and, as processes.ts does, the balancer's
// connections and every service's descriptors within this machine's limit (a check's handful of
// connections; a container may not raise its limit past the daemon's).
const nofile = Math.min(65_536, Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()) || 65_536);
const haproxyConfig = join(work, 'haproxy.cfg');
writeFileSync(haproxyConfig, readFileSync(new URL('./haproxy.cfg', import.meta.url), 'utf8').replace('maxconn 50000', `maxconn ${Math.floor(nofile / 2) - 100}`));
const limits = `    ulimits:\n      nofile: { soft: ${nofile}, hard: ${nofile} }\n`;
const override = join(work, 'check.yaml');
writeFileSync(
  override,
  `services:\n  bff-1:\n    ports: ["127.0.0.1:${holderPort}:4000"]\n${limits}  bff-2:\n${limits}  balancer:\n    volumes: ["${haproxyConfig}:/usr/local/etc/haproxy/haproxy.cfg:ro"]\n${limits}`,
);
const env = {
  ...process.env,
  PANEL_IMAGE: image,
  PANEL_PORT: String(panelPort),
  PANEL_STATS_PORT: String(statsPort),
  PANEL_SESSION_SECRET: randomBytes(32).toString('hex'),
  PANEL_JWT_SECRET: randomBytes(32).toString('hex'),
};
const composeArgs = (...args: string[]) => [...compose.slice(1), '-p', project, '-f', composeFile, '-f', override, ...args];
const inCompose = (...args: string[]) => run(compose[0]!, composeArgs(...args), env);

let failed = false;
try {
  if (!process.env.PANEL_IMAGE) {
    const build = ['build', '-t', image];
    if (process.env.NODE_IMAGE) build.push('--build-arg', `NODE_IMAGE=${process.env.NODE_IMAGE}`);
    if (process.env.DOCKER_BUILD_NETWORK) build.push('--network', process.env.DOCKER_BUILD_NETWORK);
    if (!run('docker', [...build, '.'])) throw new Error('the image did not build');
  }
  if (!inCompose('up', '-d')) throw new Error('the compose file did not start');
  const panel = `http://127.0.0.1:${panelPort}`;
  // The gateway's first start migrates and seeds its database.
  await ready(`${panel}/health/ready`, 300_000);
  await checkTopology({
    panel,
    holder: `http://127.0.0.1:${holderPort}`,
    stats: `http://127.0.0.1:${statsPort}`,
    killFollower: () => {
      if (!inCompose('kill', '-s', 'SIGKILL', 'bff-2')) throw new Error('bff-2 could not be killed');
    },
  });
  process.stdout.write('the compose file\'s topology works under Docker\n');
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  inCompose('logs', '--tail', '40');
} finally {
  inCompose('down', '-v', '--remove-orphans');
  if (!process.env.PANEL_IMAGE) run('docker', ['image', 'rm', image], process.env, true);
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
