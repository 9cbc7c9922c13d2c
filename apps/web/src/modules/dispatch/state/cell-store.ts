import { KeyedStore, type FrameScheduler } from '@panel/ui/grid';
import type { Cell } from '@panel/contracts/dispatch';

/** The key of a cell: an expert in a shift. */
export const cellKey = (expertId: number, shiftId: number): string => `${expertId}:${shiftId}`;

export type CellStore = KeyedStore<Cell>;

export function createCellStore(schedule?: FrameScheduler): CellStore {
  return new KeyedStore<Cell>(schedule);
}

/** A snapshot replaces everything the screen holds for the date, at once. */
export function applySnapshot(store: CellStore, cells: readonly Cell[]): void {
  store.replaceAll(cells.map((c) => [cellKey(c.expert_id, c.shift_id), c] as const));
}

/**
 * Deltas are queued for the next frame. A cell older than (or as old as) the one already held
 * or queued is dropped: a replayed or reordered delta must never undo a newer change.
 */
export function applyDelta(store: CellStore, cells: readonly Cell[]): void {
  for (const cell of cells) {
    const key = cellKey(cell.expert_id, cell.shift_id);
    const held = store.peek(key);
    if (held && held.version >= cell.version) continue;
    store.enqueue(key, cell);
  }
}
