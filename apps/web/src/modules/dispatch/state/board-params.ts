import { EXPERT_LEVELS, EXPERT_TYPES, toLatinDigits, type ExpertLevel, type ExpertType } from '@panel/contracts/common/plain';

/**
 * The whole board lives in the address so a shared link reopens the same view: the date, every
 * filter and the open cell. Unknown or malformed values are dropped, never guessed.
 */
export interface BoardState {
  /** 'YYYY-MM-DD'; null means the default option of the dates list. */
  date: string | null;
  areas: number[];
  levels: ExpertLevel[];
  types: ExpertType[];
  search: string;
  /** The open cell (drawer). */
  cell: { expertId: number; shiftId: number } | null;
}

export const EMPTY_BOARD: BoardState = { date: null, areas: [], levels: [], types: [], search: '', cell: null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ints = (raw: string | null): number[] =>
  (raw ?? '')
    .split(',')
    .map((s) => toLatinDigits(s).trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

const unique = <T,>(list: T[]): T[] => [...new Set(list)];

export function parseBoard(params: URLSearchParams): BoardState {
  const date = params.get('date');
  const levels = ints(params.get('levels')).filter((n): n is ExpertLevel => (EXPERT_LEVELS as readonly number[]).includes(n));
  const types = (params.get('types') ?? '').split(',').filter((t): t is ExpertType => (EXPERT_TYPES as readonly string[]).includes(t));
  const cellMatch = /^(\d+):(\d+)$/.exec(params.get('cell') ?? '');
  return {
    date: date && DATE.test(date) ? date : null,
    areas: unique(ints(params.get('areas'))),
    levels: unique(levels),
    types: unique(types),
    search: params.get('q') ?? '',
    cell: cellMatch ? { expertId: Number(cellMatch[1]), shiftId: Number(cellMatch[2]) } : null,
  };
}

/** Only what differs from the empty board is written, so a plain link stays plain. */
export function boardToParams(board: BoardState): URLSearchParams {
  const params = new URLSearchParams();
  if (board.date) params.set('date', board.date);
  if (board.areas.length) params.set('areas', board.areas.join(','));
  if (board.levels.length) params.set('levels', board.levels.join(','));
  if (board.types.length) params.set('types', board.types.join(','));
  if (board.search) params.set('q', board.search);
  if (board.cell) params.set('cell', `${board.cell.expertId}:${board.cell.shiftId}`);
  return params;
}
