import type { UpstreamHealth } from '../gateway/gateway-client';
import type { LiveFeedDeclaration, UpstreamState } from './live-feed';
import type { LiveShare } from './live-share';
import { Producer } from './live-share-producer';
import { StreamReader, type SharedView } from './live-share-reader';
import { KEY_TTL_MS, keysOf, type TopicKeys } from './live-share-scripts';
import type { UpstreamCredential } from './live-upstream';

// One topic of one replica in a shared deployment (issue 34, decision 129): the lease loop, the
// stream reader that feeds the replica's view (live-share-reader.ts), and, while this replica
// holds the lease, the producer that reads the gateway and appends (live-share-producer.ts).

export class SharedTopic<Item, Event extends object> {
  private readonly keys: TopicKeys;
  private readonly credentials = new Set<UpstreamCredential>();
  private producer: Producer<Item, Event> | undefined;
  private readonly stream: StreamReader<Item>;
  private leaseTimer: NodeJS.Timeout | undefined;
  /** Stops the producer when the lease may have run out without an answer from Redis. */
  private leaseWatch: NodeJS.Timeout | undefined;
  private closed = false;
  /** The holder's upstream state, as its status key says. */
  private holderState: UpstreamState = 'live';
  /**
   * When this replica sent the renewal (or take) that Redis last granted: the lease there runs
   * out no sooner than this plus the lease, so stopping then never overlaps the next holder's.
   */
  private renewedAt = 0;

  constructor(
    private readonly share: LiveShare,
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    private readonly url: string,
    private readonly topic: string,
    private readonly view: SharedView<Item>,
    private readonly health?: UpstreamHealth,
  ) {
    this.keys = keysOf(share.options.prefix, declaration.name, topic);
    this.stream = new StreamReader(share, declaration.name, this.keys, view, {
      status: () => this.showStatus(),
      epochStarted: () => {
        this.holderState = 'live';
      },
    });
    // After the feed's first watcher has lent its session (acquire does it next), so the first
    // replica to watch a free topic takes it at once.
    this.leaseTimer = setTimeout(() => void this.tick(), 0);
  }

  lend(credential: UpstreamCredential): void {
    this.credentials.add(credential);
    this.producer?.upstream.lend(credential);
  }

  unlend(credential: UpstreamCredential): void {
    this.credentials.delete(credential);
    this.producer?.upstream.unlend(credential);
  }

  /** Cuts the holder's upstream connection as a network failure would (tests and chaos runs). */
  dropUpstream(): void {
    this.producer?.upstream.drop();
  }

  /** Whether this replica holds the topic's lease (reads the gateway for every replica). */
  get holding(): boolean {
    return this.producer !== undefined;
  }

  /** Stops everything of the topic here; the lease goes at once, so another replica takes over. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.leaseTimer);
    clearTimeout(this.leaseWatch);
    const held = this.producer !== undefined;
    this.producer?.close();
    this.producer = undefined;
    this.stream.close();
    if (held) this.share.release(this.keys.lease);
  }

  /**
   * Resolves once the view has reached `<epoch>-<offset>` (a browser that was on a replica ahead
   * of this one), or after a short wait; the caller then compares again.
   */
  catchUp(epoch: string, offset: number, signal?: AbortSignal): Promise<void> {
    return this.stream.catchUp(epoch, offset, signal);
  }

  /** The changes after `<epoch>-<from>` up to `<epoch>-<to>` as the stream holds them, or undefined when it no longer holds them all. */
  range(epoch: string, from: number, to: number): Promise<{ offset: number; items: Item[] }[] | undefined> {
    return this.stream.range(epoch, from, to);
  }

  /** The lease loop: renew or take the lease, learn the holder's upstream state. */
  private async tick(): Promise<void> {
    if (this.closed) return;
    const { leaseMs } = this.share.options;
    try {
      // Only a replica with watchers can open the gateway's stream (it lends their session).
      const take = this.credentials.size > 0 ? '1' : '0';
      const sentAt = Date.now();
      const [held, state] = await this.share.scripts.liveLease(this.keys.lease, this.keys.status, this.share.replica, leaseMs, KEY_TTL_MS, take);
      if (this.closed) {
        if (held > 0) this.share.release(this.keys.lease);
        return;
      }
      this.holderState = state === 'reconnecting' ? 'reconnecting' : 'live';
      if (held > 0) this.renewedAt = sentAt;
      if (held > 0 && !this.producer) this.startProducing();
      if (held > 0) this.watchLease();
      if (held === 0 && this.producer) this.stopProducing();
      if (held > 0 && this.credentials.size === 0 && this.producer && !this.producer.upstreamLive) {
        // Lingering without watchers and without the gateway: it could not reconnect, so a
        // replica whose browsers can lend a session takes over.
        this.stopProducing();
        this.share.release(this.keys.lease);
      }
      this.showStatus();
    } catch {
      // No answer: the lease watch stops the producer once the lease may have run out.
    }
    if (!this.closed) this.leaseTimer = setTimeout(() => void this.tick(), Math.max(10, Math.floor(leaseMs / 3)));
  }

  private startProducing(): void {
    // A script answering that the lease is another replica's now stops it.
    this.producer = new Producer(this.share, this.declaration, this.url, this.topic, this.keys, () => this.stopProducing(), this.health);
    for (const credential of this.credentials) this.producer.upstream.lend(credential);
  }

  /**
   * Once the lease may have run out with no renewal granted since (Redis silent or slow: a command
   * waits up to its timeout), another replica may hold it, so this one stops reading the gateway
   * then, not when the command gives up (its appends would be refused anyway: the scripts check
   * the lease).
   */
  private watchLease(): void {
    clearTimeout(this.leaseWatch);
    const { leaseMs } = this.share.options;
    this.leaseWatch = setTimeout(() => {
      if (this.closed || !this.producer) return;
      if (Date.now() - this.renewedAt >= leaseMs) this.stopProducing();
      else this.watchLease();
    }, Math.max(0, this.renewedAt + leaseMs - Date.now()));
  }

  private stopProducing(): void {
    clearTimeout(this.leaseWatch);
    this.producer?.close();
    this.producer = undefined;
  }

  /** The browsers' state: live while this replica follows the stream and the holder reads the gateway. */
  private showStatus(): void {
    const upstream: UpstreamState = this.stream.reachable && this.stream.synced ? this.holderState : 'reconnecting';
    this.view.applyStatus(upstream);
  }
}
