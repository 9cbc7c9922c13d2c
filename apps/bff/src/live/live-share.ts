import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { UpstreamHealth } from '../gateway/gateway-client';
import { defineScripts, type Scripts } from './live-share-scripts';

// BFF replicas behind a balancer share one numbering of every live topic's changes through Redis
// (issue 34, decision 129). Per (feed, topic), exactly one replica holds a lease and reads the
// gateway's stream (the producer, live-share-producer.ts): it merges the changes in the flush
// window, as one BFF does, and appends them to a Redis stream with the id `<epoch>-<offset>` (XADD, bounded length).
// Every replica with watchers on the topic reads that stream (blocking XREAD, live-share-reader.ts)
// into its own topic feed (live-topic.ts), which fans out to its own browsers exactly as before.
// A browser's event id is the stream id (written `<epoch>:<offset>`, the contract's form), so it
// resumes on any replica: replay while the stream holds the id, a snapshot when it is older.
//
// An epoch is one upstream session of one holder: its first entry (`<epoch>-0`) carries the whole
// topic, each later one the changes of one flush, numbered without holes. The scripts check the
// lease and the stream's last id before they append, so a holder that lost its lease (paused,
// cut from Redis) can never write into the numbering of the next one, and a hole is never made:
// a holder that could not append starts a new epoch with everything it holds (its browsers and
// every other replica's get a snapshot, never a wrong cell).

/** The settings of the shared numbering (BFF environment: REDIS_URL, REDIS_KEY_PREFIX, LIVE_*). */
export interface LiveShareOptions {
  url: string;
  prefix: string;
  /** How long a holder's lease lasts unless renewed; renewed every third of it. */
  leaseMs: number;
  /** About how many changes each topic's stream keeps for replay (XADD MAXLEN ~). */
  maxLen: number;
  /** Tells operators once when this replica loses Redis and once when it is back. */
  health?: UpstreamHealth;
  /** The state (the whole topic at one id) is rewritten at least every this many changes (default 256; tests use fewer). */
  checkpointEvery?: number;
}

/** One BFF replica's share of the live numbering: its Redis connection, its name, its hubs. */
export class LiveShare {
  readonly replica = randomUUID();
  readonly redis: Redis;
  readonly scripts: Scripts;
  /** The hubs of this replica, by feed and gateway (live-hub.ts keeps them here). */
  readonly hubs = new Map<unknown, Map<string, { shutdown(): void }>>();
  private closed = false;
  /** Leases being given up: the connection closes after them. */
  private readonly releasing = new Set<Promise<unknown>>();

  constructor(readonly options: LiveShareOptions) {
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      // A busy Redis or event loop is waited for; a cut connection fails at once anyway.
      commandTimeout: 5_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    this.redis.on('error', () => {
      // Each command reports its own failure; the connection retries on its own.
    });
    this.scripts = defineScripts(this.redis);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Gives up a lease now, so another replica takes the topic over without waiting for it to run out. */
  release(lease: string): void {
    if (this.closed) return;
    const released = this.scripts.liveRelease(lease, this.replica).catch(() => 0);
    this.releasing.add(released);
    void released.finally(() => this.releasing.delete(released));
  }

  /** After the hubs were shut down: their leases are given up first (for a second at most). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    liveShares.delete(this);
    if (this.releasing.size > 0) await Promise.race([Promise.all(this.releasing), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.redis.disconnect();
  }
}

/** Every open share of this process (the live gauges read their hubs). */
export const liveShares = new Set<LiveShare>();

export function createLiveShare(options: LiveShareOptions): LiveShare {
  const share = new LiveShare(options);
  liveShares.add(share);
  return share;
}
