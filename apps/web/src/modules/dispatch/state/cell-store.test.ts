import { describe, expect, it } from 'vitest';
import type { Cell } from '@panel/contracts/dispatch';
import { applyDelta, applySnapshot, cellKey, createCellStore } from './cell-store';

const cell = (expert: number, shift: number, version: number, state: Cell['state'] = 0): Cell => ({
  pk: expert * 100 + shift,
  expert_id: expert,
  shift_id: shift,
  state,
  inspection: null,
  hold: null,
  version,
  updated_at: '2025-03-20T08:00:00.000+03:30',
});

function frames() {
  const queued: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => {
      queued.push(cb);
      return () => queued.splice(queued.indexOf(cb), 1);
    },
    run: () => queued.splice(0).forEach((cb) => cb()),
  };
}

describe('dispatch cell store', () => {
  it('keys cells by expert and shift and applies a snapshot at once', () => {
    const f = frames();
    const store = createCellStore(f.schedule);
    applySnapshot(store, [cell(1, 10, 1), cell(2, 10, 1)]);
    expect(store.get(cellKey(2, 10))?.pk).toBe(210);
  });

  it('applies only newer versions of a cell, within a frame and across frames', () => {
    const f = frames();
    const store = createCellStore(f.schedule);
    applySnapshot(store, [cell(1, 10, 5)]);
    const seen: number[] = [];
    store.subscribe(cellKey(1, 10), () => seen.push(store.get(cellKey(1, 10))!.version));

    applyDelta(store, [cell(1, 10, 4, 1)]);
    applyDelta(store, [cell(1, 10, 7, 2), cell(1, 10, 6, 1)]);
    f.run();
    expect(store.get(cellKey(1, 10))?.version).toBe(7);
    expect(store.get(cellKey(1, 10))?.state).toBe(2);
    expect(seen).toEqual([7]);

    applyDelta(store, [cell(1, 10, 7, 0)]);
    f.run();
    expect(seen).toEqual([7]);
  });

  it('adds a cell it did not know', () => {
    const f = frames();
    const store = createCellStore(f.schedule);
    applyDelta(store, [cell(3, 11, 1)]);
    f.run();
    expect(store.get(cellKey(3, 11))?.version).toBe(1);
  });
});
