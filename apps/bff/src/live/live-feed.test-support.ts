import { createWSClient } from '@trpc/client';
import WebSocket from 'ws';
import { browserUpgradeHeaders } from '../testing';
import type { ItemKey } from './live-feed';

// Browsers of a live feed for tests, on either transport: a server-side caller (the
// subscription's own rules) or tRPC's websocket client on a listening BFF (the transport
// browsers use, where live deltas take the direct lane of live-wire.ts).

export type Tracked<Event> = { id: string; data: Event };

/** How a browser reads a feed's events, as the web's keyed store would. */
export interface LiveView<Item, Event> {
  /** The items of a snapshot or delta event (undefined for the other kinds). */
  items(event: Event): readonly Item[] | undefined;
  key(item: Item): ItemKey;
  version(item: Item): number;
  removed?(item: Item): boolean;
}

type Handlers = { onData(value: unknown): void; onError(error: { message: string }): void };

/** One browser: applies snapshots and deltas to a keyed store (newer version wins, a tombstone deletes) and checks the ids never skip. */
export abstract class LiveBrowser<Item, Event extends { type: string }> {
  readonly items = new Map<ItemKey, Item>();
  readonly events: Tracked<Event>[] = [];
  lastId: string | undefined;
  gaps: string[] = [];

  constructor(protected readonly view: LiveView<Item, Event>) {}

  abstract open(topic: string, lastEventId?: string): Promise<void>;
  abstract close(): Promise<void>;

  protected apply(event: Tracked<Event>) {
    this.events.push(event);
    const [epoch, offset] = event.id.split(':');
    const [lastEpoch, lastOffset] = (this.lastId ?? ':').split(':');
    const items = this.view.items(event.data) ?? [];
    if (event.data.type === 'snapshot') {
      this.items.clear();
      for (const item of items) this.items.set(this.view.key(item), item);
    } else if (event.data.type === 'delta') {
      // A merged delta covers several offsets; it may only start where the last event ended.
      if (epoch !== lastEpoch || Number(offset) <= Number(lastOffset)) this.gaps.push(`${this.lastId} -> ${event.id}`);
      for (const item of items) {
        const key = this.view.key(item);
        const held = this.items.get(key);
        if (held !== undefined && this.view.version(held) >= this.view.version(item)) continue;
        if (this.view.removed?.(item)) this.items.delete(key);
        else this.items.set(key, item);
      }
    }
    this.lastId = event.id;
  }

  async waitFor(predicate: () => boolean, ms = 8000) {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out; ${this.events.length} events: ${JSON.stringify(this.events.map((e) => e.data.type))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  deltas() {
    return this.events.filter((e) => e.data.type === 'delta');
  }

  /** Every change of one item the deltas carried, in order. */
  delivered(key: ItemKey) {
    return this.deltas().flatMap((e) => this.view.items(e.data) ?? []).filter((item) => this.view.key(item) === key);
  }
}

/** A server-side caller: the generator's events as they are yielded. */
export class CallerBrowser<Item, Event extends { type: string }> extends LiveBrowser<Item, Event> {
  private pump: Promise<void> | undefined;
  private abort = new AbortController();
  constructor(
    view: LiveView<Item, Event>,
    /** Calls the subscription procedure through a caller made with this signal. */
    private readonly subscribe: (topic: string, lastEventId: string | undefined, signal: AbortSignal) => Promise<unknown>,
  ) {
    super(view);
  }

  async open(topic: string, lastEventId?: string) {
    // The transport aborts a subscription when the browser leaves; the test does the same.
    this.abort = new AbortController();
    // A server-side caller yields the tracked envelope itself: [id, event].
    const iterable = (await this.subscribe(topic, lastEventId, this.abort.signal)) as AsyncIterable<[string, Event]>;
    const iterator = iterable[Symbol.asyncIterator]();
    const signal = this.abort.signal;
    this.pump = (async () => {
      while (!signal.aborted) {
        const next = await iterator.next();
        if (next.done) return;
        this.apply({ id: next.value[0], data: next.value[1] });
      }
    })();
  }

  async close() {
    this.abort.abort();
    await this.pump;
  }
}

/** tRPC's own websocket client on a listening BFF, as the web app subscribes (with the session cookie). */
export class SocketBrowser<Item, Event extends { type: string }> extends LiveBrowser<Item, Event> {
  private client: ReturnType<typeof createWSClient> | undefined;
  private subscription: { unsubscribe(): void } | undefined;
  constructor(
    view: LiveView<Item, Event>,
    private readonly url: string,
    private readonly cookie: string,
    /** Subscribes through a typed tRPC client on this websocket client. */
    private readonly subscribe: (
      client: ReturnType<typeof createWSClient>,
      topic: string,
      lastEventId: string | undefined,
      handlers: Handlers,
    ) => { unsubscribe(): void },
  ) {
    super(view);
  }

  async open(topic: string, lastEventId?: string) {
    const cookie = this.cookie;
    this.client = createWSClient({
      url: this.url,
      WebSocket: class extends WebSocket {
        constructor(url: string) {
          super(url, { headers: browserUpgradeHeaders(url, cookie) });
        }
      } as never,
    });
    this.subscription = this.subscribe(this.client, topic, lastEventId, {
      onData: (value) => this.apply(value as Tracked<Event>),
      onError: (error) => this.gaps.push(`error: ${error.message}`),
    });
  }

  async close() {
    this.subscription?.unsubscribe();
    await this.client?.close();
  }
}
