import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Word that an API token was revoked (issue 18), heard by every BFF replica: each ends the
 * token's open streams at once (they confirm the revocation upstream before their next event).
 * One BFF keeps it in memory; replicas sharing `REDIS_URL` publish it on one Redis channel. A
 * replica that was cut from Redis when a revocation was published still ends the token's streams
 * at their next check (its expiry, and at least every five minutes; decision 014), and its next
 * request is refused by the gateway in any case: the channel makes it immediate, not correct.
 */
export interface TokenRevocations {
  /** Says on every replica that the token `tokenId` was revoked. */
  announce(tokenId: number): void;
  /** Calls `listener` with each revoked token's id; returns the unsubscribe. */
  listen(listener: (tokenId: number) => void): () => void;
  /** Resolves once this replica hears revocations published by the others. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryTokenRevocations(): TokenRevocations & { heard(tokenId: number): void } {
  const events = new EventEmitter().setMaxListeners(0);
  return {
    announce(tokenId) {
      events.emit('revoked', tokenId);
    },
    heard(tokenId) {
      events.emit('revoked', tokenId);
    },
    listen(listener) {
      events.on('revoked', listener);
      return () => events.off('revoked', listener);
    },
    ready: async () => {},
    async close() {
      events.removeAllListeners();
    },
  };
}

export interface RedisRevocationOptions {
  /** Prefix of the channel (`<prefix>api-token-revoked`). */
  prefix?: string;
  /** Told when Redis cannot carry a revocation; the replicas then rely on their checks. */
  onUnavailable?: (error: unknown) => void;
}

const Message = {
  encode: (origin: string, tokenId: number) => JSON.stringify({ origin, tokenId }),
  decode(text: string): { origin: string; tokenId: number } | undefined {
    try {
      const value = JSON.parse(text) as { origin?: unknown; tokenId?: unknown };
      if (typeof value.origin !== 'string' || !Number.isSafeInteger(value.tokenId)) return undefined;
      return { origin: value.origin, tokenId: value.tokenId as number };
    } catch {
      return undefined;
    }
  },
};

/** Revocations shared by the replicas through Redis pub/sub (one connection publishes, one listens). */
export function createRedisTokenRevocations(redisUrl: string, options: RedisRevocationOptions = {}): TokenRevocations {
  const channel = `${options.prefix ?? 'panel:'}api-token-revoked`;
  const local = createMemoryTokenRevocations();
  // Each replica hears its own announcements at once, locally, and skips their echo.
  const origin = randomUUID();
  const connection = {
    connectTimeout: 2000,
    retryStrategy: (times: number) => Math.min(times * 200, 5000),
  };
  const publisher = new Redis(redisUrl, { ...connection, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 1000 });
  // Resubscribed by hand after a reconnect, not by ioredis's `autoResubscribe`: its resubscribe
  // promise has no handler, so a connection lost again before Redis answered it rejected unhandled
  // and took the whole process down (seen when a replica closed during a Redis restart).
  const subscriber = new Redis(redisUrl, { ...connection, autoResubscribe: false });
  publisher.on('error', () => {
    // Reported per publish below; the connection retries on its own.
  });
  subscriber.on('error', () => {
    // It reconnects on its own, and resubscribes on 'ready' below.
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = Message.decode(text);
    if (message && message.origin !== origin) local.heard(message.tokenId);
  });
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => options.onUnavailable?.(error),
    );
  const subscribed = subscribe();
  // The first 'ready' is the connection the subscription above waits for; every later one is a reconnect.
  let connections = 0;
  subscriber.on('ready', () => {
    if ((connections += 1) > 1) void subscribe();
  });

  return {
    announce(tokenId) {
      local.announce(tokenId);
      publisher.publish(channel, Message.encode(origin, tokenId)).catch((error: unknown) => options.onUnavailable?.(error));
    },
    listen: local.listen,
    ready: () => subscribed,
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** The BFF's revocations: shared through Redis when `redisUrl` is set, else this process's own. */
export function createTokenRevocations(redisUrl: string | undefined, options: RedisRevocationOptions = {}): TokenRevocations {
  return redisUrl ? createRedisTokenRevocations(redisUrl, options) : createMemoryTokenRevocations();
}
