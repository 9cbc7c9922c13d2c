import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Failed sign-in attempts per client in a sliding minute. Only failures count: a dispatcher
 * who signs in and out all day is never locked out, while guessing passwords is slowed to
 * `perMinute` tries. One BFF keeps them in memory; several replicas share them through Redis
 * (DESIGN §8, `REDIS_URL`), so a guesser gains nothing by landing on another replica.
 */
export interface SignInLimiter {
  /** Milliseconds until `client` may try again with `limit` failures allowed a minute (default: the limiter's), or 0. */
  retryAfter(client: string, limit?: number): Promise<number>;
  fail(client: string): Promise<void>;
  succeed(client: string): Promise<void>;
  close(): Promise<void>;
}

interface LimitOptions {
  windowMs?: number;
}

export function createMemorySignInLimiter(perMinute: number, options: LimitOptions & { maxClients?: number; now?: () => number } = {}): SignInLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const maxClients = options.maxClients ?? 50_000;
  const clock = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (client: string, now: number) => (failures.get(client) ?? []).filter((at) => now - at < windowMs);

  return {
    async retryAfter(client, limit = perMinute) {
      const now = clock();
      const times = recent(client, now);
      if (times.length < limit) return 0;
      return windowMs - (now - times[times.length - limit]!);
    },
    async fail(client) {
      const now = clock();
      const times = recent(client, now);
      times.push(now);
      failures.delete(client);
      failures.set(client, times);
      while (failures.size > maxClients) failures.delete(failures.keys().next().value!);
    },
    async succeed(client) {
      failures.delete(client);
    },
    async close() {},
  };
}

// One sorted set per client (score and member: the failure's time on the Redis server's clock,
// the one clock every replica shares). Each step is one script, so concurrent replicas never
// interleave inside it.
const CLOCK = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)";
const FAIL = `${CLOCK}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0`;
const RETRY_AFTER = `${CLOCK}
local window = tonumber(ARGV[1])
local per = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n < per then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], n - per, n - per, 'WITHSCORES')
return window - (now - tonumber(oldest[2]))`;

export interface RedisLimitOptions extends LimitOptions {
  /** Prefix of every key (`<prefix>sign-in:<client>`). */
  prefix?: string;
  /** Told when Redis cannot answer; the attempt is then counted by this BFF alone. */
  onUnavailable?: (error: unknown) => void;
}

/**
 * The limiter shared by replicas through Redis. When Redis does not answer (down, or not yet
 * connected) sign-in stays open and is limited by this replica's own memory meanwhile: an
 * outage of the cache must not lock every dispatcher out.
 */
export function createRedisSignInLimiter(redisUrl: string, perMinute: number, options: RedisLimitOptions = {}): SignInLimiter {
  const windowMs = options.windowMs ?? 60_000;
  const prefix = options.prefix ?? 'panel:';
  const local = createMemorySignInLimiter(perMinute, { windowMs });
  const redis = new Redis(redisUrl, {
    // Fail fast instead of queueing while disconnected: the local limiter answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  redis.on('error', () => {
    // Reported per command below; the connection retries on its own.
  });
  // Sent once and then run by their SHA (EVALSHA), not as text on every attempt.
  redis.defineCommand('signInFail', { numberOfKeys: 1, lua: FAIL });
  redis.defineCommand('signInRetryAfter', { numberOfKeys: 1, lua: RETRY_AFTER });
  const scripts = redis as unknown as {
    signInFail(key: string, windowMs: number, member: string): Promise<unknown>;
    signInRetryAfter(key: string, windowMs: number, perMinute: number): Promise<unknown>;
  };
  const key = (client: string) => `${prefix}sign-in:${client}`;
  /** Members must differ across replicas that fail in the same millisecond. */
  const replica = randomUUID();
  let sequence = 0;

  async function shared<T>(run: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      options.onUnavailable?.(error);
      return fallback();
    }
  }

  return {
    retryAfter: (client, limit = perMinute) =>
      shared(
        async () => Number(await scripts.signInRetryAfter(key(client), windowMs, limit)),
        () => local.retryAfter(client, limit),
      ),
    fail: (client) =>
      shared(
        async () => {
          await scripts.signInFail(key(client), windowMs, `${replica}.${(sequence += 1)}`);
        },
        () => local.fail(client),
      ),
    succeed: async (client) => {
      await local.succeed(client);
      await shared(
        async () => {
          await redis.del(key(client));
        },
        async () => {},
      );
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The BFF's limiter: shared through Redis when `redisUrl` is set, else this process's memory. */
export function createSignInLimiter(
  perMinute: number,
  redisUrl: string | undefined,
  options: RedisLimitOptions = {},
): SignInLimiter {
  return redisUrl ? createRedisSignInLimiter(redisUrl, perMinute, options) : createMemorySignInLimiter(perMinute, options);
}
