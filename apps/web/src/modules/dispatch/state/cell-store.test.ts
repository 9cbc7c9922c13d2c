import { describe, expect, it } from 'vitest';
import type { Cell } from '@panel/contracts/dispatch';
import { applyDelta, applySnapshot, cellKey, createCellStore, isGuessedHold, showGuess, withGuessedHold } from './cell-store';

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

  describe("a dispatcher's own guess", () => {
    const holder = { username: 'staff', full_name: 'سارا محمدی' };

    it('shows in the next frame and gives way to the answer, one version newer', () => {
      const f = frames();
      const store = createCellStore(f.schedule);
      applySnapshot(store, [cell(1, 10, 5)]);
      showGuess(store, withGuessedHold(store.get(cellKey(1, 10))!, holder));
      f.run();
      const guessed = store.get(cellKey(1, 10))!;
      expect(guessed.hold?.holder_fullname).toBe('سارا محمدی');
      expect(isGuessedHold(guessed.hold!)).toBe(true);

      const answer = { ...cell(1, 10, 6), hold: { holder_username: 'staff', holder_fullname: 'سارا محمدی', expires_at: '2025-03-20T08:10:00.000+03:30' } };
      applyDelta(store, [answer]);
      f.run();
      expect(store.get(cellKey(1, 10))).toBe(answer);
      expect(isGuessedHold(store.get(cellKey(1, 10))!.hold!)).toBe(false);
    });

    it('is rolled back on a refusal', () => {
      const f = frames();
      const store = createCellStore(f.schedule);
      applySnapshot(store, [cell(1, 10, 5)]);
      const before = store.get(cellKey(1, 10));
      const rollback = showGuess(store, withGuessedHold(before!, holder));
      f.run();
      rollback();
      f.run();
      expect(store.get(cellKey(1, 10))).toBe(before);
    });

    it("leaves the change that caused the refusal: another dispatcher's hold stays", () => {
      const f = frames();
      const store = createCellStore(f.schedule);
      applySnapshot(store, [cell(1, 10, 5)]);
      const rollback = showGuess(store, withGuessedHold(store.get(cellKey(1, 10))!, holder));
      const theirs = { ...cell(1, 10, 6), hold: { holder_username: 'staff2', holder_fullname: 'علی رضایی', expires_at: '2025-03-20T08:10:00.000+03:30' } };
      applyDelta(store, [theirs]);
      rollback();
      f.run();
      expect(store.get(cellKey(1, 10))).toBe(theirs);
    });
  });
});
