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
  private pending = new Map<string, V | undefined>();
  private cancelFrame: (() => void) | null = null;
  private announced = 0;

  constructor(private readonly schedule: FrameScheduler = animationFrame) {}

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  /** The value as it will be after the next frame: a queued write if any, else the stored one. */
  peek(key: string): V | undefined {
    return this.pending.has(key) ? this.pending.get(key) : this.values.get(key);
  }

  get size(): number {
    return this.values.size;
  }

  /** Counts committed batches: a cheap snapshot for readers of the whole store. */
  get revision(): number {
    return this.announced;
  }

  keys(): IterableIterator<string> {
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
    this.cancelPending();
    const before = this.values;
    this.values = new Map(entries);
    if (before.size === 0 && this.values.size === 0) return;
    this.announced += 1;
    for (const [key, set] of [...this.listeners]) {
      if (before.get(key) !== this.values.get(key)) for (const listener of [...set]) listener();
    }
    if (this.anyListeners.size === 0) return;
    const changed = [...this.values.keys()].filter((key) => before.get(key) !== this.values.get(key));
    for (const key of before.keys()) if (!this.values.has(key)) changed.push(key);
    for (const listener of [...this.anyListeners]) listener(changed);
  }

  /** Applies the queued changes now and notifies the listeners of the keys they changed. */
  flush(): void {
    this.cancelPending();
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
