import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySignInLimiter, createRedisSignInLimiter, type SignInLimiter } from './sign-in-limiter';
import { untilConnected } from './sign-in-limiter.test-support';

describe('sign-in limiter in memory', () => {
  it('counts failures in a sliding window; a success clears them', async () => {
    let now = 1_000_000;
    const limiter = createMemorySignInLimiter(3, { windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      await limiter.fail('10.0.0.1');
      now += 10_000;
    }
    // Failures at 0 s, 10 s and 20 s; now is 30 s: the oldest leaves the window at 60 s.
    expect(await limiter.retryAfter('10.0.0.1')).toBe(30_000);
    expect(await limiter.retryAfter('10.0.0.2')).toBe(0);
    now += 30_000;
    expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
    await limiter.fail('10.0.0.1');
    expect(await limiter.retryAfter('10.0.0.1')).toBeGreaterThan(0);
    await limiter.succeed('10.0.0.1');
    expect(await limiter.retryAfter('10.0.0.1')).toBe(0);
  });
});

describe('sign-in limiter with Redis configured but not answering', () => {
  it('keeps sign-in open and limits on this replica alone, and says so', async () => {
    const reported: unknown[] = [];
    const down = createRedisSignInLimiter('redis://127.0.0.1:1', 2, { onUnavailable: (error) => reported.push(error) });
    try {
      expect(await down.retryAfter('10.2.0.1')).toBe(0);
      await down.fail('10.2.0.1');
      await down.fail('10.2.0.1');
      expect(await down.retryAfter('10.2.0.1')).toBeGreaterThan(0);
      expect(reported.length).toBeGreaterThan(0);
    } finally {
      await down.close();
    }
  });
});

// The machine's Redis (CI sets TEST_REDIS_URL when one answers on 127.0.0.1:6379).
describe.runIf(process.env.TEST_REDIS_URL)('sign-in limiter shared by BFF replicas through Redis', () => {
  const url = process.env.TEST_REDIS_URL!;
  const prefix = `test:${randomUUID()}:`;
  const open: SignInLimiter[] = [];
  const replica = () => {
    const limiter = createRedisSignInLimiter(url, 3, { prefix, onUnavailable: (error) => unavailable.push(error) });
    open.push(limiter);
    return limiter;
  };
  const unavailable: unknown[] = [];
  afterAll(async () => {
    for (const limiter of open) await limiter.close();
  });

  const connected = (limiter: SignInLimiter) => untilConnected(limiter, unavailable);

  it('failures on one replica count on the other; a success on either clears them', async () => {
    const [a, b] = [replica(), replica()];
    await connected(a);
    await connected(b);
    await a.fail('10.1.0.1');
    await b.fail('10.1.0.1');
    expect(await a.retryAfter('10.1.0.1')).toBe(0);
    await Promise.all([a.fail('10.1.0.1'), b.fail('10.1.0.1')]);
    const wait = await b.retryAfter('10.1.0.1');
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await a.retryAfter('10.1.0.1')).toBeGreaterThan(0);
    expect(await a.retryAfter('10.1.0.2')).toBe(0);
    await a.succeed('10.1.0.1');
    expect(await b.retryAfter('10.1.0.1')).toBe(0);
    expect(unavailable).toEqual([]);
  });
});
