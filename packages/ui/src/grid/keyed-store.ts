import { useCallback, useSyncExternalStore } from 'react';

/** Runs `callback` before the next paint; returns a cancel function. */
export type FrameScheduler = (callback: () => void) => () => void;

const animationFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

/** A list of values not yet indexed by key, from `next` on. */
interface Unindexed<V> {
  values: readonly V[];
  keyOf: (value: V) => string;
  next: number;
}

/**
 * Values by key, each key with its own listeners, so that a component reading one key
 * re-renders only when that key changes. Writes through `enqueue` are coalesced: however
 * many arrive between two frames, each changed key is stored and announced once, just before
 * the next paint. A live stream may deliver thousands of changes a second; the screen cannot
 * show more than one state per frame, so rendering more would be wasted work.
 */
export class KeyedStore<V> {
  private values = new Map<string, V>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly anyListeners = new Set<(keys: readonly string[]) => void>();
  /** The part of a snapshot (`replaceAllFrom`) not yet in `values`, indexed on demand and when idle. */
  private rest: Unindexed<V> | null = null;
  private cancelIdle: (() => void) | null = null;
  private pending = new Map<string, V | undefined>();
  private cancelFrame: (() => void) | null = null;
  private announced = 0;

  constructor(private readonly schedule: FrameScheduler = animationFrame) {}

  get(key: string): V | undefined {
    const value = this.values.get(key);
    return value !== undefined || this.rest === null ? value : this.indexUntil(key);
  }

  /** The value as it will be after the next frame: a queued write if any, else the stored one. */
  peek(key: string): V | undefined {
    return this.pending.has(key) ? this.pending.get(key) : this.get(key);
  }

  get size(): number {
    this.indexAll();
    return this.values.size;
  }

  /** Counts committed batches: a cheap snapshot for readers of the whole store. */
  get revision(): number {
    return this.announced;
  }

  keys(): IterableIterator<string> {
    this.indexAll();
    return this.values.keys();
  }

  /** Listens to one key; returns the unsubscribe function (the useSyncExternalStore shape). */
  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(key);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  /** Listens to every committed batch with the keys it changed. */
  subscribeAll(listener: (keys: readonly string[]) => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  /** How many keys have at least one listener: what is mounted on screen. */
  get subscribedKeys(): number {
    return this.listeners.size;
  }

  /** Queues a change (undefined removes the key) for the next frame; the last write wins. */
  enqueue(key: string, value: V | undefined): void {
    this.pending.set(key, value);
    if (!this.cancelFrame) this.cancelFrame = this.schedule(() => this.flush());
  }

  /**
   * Replaces everything at once (a snapshot), dropping queued changes it supersedes. A snapshot
   * holds every key of the sheet (30,000 cells) while a screen listens to the hundred it shows:
   * the keys listened to are told when their value changed, and the whole list of changed keys is
   * made only for listeners of every batch (issue 36: this was a fifth of the grid's first paint).
   */
  replaceAll(entries: Iterable<readonly [string, V]>): void {
    this.replace(new Map(entries), null);
  }

  /**
   * Replaces everything with `values`, each under `keyOf(value)` (keys unique; the list is kept
   * and must not change), indexed lazily (issue 36, decision 144): a read indexes the list in its
   * order only as far as the key it asks for, and the rest is indexed while the browser is idle
   * (or at once when something needs all of it: a flush, `size`, `keys`, a listener of every
   * batch). A sheet's first frame reads the hundred cells on screen; with the list in the rows'
   * order (the snapshot's, by expert then shift) that is the list's first hundred, not 30,000.
   */
  replaceAllFrom(values: readonly V[], keyOf: (value: V) => string): void {
    this.replace(new Map(), values.length > 0 ? { values, keyOf, next: 0 } : null);
  }

  private replace(values: Map<string, V>, rest: Unindexed<V> | null): void {
    this.cancelPending();
    // Listeners are told what changed against every value before.
    if (this.listeners.size > 0 || this.anyListeners.size > 0) this.indexAll();
    const wasEmpty = this.values.size === 0 && this.rest === null;
    this.stopIndexing();
    const before = this.values;
    this.values = values;
    this.rest = rest;
    if (rest) this.scheduleIndexing();
    if (wasEmpty && values.size === 0 && !rest) return;
    this.announced += 1;
    for (const [key, set] of [...this.listeners]) {
      if (before.get(key) !== this.get(key)) for (const listener of [...set]) listener();
    }
    if (this.anyListeners.size === 0) return;
    this.indexAll();
    const changed = [...this.values.keys()].filter((key) => before.get(key) !== this.values.get(key));
    for (const key of before.keys()) if (!this.values.has(key)) changed.push(key);
    for (const listener of [...this.anyListeners]) listener(changed);
  }

  /** Indexes the snapshot's list up to `key` (or to its end) and returns the key's value. */
  private indexUntil(key: string): V | undefined {
    const rest = this.rest!;
    const { values, keyOf } = rest;
    while (rest.next < values.length) {
      const value = values[rest.next++]!;
      const k = keyOf(value);
      this.values.set(k, value);
      if (k === key) {
        if (rest.next === values.length) this.stopIndexing();
        return value;
      }
    }
    this.stopIndexing();
    return undefined;
  }

  private indexAll(): void {
    if (this.rest) this.indexTo(this.rest.values.length);
  }

  /** Indexes the snapshot's list up to position `end`; the list is done once all of it is in. */
  private indexTo(end: number): void {
    const rest = this.rest!;
    const { values, keyOf } = rest;
    for (; rest.next < end; rest.next++) {
      const value = values[rest.next]!;
      this.values.set(keyOf(value), value);
    }
    if (rest.next === values.length) this.stopIndexing();
  }

  private stopIndexing(): void {
    this.rest = null;
    this.cancelIdle?.();
    this.cancelIdle = null;
  }

  /** Indexes the rest of a snapshot in slices while the browser has nothing else to do. */
  private scheduleIndexing(): void {
    const step = (deadline?: { timeRemaining(): number }) => {
      this.cancelIdle = null;
      do {
        const rest = this.rest;
        if (!rest) return;
        this.indexTo(Math.min(rest.values.length, rest.next + 1000));
      } while (this.rest && (!deadline || deadline.timeRemaining() > 2));
      if (this.rest) this.scheduleIndexing();
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(step, { timeout: 1000 });
      this.cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(step, 1);
      this.cancelIdle = () => clearTimeout(id);
    }
  }

  /** Applies the queued changes now and notifies the listeners of the keys they changed. */
  flush(): void {
    this.cancelPending();
    this.indexAll();
    const batch = this.pending;
    this.pending = new Map();
    const changed: string[] = [];
    for (const [key, value] of batch) {
      const before = this.values.get(key);
      if (before === value) continue;
      if (value === undefined) this.values.delete(key);
      else this.values.set(key, value);
      changed.push(key);
    }
    this.announce(changed);
  }

  private cancelPending(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
  }

  private announce(keys: readonly string[]): void {
    if (keys.length === 0) return;
    this.announced += 1;
    for (const key of keys) {
      const set = this.listeners.get(key);
      if (set) for (const listener of [...set]) listener();
    }
    for (const listener of [...this.anyListeners]) listener(keys);
  }
}

/** The value of one key; the component re-renders only when that key changes. */
export function useKeyedValue<V>(store: KeyedStore<V>, key: string): V | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const read = useCallback(() => store.get(key), [store, key]);
  return useSyncExternalStore(subscribe, read, read);
}
