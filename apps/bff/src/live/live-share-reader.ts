import type { Redis } from 'ioredis';
import type { UpstreamState } from './live-feed';
import { liveRedisHop } from './live-metrics';
import type { LiveShare } from './live-share';
import { atOrPast, fieldsOf, splitId, type StreamEntry, type TopicKeys } from './live-share-scripts';

// The reader's side of a shared topic (issue 34, decision 129): every replica with watchers on a
// topic reads its Redis stream (blocking XREAD) into its own topic feed, which fans out to its
// browsers; after a hole or an outage it starts again from the state (the whole topic at one id).

/** A reader blocks this long per XREAD, then asks again. */
export const BLOCK_MS = 5_000;
/** How long a browser whose id is ahead of this replica waits for it to catch up before it gets a snapshot. */
const CATCH_UP_MS = 2_000;

/** The side of a topic feed (live-topic.ts) the shared numbering drives: what every replica's browsers see. */
export interface SharedView<Item> {
  readonly epoch: string;
  readonly offset: number;
  readonly hasSnapshot: boolean;
  /** A new epoch: the whole topic as of `<epoch>-<offset>`. */
  applyReset(epoch: string, offset: number, items: Item[]): void;
  /** The next changes of the current epoch, in order and without a hole (those of one read go out as one). */
  applyDeltas(changes: readonly { offset: number; items: Item[] }[]): void;
  applyStatus(upstream: UpstreamState): void;
  /** Called after every applied entry (the catch-up waits of `catchUp`). */
  onAdvance(listener: () => void): () => void;
}

/** What the shared topic learns from its reader. */
export interface StreamReaderEvents {
  /** Whether the view follows the stream, or Redis answers, changed: the browsers' status may change. */
  status(): void;
  /** A new epoch's first entry: its holder's upstream has just sent a snapshot (it is live). */
  epochStarted(): void;
}

/** The stream into the view, resynchronized from the state after any hole or outage. */
export class StreamReader<Item> {
  private readonly connection: Redis;
  private closed = false;
  /** The reader's position: the last stream id applied to the view (or skipped while unsynced). */
  private lastId = '0-0';
  /** The view follows the stream without a hole. */
  synced = false;
  /** Redis answers this replica. */
  reachable = true;
  /** Holes met in a row: each waits longer before the state is read again. */
  private holes = 0;

  constructor(
    private readonly share: LiveShare,
    private readonly feedName: string,
    private readonly keys: TopicKeys,
    private readonly view: SharedView<Item>,
    private readonly events: StreamReaderEvents,
  ) {
    // A connection of its own for the topic's blocking reads.
    this.connection = share.redis.duplicate({ commandTimeout: BLOCK_MS + 3_000, lazyConnect: true });
    this.connection.on('error', () => {});
    void this.read();
  }

  close(): void {
    this.closed = true;
    this.connection.disconnect();
  }

  /**
   * Resolves once the view has reached `<epoch>-<offset>` (a browser that was on a replica ahead
   * of this one), or after a short wait; the caller then compares again.
   */
  catchUp(epoch: string, offset: number, signal?: AbortSignal): Promise<void> {
    const target = { epoch, offset };
    if (atOrPast(this.view, target)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, CATCH_UP_MS);
      const stop = this.view.onAdvance(() => {
        if (atOrPast(this.view, target)) done();
      });
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** The changes after `<epoch>-<from>` up to `<epoch>-<to>` as the stream holds them, or undefined when it no longer holds them all. */
  async range(epoch: string, from: number, to: number): Promise<{ offset: number; items: Item[] }[] | undefined> {
    if (to <= from) return [];
    let entries: StreamEntry[];
    try {
      entries = (await this.share.redis.xrange(this.keys.stream, `(${epoch}-${from}`, `${epoch}-${to}`)) as StreamEntry[];
    } catch {
      return undefined;
    }
    const out: { offset: number; items: Item[] }[] = [];
    let expected = from + 1;
    for (const [id, fields] of entries) {
      const { epoch: e, offset } = splitId(id);
      const { kind, items } = fieldsOf(fields);
      if (e !== epoch || offset !== expected || kind !== 'd' || items === undefined) return undefined;
      out.push({ offset, items: JSON.parse(items) as Item[] });
      expected += 1;
    }
    return expected === to + 1 ? out : undefined;
  }

  private async read(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        if (!this.synced && this.holes > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 25 * 2 ** Math.min(this.holes, 7))));
        if (!this.synced) await this.resync();
        const answer = (await this.connection.xread('BLOCK', BLOCK_MS, 'STREAMS', this.keys.stream, this.lastId)) as [string, StreamEntry[]][] | null;
        if (this.closed) return;
        if (!this.reachable) {
          this.reachable = true;
          this.share.options.health?.succeeded();
          this.events.status();
        }
        failures = 0;
        for (const [, entries] of answer ?? []) this.applyAll(entries);
      } catch (error) {
        if (this.closed) return;
        if (this.reachable) {
          this.reachable = false;
          this.share.options.health?.failed(error instanceof Error ? error.message : 'Redis unavailable');
        }
        // What comes after is read again from the state: a Redis that restarted empty, or an
        // entry lost in the cut, shows as a new epoch or a hole, never as silence.
        this.synced = false;
        this.events.status();
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(failures, 6))));
      }
    }
  }

  /**
   * One read's entries, in order. The changes among them that follow the view without a hole
   * are applied together: a replica that fell behind (a busy loop, a storm of browsers moving in)
   * catches its browsers up in one write each, not one per change.
   */
  private applyAll(entries: readonly StreamEntry[]): void {
    let run: { offset: number; items: Item[] }[] = [];
    const flush = () => {
      if (run.length > 0) this.view.applyDeltas(run);
      run = [];
    };
    for (const [id, fields] of entries) {
      const { epoch, offset } = splitId(id);
      const { kind, items, sentAt } = fieldsOf(fields);
      this.lastId = id;
      if (items === undefined) continue;
      // From the holder's append to this replica's feed: what the Redis hop adds to a change's way.
      if (sentAt) liveRedisHop.observe({ feed: this.feedName }, Math.max(0, Date.now() - sentAt) / 1000);
      if (kind === 'd' && this.synced && epoch === this.view.epoch && offset === this.view.offset + run.length + 1) {
        run.push({ offset, items: JSON.parse(items) as Item[] });
        this.holes = 0;
        continue;
      }
      flush();
      if (kind === 'r') {
        // A new epoch is written by a holder whose upstream has just sent its snapshot.
        this.events.epochStarted();
        this.view.applyReset(epoch, offset, JSON.parse(items) as Item[]);
        this.synced = true;
        this.events.status();
        continue;
      }
      // A hole (the stream was trimmed past this replica, or it missed the epoch's start).
      if (kind === 'd' && this.synced) {
        this.synced = false;
        this.holes += 1;
        this.events.status();
      }
    }
    flush();
  }

  /** Where the view starts again: the state key (the whole topic at one id), then the stream after it. */
  private async resync(): Promise<void> {
    const state = await this.share.redis.get(this.keys.state);
    if (this.closed) return;
    if (!state) {
      // No epoch yet (or Redis lost it): the holder's next reset entry starts the view.
      this.lastId = '0-0';
      return;
    }
    const space = state.indexOf(' ');
    const id = state.slice(0, space);
    const at = splitId(id);
    // Still following the same epoch and not past the state: only the entries since this
    // replica's last one are needed, and the browsers here lose nothing.
    if (this.view.hasSnapshot && at.epoch === this.view.epoch && at.offset >= this.view.offset) {
      const missed = await this.range(at.epoch, this.view.offset, at.offset);
      if (this.closed) return;
      if (missed) {
        this.view.applyDeltas(missed);
        this.lastId = id;
        this.synced = true;
        this.events.status();
        return;
      }
    }
    this.view.applyReset(at.epoch, at.offset, JSON.parse(state.slice(space + 1)) as Item[]);
    this.lastId = id;
    this.synced = true;
    this.events.status();
  }
}
