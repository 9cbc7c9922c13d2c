import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTRPCClient, wsLink } from '@trpc/client';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@panel/contracts/common';
import type { Cell, DispatchEvent } from '@panel/contracts/dispatch';
import type { startTestGateway } from '@panel/gateway/testing';
import type { AppRouter } from '../router';
import { dropTestRedisKeys, sealedCookieHeader, startGatewayForBff, TEST_SESSION_SECRET } from '../testing';
import { SocketBrowser, type LiveBrowser, type LiveView } from './live-feed.test-support';

// Issue 34, decision 129, the chaos that a test in one process cannot play: two BFF replicas, each
// a process of its own sharing Redis, in front of a real gateway; the replica that holds the live
// sheet's lease (it reads the gateway for both) is killed (SIGKILL) mid-stream with browsers on
// it, while changes keep being committed. Nothing tells anyone: its lease runs out, the other
// replica takes it over, and the killed replica's browsers come back there with their last id.
// Every browser ends on the gateway's truth, every acknowledged change included, no delta skipped.

const redisUrl = process.env.TEST_REDIS_URL;
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const SARA = { id: 1, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const LEASE_MS = 500;
/** A browser of the sheet: cells by pk, the newer version winning, as the web's cell store keeps them. */
const view: LiveView<Cell, DispatchEvent> = {
  items: (event) => (event.type === 'snapshot' || event.type === 'delta' ? event.cells : undefined),
  key: (cell) => cell.pk,
  version: (cell) => cell.version,
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.runIf(redisUrl)('BFF replicas as processes: the lease holder killed with browsers on it (issue 34)', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let token: string;
  let cookie: string;
  let date: string;
  let pool: { pk: number; expert_id: number; shift_id: number }[];
  const prefix = `test:${randomUUID()}:`;
  const replicas: { child: ChildProcess; url: string; port: number }[] = [];
  const browsers: LiveBrowser<Cell, DispatchEvent>[] = [];
  const admin = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });

  const auth = () => ({ authorization: `Bearer ${token}` });
  /** The date's cells as the gateway holds them now: pk to version. */
  const truth = async () => {
    const res = await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: auth() });
    return new Map((res.json().result as { pk: number; version: number }[]).map((c) => [c.pk, c.version]));
  };
  const versions = (b: LiveBrowser<Cell, DispatchEvent>) => new Map([...b.items.values()].map((c) => [c.pk, c.version]));

  async function startReplica(): Promise<{ child: ChildProcess; url: string; port: number }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        BFF_HOST: '127.0.0.1',
        BFF_PORT: String(port),
        GATEWAY_URL: gateway.url,
        GATEWAY_WS_URL: gateway.wsUrl,
        SESSION_SECRET: TEST_SESSION_SECRET,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        LIVE_LEASE_MS: String(LEASE_MS),
        SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'silent',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (!(await fetch(`${url}/health/ready`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the replica on ${url} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const replica = { child, url, port };
    replicas.push(replica);
    return replica;
  }

  const browser = (on: { url: string }) => {
    const b = new SocketBrowser(view, `${on.url.replace(/^http/, 'ws')}/trpc`, cookie, (client, topic, lastEventId, handlers) =>
      createTRPCClient<AppRouter>({ links: [wsLink({ client })] }).dispatch.watch.subscribe({ date: topic, lastEventId }, handlers),
    );
    browsers.push(b);
    return b;
  };

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    token = await gateway.deps.tokens.signAccess(SARA, [ROLES.staff]);
    const refresh = await gateway.deps.tokens.signRefresh(1, 'kill');
    cookie = await sealedCookieHeader({ access: token, refresh, roles: [ROLES.staff] });
    const dates = (await gateway.app.inject({ url: '/api/dispatch/dates/', headers: auth() })).json().result as { type: string; date: string }[];
    date = dates.find((d) => d.type === 'tommorrow')!.date;
    const cells = (await gateway.app.inject({ url: `/api/dispatch/cells/?date=${date}`, headers: auth() })).json().result as { pk: number; expert_id: number; shift_id: number; state: number; inspection: unknown }[];
    pool = cells.filter((c) => c.state === 0 && !c.inspection).slice(0, 10);
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close().catch(() => {})));
    // Gone before their keys are: a replica still alive wrote its topic's keys again after the sweep.
    await Promise.all(
      replicas.map(({ child }) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGKILL');
            })
          : undefined,
      ),
    );
    admin.disconnect();
    await dropTestRedisKeys(redisUrl ?? 'redis://127.0.0.1:6379', prefix);
    await gateway?.close();
  });

  it('the holder dies mid-stream: its lease runs out, the other replica reads the gateway, every browser converges with every acknowledged change', async () => {
    const [holder, other] = [await startReplica(), await startReplica()];
    // The first watcher's replica takes the free lease: the holder.
    const onHolder = [browser(holder), browser(holder)];
    await onHolder[0]!.open(date);
    await onHolder[0]!.waitFor(() => onHolder[0]!.events.some((e) => e.data.type === 'snapshot'), 30_000);
    await onHolder[1]!.open(date);
    const stays = browser(other);
    await stays.open(date);
    for (const b of [onHolder[1]!, stays]) await b.waitFor(() => b.events.some((e) => e.data.type === 'snapshot'), 30_000);
    // The replicas listen with BFF_LISTEN_BACKLOG's queue (4096, as far as the kernel allows): a
    // reconnect storm's connections wait there instead of being dropped (`ss` shows it as Send-Q).
    const listing = spawnSync('ss', ['-ltnH', `sport = :${other.port}`], { encoding: 'utf8' });
    if (listing.status === 0) {
      const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      expect(Number(listing.stdout.trim().split(/\s+/)[2])).toBe(Math.min(4096, somaxconn));
    }
    const leaseKey = `${prefix}live:{dispatch:${date}}:lease`;
    const firstHolder = await admin.get(leaseKey);
    expect(firstHolder).toBeTruthy();

    // Changes committed every 50 ms from now on; each acknowledged one is remembered by pk and version.
    const acknowledged = new Map<number, number>();
    const states = new Map<number, number>();
    let flip = 0;
    let committing = true;
    const commits = (async () => {
      while (committing) {
        const cell = pool[flip++ % pool.length]!;
        states.set(cell.pk, states.get(cell.pk) === 1 ? 0 : 1);
        const res = await gateway.app.inject({
          method: 'PATCH',
          url: `/api/dispatch/experts/${cell.expert_id}/shifts/${cell.shift_id}/availability/`,
          payload: { state: states.get(cell.pk) },
          headers: auth(),
        });
        if (res.statusCode === 200) acknowledged.set(cell.pk, Math.max(acknowledged.get(cell.pk) ?? 0, (res.json() as { data: { version: number } }).data.version));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await stays.waitFor(() => stays.deltas().length >= 3, 20_000);

    const killMidStream = async () => {
      holder.child.kill('SIGKILL');
      const killedAt = Date.now();
      // The other replica takes the lease once the dead one's runs out (nobody gave it up).
      for (let holding = firstHolder; holding === firstHolder || !holding; holding = await admin.get(leaseKey)) {
        expect(Date.now() - killedAt).toBeLessThan(10_000);
        await new Promise((r) => setTimeout(r, 50));
      }
      // The killed replica's browsers come back on the other one with their last id and what they held.
      const back = onHolder.map((gone) => {
        const b = browser(other);
        b.lastId = gone.lastId;
        for (const [key, item] of gone.items) b.items.set(key, item);
        return { b, from: gone.lastId };
      });
      for (const gone of onHolder) await gone.close();
      for (const { b, from } of back) await b.open(date, from);
      await new Promise((r) => setTimeout(r, 1_000));
      committing = false;
      await commits;

      const final = await truth();
      for (const [pk, version] of acknowledged) expect(final.get(pk)).toBeGreaterThanOrEqual(version);
      const everyone = [stays, ...back.map((x) => x.b)];
      await Promise.all(everyone.map((b) => b.waitFor(() => JSON.stringify([...versions(b)].sort()) === JSON.stringify([...final].sort()), 20_000)));
      for (const b of everyone) {
        expect(b.gaps).toEqual([]);
        for (const [pk, version] of acknowledged) expect(versions(b).get(pk)).toBeGreaterThanOrEqual(version);
      }
      // The holder's death cost the browsers that stayed a snapshot (a new epoch), not silence.
      expect(stays.events.filter((e) => e.data.type === 'snapshot').length).toBeGreaterThanOrEqual(2);
    };
    try {
      await killMidStream();
    } finally {
      committing = false;
      await commits;
    }
  }, 180_000);
});
