import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMemoryTokenRevocations, createRedisTokenRevocations } from './token-revocations';

const settle = (test: () => boolean, ms = 3000) =>
  new Promise<boolean>((resolve) => {
    const deadline = Date.now() + ms;
    const tick = () => (test() ? resolve(true) : Date.now() > deadline ? resolve(false) : setTimeout(tick, 20));
    tick();
  });

describe('API token revocations (issue 18)', () => {
  it('one BFF: a revocation reaches its listeners at once, and an unsubscribed one no more', async () => {
    const revocations = createMemoryTokenRevocations();
    const heard: number[] = [];
    const stop = revocations.listen((id) => heard.push(id));
    revocations.announce(7);
    stop();
    revocations.announce(8);
    expect(heard).toEqual([7]);
    await revocations.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)('replicas sharing Redis: each hears every revocation once, its own and the others\'', async () => {
    const prefix = `test:${randomUUID()}:`;
    const failures: unknown[] = [];
    const [a, b] = [0, 1].map(() => createRedisTokenRevocations(process.env.TEST_REDIS_URL!, { prefix, onUnavailable: (e) => failures.push(e) }));
    const other = createRedisTokenRevocations(process.env.TEST_REDIS_URL!, { prefix: `test:${randomUUID()}:` });
    try {
      await Promise.all([a!.ready(), b!.ready(), other.ready()]);
      const heardA: number[] = [];
      const heardB: number[] = [];
      const heardOther: number[] = [];
      a!.listen((id) => heardA.push(id));
      b!.listen((id) => heardB.push(id));
      other.listen((id) => heardOther.push(id));
      a!.announce(41);
      // The announcing replica hears it at once, without waiting for Redis.
      expect(heardA).toEqual([41]);
      b!.announce(42);
      expect(await settle(() => heardA.length === 2 && heardB.length === 2)).toBe(true);
      // Its own echo is skipped: each id once.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardA.sort()).toEqual([41, 42]);
      expect(heardB.sort()).toEqual([41, 42]);
      // Another installation's prefix is another channel.
      expect(heardOther).toEqual([]);
      expect(failures).toEqual([]);
    } finally {
      await Promise.all([a!.close(), b!.close(), other.close()]);
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('a replica cut from Redis hears revocations again once it is back, and closes cleanly while it reconnects', async () => {
    // A line to Redis the test can cut: every connection through it is dropped, then let through again.
    const target = new URL(process.env.TEST_REDIS_URL!);
    const sockets = new Set<Socket>();
    const line = createServer((client) => {
      const redis = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, redis]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => (client.destroy(), redis.destroy(), sockets.delete(socket)));
      }
      client.pipe(redis).pipe(client);
    });
    await new Promise<void>((resolve) => line.listen(0, '127.0.0.1', resolve));
    const prefix = `test:${randomUUID()}:`;
    const cut = createRedisTokenRevocations(`redis://127.0.0.1:${(line.address() as AddressInfo).port}`, { prefix, onUnavailable: () => {} });
    const other = createRedisTokenRevocations(process.env.TEST_REDIS_URL!, { prefix });
    try {
      await Promise.all([cut.ready(), other.ready()]);
      const heard: number[] = [];
      cut.listen((id) => heard.push(id));
      for (const socket of sockets) socket.destroy();
      // Back: it resubscribes on its own and hears what the others announce from then on.
      expect(await settle(() => (other.announce(51), heard.includes(51)), 10_000)).toBe(true);
      // Cut again and closed at once, its resubscription unanswered: no rejection is left unhandled
      // (Vitest fails the run on one).
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await Promise.all([cut.close(), other.close()]);
      await new Promise((resolve) => line.close(resolve));
    }
  });
});
