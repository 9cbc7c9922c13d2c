import type { ItemKey } from './live-feed';
import type { WireMarker } from './live-wire';

// The replay of a live topic (DESIGN §6, decision 062): a bounded ring of the recent deltas of
// one upstream session, so a reconnecting browser catches up exactly, and the ranges of it that
// browsers fell behind by, merged and serialized once for all of them.

export const RING_SIZE = 2048;
/**
 * Changes arriving within this window go out as one delta: at 100 changes/s it cuts the events
 * per browser several-fold for at most this much added latency (one BFF's hub and a shared
 * topic's holder merge alike).
 */
export const FLUSH_MS = 25;
/** Merged ranges kept per topic (browsers behind by the same range share one). */
const MERGED_RANGES = 256;

/** A delta serialized once for every websocket subscriber (live-wire.ts). */
export interface Wire {
  marker: WireMarker;
}

export interface Delta<Item> {
  offset: number;
  items: Item[];
  wire: Wire;
}

/** Items by key, a later change of the same key replacing the earlier one in its place. */
export function mergeByKey<Item>(key: (item: Item) => ItemKey, lists: readonly (readonly Item[])[]): Item[] {
  const byKey = new Map<ItemKey, Item>();
  for (const list of lists) for (const item of list) byKey.set(key(item), item);
  return [...byKey.values()];
}

export class DeltaRing<Item> {
  private readonly deltas: Delta<Item>[] = [];
  /** Merged ranges of the ring, serialized once for all browsers behind by the same range. */
  private readonly mergedRanges = new Map<string, { from: number; items: Item[]; wire: Wire }>();

  constructor(
    private readonly key: (item: Item) => ItemKey,
    /** The items as one delta event of the topic, serialized. */
    private readonly encode: (items: Item[]) => WireMarker,
  ) {}

  push(delta: Delta<Item>): void {
    this.deltas.push(delta);
    if (this.deltas.length > RING_SIZE) this.deltas.shift();
    this.pruneMerged();
  }

  /** The deltas after `offset`, or undefined when the ring no longer holds them all. */
  after(offset: number): Delta<Item>[] | undefined {
    const first = this.deltas[0];
    if (!first || first.offset > offset + 1) return undefined;
    return this.deltas.slice(offset + 1 - first.offset);
  }

  /**
   * Deltas `from`..`to` of the session `epoch` (whose last delta is `last`) as one delta: each
   * item at its newest version, tombstones included, in the order a merge of them would give.
   */
  merged(epoch: string, from: number, to: number, last: number): { items: Item[]; wire: Wire } | undefined {
    const key = `${epoch}|${from}-${to}`;
    const known = this.mergedRanges.get(key);
    if (known) return known;
    const first = this.deltas[0];
    if (!first || from < first.offset || to > last || from > to) return undefined;
    const items = mergeByKey(this.key, this.deltas.slice(from - first.offset, to - first.offset + 1).map((delta) => delta.items));
    const entry = { from, items, wire: { marker: this.encode(items) } };
    this.mergedRanges.set(key, entry);
    return entry;
  }

  clear(): void {
    this.deltas.length = 0;
    this.mergedRanges.clear();
  }

  private pruneMerged(): void {
    const oldest = this.deltas[0]?.offset ?? Infinity;
    let excess = this.mergedRanges.size - MERGED_RANGES;
    for (const [key, entry] of this.mergedRanges) {
      if (excess > 0 || entry.from < oldest) {
        this.mergedRanges.delete(key);
        excess -= 1;
      }
    }
  }
}
