import { KeyedStore, type FrameScheduler } from '@panel/ui/grid';
import type { Cell, CellHold } from '@panel/contracts/dispatch';

/** The key of a cell: an expert in a shift. */
export const cellKey = (expertId: number, shiftId: number): string => `${expertId}:${shiftId}`;

export type CellStore = KeyedStore<Cell>;

export function createCellStore(schedule?: FrameScheduler): CellStore {
  return new KeyedStore<Cell>(schedule);
}

const keyOfCell = (cell: Cell): string => cellKey(cell.expert_id, cell.shift_id);

/**
 * A snapshot replaces everything the screen holds for the date, at once. The store indexes it
 * lazily, in its order (by expert, then shift), as far as a read asks, and the rest when idle: the
 * first frame reads the cells on screen, not 30,000 (decision 144).
 */
export function applySnapshot(store: CellStore, cells: readonly Cell[]): void {
  store.replaceAllFrom(cells, keyOfCell);
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

// Holds the browser guessed (a dispatcher's own reserve before the server answered): the
// server sets a hold's expiry, so until its answer the cell shows the hold without a countdown.
const guessedHolds = new WeakSet<CellHold>();

/** The hold is this browser's guess, not yet the server's (no expiry to count down to). */
export const isGuessedHold = (hold: CellHold): boolean => guessedHolds.has(hold);

/** The cell as a reserve by `holder` would leave it. */
export function withGuessedHold(cell: Cell, holder: { username: string; full_name: string }): Cell {
  // The expiry is the server's; until its answer arrives nothing reads it (isGuessedHold).
  const hold: CellHold = { holder_username: holder.username, holder_fullname: holder.full_name, expires_at: cell.updated_at };
  guessedHolds.add(hold);
  return { ...cell, hold };
}

/**
 * Shows a dispatcher's own change in the next frame, before the server answers (issue 36,
 * decision 141). The guess keeps the cell's version, so the answer (or the same change from
 * the live stream, one version newer) replaces it through `applyDelta`. Returns the rollback for
 * a refusal: the cell goes back to what it was, unless something else has replaced the guess
 * meanwhile (another dispatcher's change that caused the refusal stays).
 */
export function showGuess(store: CellStore, guess: Cell): () => void {
  const key = cellKey(guess.expert_id, guess.shift_id);
  const before = store.peek(key);
  store.enqueue(key, guess);
  return () => {
    if (before && store.peek(key) === guess) store.enqueue(key, before);
  };
}
