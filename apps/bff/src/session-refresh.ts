import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { GatewayError } from './gateway/gateway-error';
import type { Sealer } from './session-seal';

// One refresh per session across BFF replicas (issue 34, decision 129; decision 011 does it within
// one BFF). A browser's concurrent calls may land on different replicas, each with the same
// expired access token: the first takes a short Redis lock on the session (its refresh token) and
// refreshes; the others wait for the result it leaves behind and use the new access token instead
// of refreshing again. The token is kept sealed with the BFF's session key (session-seal.ts) under
// a key named by a hash of the refresh token: Redis never holds a token in the clear, nor in a
// key's name. Redis unreachable: each replica refreshes on its own, as one BFF does.

/** What the gateway's refresh call is: the refresh token in, a new access token out. */
export type RefreshCall = (refresh: string) => Promise<{ access: string }>;

export interface SharedRefreshOptions {
  url: string;
  prefix: string;
  /** Seals the refreshed access token while it waits in Redis for the other replicas. */
  sealer: Sealer;
  /** How long the lock may be held: longer than one refresh call can take (its gateway deadline). */
  lockMs: number;
  /** A refreshed token is handed to calls that failed with the token it replaced for this long (decision 011's 30 s). */
  reuseMs?: number;
  /** Told when Redis cannot answer; the refresh then happens on this replica alone. */
  onUnavailable?: (error: unknown) => void;
}

/** While another replica refreshes, its result is looked for this often. */
const POLL_MS = 20;
/** A refused refresh is remembered this long, so the waiting replicas sign out at once too. */
const REFUSED_MS = 5_000;
const SEALED = 'refreshed-access';

type Result = { replaced: string; sealed: string } | { replaced: string; refused: { status: number; body: unknown; text: string; contentType: string } };

const digest = (text: string | undefined) => createHash('sha256').update(text ?? '').digest('base64url');
// The lock is given up only by its holder.
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface SharedRefresh {
  /** A fresh access token for the session whose `failedAccess` the gateway refused, refreshed by one replica. */
  refresh(refresh: string, failedAccess: string | undefined): Promise<string>;
  close(): Promise<void>;
}

export function createSharedRefresh(call: RefreshCall, options: SharedRefreshOptions): SharedRefresh {
  const reuseMs = options.reuseMs ?? 30_000;
  const redis = new Redis(options.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  redis.on('error', () => {
    // Reported per refresh below; the connection retries on its own.
  });
  redis.defineCommand('refreshUnlock', { numberOfKeys: 1, lua: UNLOCK });
  const unlock = (key: string, me: string) => (redis as unknown as { refreshUnlock(key: string, me: string): Promise<number> }).refreshUnlock(key, me);

  async function readResult(key: string, replaced: string): Promise<string | undefined> {
    const text = await redis.get(key);
    if (!text) return undefined;
    const result = JSON.parse(text) as Result;
    // A result for another token: the failing one is newer than that refresh, so it needs its own.
    if (result.replaced !== replaced) return undefined;
    if ('refused' in result) {
      const { status, body, text: answer, contentType } = result.refused;
      throw new GatewayError(status, body, answer, contentType);
    }
    const opened = (await options.sealer.open(SEALED, result.sealed)) as { access?: unknown } | undefined;
    return typeof opened?.access === 'string' ? opened.access : undefined;
  }

  async function shared(refresh: string, failedAccess: string | undefined): Promise<string> {
    const session = digest(refresh);
    const replaced = digest(failedAccess);
    const resultKey = `${options.prefix}refresh:${session}:result`;
    const lockKey = `${options.prefix}refresh:${session}:lock`;
    const me = randomUUID();
    const deadline = Date.now() + options.lockMs + 1_000;
    const own = async () => {
      try {
        return (await call(refresh)).access;
      } catch (error) {
        throw new Settled(error);
      }
    };
    for (;;) {
      const done = await readResult(resultKey, replaced);
      if (done) return done;
      if ((await redis.set(lockKey, me, 'PX', options.lockMs, 'NX')) === 'OK') {
        try {
          // Between our look and the lock, another replica may have finished.
          const meanwhile = await readResult(resultKey, replaced);
          if (meanwhile) return meanwhile;
          let access: string;
          try {
            access = await own();
          } catch (settled) {
            const error = (settled as Settled).outcome;
            if (error instanceof GatewayError) {
              const refused: Result = { replaced, refused: { status: error.status, body: error.body, text: error.text, contentType: error.contentType } };
              await redis.set(resultKey, JSON.stringify(refused), 'PX', REFUSED_MS).catch(() => {});
            }
            throw settled;
          }
          const sealed = await options.sealer.seal(SEALED, { access });
          await redis.set(resultKey, JSON.stringify({ replaced, sealed } satisfies Result), 'PX', reuseMs).catch(() => {});
          return access;
        } finally {
          await unlock(lockKey, me).catch(() => {});
        }
      }
      // Another replica refreshes: its result comes, or its lock runs out and this one tries.
      if (Date.now() > deadline) return own();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    async refresh(refresh, failedAccess) {
      try {
        return await shared(refresh, failedAccess);
      } catch (error) {
        // The refresh itself answered (refused, or the gateway unreachable): that is the outcome.
        if (error instanceof Settled) throw error.outcome;
        if (error instanceof GatewayError) throw error;
        options.onUnavailable?.(error);
        return (await call(refresh)).access;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The gateway's own answer to this replica's refresh, passed through untouched. */
class Settled extends Error {
  constructor(readonly outcome: unknown) {
    super('refresh settled');
  }
}
