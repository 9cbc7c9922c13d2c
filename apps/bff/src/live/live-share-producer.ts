import type { UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration } from './live-feed';
import type { LiveShare } from './live-share';
import { KEY_TTL_MS, splitId, type TopicKeys } from './live-share-scripts';
import { snapshotItems, UpstreamReader } from './live-upstream-reader';

// The holder's side of a shared topic (issue 34, decision 129): the replica holding the topic's
// lease reads the gateway with the same upstream reader as one BFF, and appends what it read to
// the topic's Redis stream in order: an epoch's first entry carries the whole topic, each later
// one the changes of one flush, offsets without holes.

/**
 * One upstream reader of the topic (the browsers' credentials of this replica), the changes
 * merged in the flush window as one BFF merges them, appended to the stream in order.
 */
export class Producer<Item, Event extends object> {
  readonly upstream: UpstreamReader<Item, Event>;
  /** The holder's own copy of the topic, for the version check and each epoch's first entry. */
  private readonly items = new Map<ItemKey, Item>();
  private hasSnapshot = false;
  /** The gateway's stream is open and has sent this session's snapshot. */
  upstreamLive = false;
  /** The next append is a new epoch with everything held (first, after a new upstream session, after a failed append). */
  private needsReset = true;
  private epoch = '';
  private offset = 0;
  private checkpointAt = 0;
  private inflight = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly share: LiveShare,
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    url: string,
    topic: string,
    private readonly keys: TopicKeys,
    private readonly lost: () => void,
    health?: UpstreamHealth,
  ) {
    this.upstream = new UpstreamReader(
      declaration,
      url,
      topic,
      this.items,
      {
        snapshot: (items) => {
          this.items.clear();
          for (const item of items) this.items.set(declaration.key(item), item);
          this.hasSnapshot = true;
          this.upstreamLive = true;
          this.needsReset = true;
          this.pump();
        },
        flush: () => this.pump(),
        lost: () => this.onUpstreamLost(),
      },
      health,
    );
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.upstream.close();
  }

  private onUpstreamLost(): void {
    this.upstreamLive = false;
    void this.share.scripts.liveStatus(this.keys.lease, this.keys.status, this.share.replica, 'reconnecting', KEY_TTL_MS).catch(() => {});
  }

  /**
   * Appends what waits, one script at a time: changes that arrive meanwhile wait in the reader
   * and go out merged with the next append (a slow Redis merges more, it never reorders).
   */
  private pump(): void {
    if (this.inflight || this.closed || !this.hasSnapshot) return;
    const { scripts, replica, options } = this.share;
    const { lease, stream, state, status } = this.keys;
    if (this.needsReset) {
      this.inflight = true;
      // The epoch's first entry carries everything held, the waiting changes included.
      this.upstream.take();
      const text = JSON.stringify(snapshotItems(this.declaration, this.items));
      void scripts.liveReset(lease, stream, state, status, replica, text, options.maxLen, KEY_TTL_MS, Date.now()).then(
        (answer) => {
          this.inflight = false;
          if (answer === 'lease') return this.lost();
          const at = splitId(answer);
          this.epoch = at.epoch;
          this.offset = 0;
          this.checkpointAt = 0;
          this.needsReset = false;
          this.pump();
        },
        () => this.failed(),
      );
      return;
    }
    const items = this.upstream.take();
    if (items.length === 0) return;
    const offset = this.offset + 1;
    this.inflight = true;
    void scripts.liveDelta(lease, stream, replica, this.epoch, offset, JSON.stringify(items), options.maxLen, KEY_TTL_MS, Date.now()).then(
      (answer) => {
        this.inflight = false;
        if (answer === 'lease') return this.lost();
        if (answer !== 'ok') {
          // Someone else's append, or Redis lost the stream: a new epoch with everything held.
          this.needsReset = true;
          return this.pump();
        }
        this.offset = offset;
        if (offset - this.checkpointAt >= (options.checkpointEvery ?? 256)) this.checkpoint();
        else this.pump();
      },
      () => this.failed(),
    );
  }

  /** Rewrites the state, so a replica that joins later finds an id the stream still holds. */
  private checkpoint(): void {
    const { scripts, replica } = this.share;
    const id = `${this.epoch}-${this.offset}`;
    this.inflight = true;
    const text = JSON.stringify(snapshotItems(this.declaration, this.items));
    void scripts.liveCheckpoint(this.keys.lease, this.keys.stream, this.keys.state, replica, id, text, KEY_TTL_MS).then(
      (answer) => {
        this.inflight = false;
        if (answer === 'lease') return this.lost();
        this.checkpointAt = this.offset;
        this.pump();
      },
      () => this.failed(),
    );
  }

  /** An append did not answer: whether it landed is unknown, so the next one starts a new epoch. */
  private failed(): void {
    this.inflight = false;
    this.needsReset = true;
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.pump(), Math.max(50, Math.floor(this.share.options.leaseMs / 3)));
  }
}
