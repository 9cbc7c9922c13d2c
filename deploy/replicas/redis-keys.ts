import { createRequire } from 'node:module';

// Removing a run's Redis keys (its own prefix) at its end: the processes test of this folder and
// bench/fanout's replicas mode share one Redis with everything else on the machine.

// The BFF's Redis client (this folder is not a package of the workspace).
const fromBff = createRequire(new URL('../../apps/bff/package.json', import.meta.url));
type RedisClient = { scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', n: number): Promise<[string, string[]]>; del(...keys: string[]): Promise<number>; quit(): Promise<unknown> };
const Redis = (fromBff('ioredis') as { Redis: new (url: string) => RedisClient }).Redis;

/** Deletes every key of `url` whose name starts with `prefix`. */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
