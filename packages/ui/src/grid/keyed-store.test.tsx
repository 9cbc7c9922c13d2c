import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KeyedStore, useKeyedValue, type FrameScheduler } from './keyed-store';

/** A frame scheduler the test advances by hand. */
function manualFrames() {
  let queued: (() => void)[] = [];
  const schedule: FrameScheduler = (callback) => {
    queued.push(callback);
    return () => {
      queued = queued.filter((c) => c !== callback);
    };
  };
  const frame = () => {
    const run = queued;
    queued = [];
    for (const c of run) c();
  };
  return { schedule, frame, pending: () => queued.length };
}

describe('KeyedStore', () => {
  it('coalesces many writes into one notification per changed key per frame', () => {
    const frames = manualFrames();
    const store = new KeyedStore<number>(frames.schedule);
    const calls: string[] = [];
    store.subscribe('a', () => calls.push('a'));
    store.subscribe('b', () => calls.push('b'));
    const batches: (readonly string[])[] = [];
    store.subscribeAll((keys) => batches.push(keys));

    for (let i = 0; i < 1000; i++) store.enqueue('a', i);
    store.enqueue('c', 1);
    expect(frames.pending()).toBe(1);
    expect(store.get('a')).toBeUndefined();

    frames.frame();
    expect(store.get('a')).toBe(999);
    expect(calls).toEqual(['a']);
    expect(batches).toEqual([['a', 'c']]);
  });

  it('does not announce a write that leaves the value as it was', () => {
    const frames = manualFrames();
    const store = new KeyedStore<string>(frames.schedule);
    store.replaceAll([['a', 'x']]);
    let calls = 0;
    store.subscribe('a', () => calls++);
    store.enqueue('a', 'x');
    frames.frame();
    expect(calls).toBe(0);
  });

  it('removes a key written as undefined', () => {
    const frames = manualFrames();
    const store = new KeyedStore<string>(frames.schedule);
    store.replaceAll([['a', 'x']]);
    store.enqueue('a', undefined);
    frames.frame();
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('lets a snapshot replace everything and drop the queued writes it supersedes', () => {
    const frames = manualFrames();
    const store = new KeyedStore<number>(frames.schedule);
    store.replaceAll([
      ['a', 1],
      ['b', 2],
    ]);
    const calls: string[] = [];
    store.subscribe('a', () => calls.push('a'));
    store.subscribe('b', () => calls.push('b'));
    store.enqueue('a', 5);
    store.replaceAll([['a', 9]]);
    expect(frames.pending()).toBe(0);
    expect(store.get('a')).toBe(9);
    expect(store.get('b')).toBeUndefined();
    expect(calls.sort()).toEqual(['a', 'b']);
  });

  it("tells a snapshot's listeners what changed: each listened key whose value did, and every-batch listeners all changed and removed keys", () => {
    const frames = manualFrames();
    const store = new KeyedStore<{ v: number }>(frames.schedule);
    const same = { v: 1 };
    store.replaceAll([
      ['a', same],
      ['b', { v: 2 }],
      ['c', { v: 3 }],
    ]);
    const calls: string[] = [];
    for (const key of ['a', 'b', 'c']) store.subscribe(key, () => calls.push(key));
    const batches: string[][] = [];
    store.subscribeAll((keys) => batches.push([...keys].sort()));
    const revision = store.revision;
    store.replaceAll([
      ['a', same],
      ['b', { v: 20 }],
      ['d', { v: 4 }],
    ]);
    expect(calls.sort()).toEqual(['b', 'c']);
    expect(batches).toEqual([['b', 'c', 'd']]);
    expect(store.revision).toBe(revision + 1);
  });

  it('indexes a snapshot list lazily: a read indexes it only as far as its key, the rest when idle or when all of it is needed', async () => {
    const frames = manualFrames();
    const store = new KeyedStore<{ k: string; v: number }>(frames.schedule);
    const list = Array.from({ length: 1000 }, (_, i) => ({ k: `k${i}`, v: i }));
    let keyed = 0;
    const keyOf = (e: { k: string }) => {
      keyed += 1;
      return e.k;
    };
    store.replaceAllFrom(list, keyOf);
    expect(keyed).toBe(0);
    expect(store.get('k2')?.v).toBe(2);
    expect(keyed).toBe(3);
    expect(store.get('k0')?.v).toBe(0);
    expect(store.peek('k1')?.v).toBe(1);
    expect(keyed).toBe(3);
    expect(store.get('missing')).toBeUndefined();
    expect(keyed).toBe(1000);
    expect(store.get('k999')?.v).toBe(999);

    // The rest is indexed without a read once the browser is idle.
    store.replaceAllFrom(list, keyOf);
    keyed = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(keyed).toBe(1000);

    // A delta applied before the list is indexed is not undone by the indexing that follows.
    store.replaceAllFrom(list, keyOf);
    store.enqueue('k500', { k: 'k500', v: -1 });
    store.enqueue('k501', undefined);
    frames.frame();
    expect(store.get('k500')?.v).toBe(-1);
    expect(store.get('k501')).toBeUndefined();
    expect(store.size).toBe(999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get('k500')?.v).toBe(-1);
    expect(store.get('k501')).toBeUndefined();

    store.replaceAllFrom(list.slice(0, 10), keyOf);
    expect([...store.keys()]).toHaveLength(10);
  });

  it("tells a lazily indexed snapshot's listeners what changed, as an indexed one", () => {
    const frames = manualFrames();
    const store = new KeyedStore<{ k: string; v: number }>(frames.schedule);
    const a = { k: 'a', v: 1 };
    store.replaceAllFrom([a, { k: 'b', v: 2 }, { k: 'c', v: 3 }], (e) => e.k);
    const calls: string[] = [];
    for (const key of ['a', 'b', 'c']) store.subscribe(key, () => calls.push(key));
    store.replaceAllFrom([a, { k: 'b', v: 20 }, { k: 'd', v: 4 }], (e) => e.k);
    expect(calls.sort()).toEqual(['b', 'c']);
    const batches: string[][] = [];
    store.subscribeAll((keys) => batches.push([...keys].sort()));
    store.replaceAllFrom([{ k: 'a', v: 9 }, { k: 'd', v: 4 }], (e) => e.k);
    expect(batches).toEqual([['a', 'b', 'd']]);
  });

  it('forgets a key once its last listener leaves', () => {
    const store = new KeyedStore<number>(manualFrames().schedule);
    const off1 = store.subscribe('a', () => {});
    const off2 = store.subscribe('a', () => {});
    expect(store.subscribedKeys).toBe(1);
    off1();
    expect(store.subscribedKeys).toBe(1);
    off2();
    expect(store.subscribedKeys).toBe(0);
  });
});

describe('useKeyedValue', () => {
  it('re-renders only the components whose key changed', () => {
    const frames = manualFrames();
    const store = new KeyedStore<string>(frames.schedule);
    store.replaceAll([
      ['a', 'first'],
      ['b', 'second'],
    ]);
    const renders: Record<string, number> = { a: 0, b: 0 };
    function Cell({ id }: { id: string }) {
      renders[id] = (renders[id] ?? 0) + 1;
      return <span data-testid={id}>{useKeyedValue(store, id)}</span>;
    }
    const view = render(
      <>
        <Cell id="a" />
        <Cell id="b" />
      </>,
    );
    expect(renders).toEqual({ a: 1, b: 1 });

    store.enqueue('a', 'changed');
    store.enqueue('a', 'changed again');
    expect(view.getByTestId('a').textContent).toBe('first');
    act(() => frames.frame());
    expect(view.getByTestId('a').textContent).toBe('changed again');
    expect(view.getByTestId('b').textContent).toBe('second');
    expect(renders).toEqual({ a: 2, b: 1 });
    view.unmount();
    expect(store.subscribedKeys).toBe(0);
  });
});
