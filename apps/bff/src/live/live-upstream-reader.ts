import type { UpstreamHealth } from '../gateway/gateway-client';
import type { ItemKey, LiveFeedDeclaration } from './live-feed';
import { FLUSH_MS } from './live-ring';
import { UpstreamLink, type UpstreamCredential } from './live-upstream';

// The reading of one topic's upstream stream (DESIGN §6, decision 062), the same for one BFF's
// topic feed (live-topic.ts) and for the holder of a shared topic (live-share-producer.ts,
// decision 129): the upstream link, each session's first message as the whole topic, then the
// changes newer than what is held, merged in the flush window.

/** What the topic does with what its upstream says. */
export interface UpstreamReaderHandlers<Item> {
  /** A new upstream session's first message: the whole topic (the owner replaces what it holds). */
  snapshot(items: readonly Item[]): void;
  /** `held` has just taken newer versions of some items (they wait in the flush window). */
  changed?(): void;
  /** The flush window of the changes is over: the owner takes them (`take`) now or when it can. */
  flush(): void;
  /** The open connection was lost; the link reconnects by itself. */
  lost(): void;
}

/** The topic's items as a snapshot carries them: tombstones left out. */
export function snapshotItems<Item>(declaration: Pick<LiveFeedDeclaration<Item, object>, 'removed'>, held: ReadonlyMap<ItemKey, Item>): Item[] {
  const { removed } = declaration;
  const items = [...held.values()];
  return removed ? items.filter((item) => !removed(item)) : items;
}

export class UpstreamReader<Item, Event extends object> {
  readonly link: UpstreamLink;
  private awaitingSnapshot = true;
  /** Changes not yet taken by the owner, merged by key. */
  private readonly pending = new Map<ItemKey, Item>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly declaration: LiveFeedDeclaration<Item, Event>,
    url: string,
    topic: string,
    /** The owner's items: the version check reads them, and each newer change is written there at once. */
    private readonly held: Map<ItemKey, Item>,
    private readonly handlers: UpstreamReaderHandlers<Item>,
    health?: UpstreamHealth,
  ) {
    this.link = new UpstreamLink(
      url,
      {
        connecting: () => {
          this.awaitingSnapshot = true;
        },
        init: () => declaration.init(topic),
        message: (text) => this.onMessage(text),
        lost: () => handlers.lost(),
      },
      health,
    );
  }

  lend(credential: UpstreamCredential): void {
    this.link.lend(credential);
  }

  unlend(credential: UpstreamCredential): void {
    this.link.unlend(credential);
  }

  /** Cuts the upstream connection as a network failure would (tests and chaos runs). */
  drop(): void {
    this.link.drop();
  }

  /** The changes waiting since the last take, merged by key (each item at its newest version). */
  take(): Item[] {
    const items = [...this.pending.values()];
    this.pending.clear();
    return items;
  }

  /** Forgets the waiting changes (what the owner holds already has them). */
  dropPending(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
  }

  close(): void {
    this.dropPending();
    this.link.close();
  }

  private onMessage(text: string): void {
    let items;
    try {
      items = this.declaration.items(JSON.parse(text));
    } catch {
      return;
    }
    if (!items) return;
    if (this.awaitingSnapshot) {
      // A new upstream session: the changes of the old one cannot be told apart from what was
      // missed while it was down, so the topic starts again from this snapshot.
      this.awaitingSnapshot = false;
      this.dropPending();
      this.handlers.snapshot(items);
      return;
    }
    // A change that the snapshot already had (sent during init) is older or equal: skipped.
    const { key, version } = this.declaration;
    let changed = false;
    for (const item of items) {
      const k = key(item);
      const held = this.held.get(k);
      if (held !== undefined && version(held) >= version(item)) continue;
      // The held items are current at once (a snapshot taken now has these items); the delta
      // follows within FLUSH_MS and browsers skip versions they already hold.
      this.held.set(k, item);
      this.pending.set(k, item);
      changed = true;
    }
    if (!changed) return;
    this.handlers.changed?.();
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.handlers.flush();
    }, FLUSH_MS);
  }
}
