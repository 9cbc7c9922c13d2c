import { describe, expect, it } from 'vitest';
import { EMPTY_BOARD, boardToParams, parseBoard, type BoardState } from './board-params';

describe('board state in the address', () => {
  it('round-trips every part of the board', () => {
    const board: BoardState = {
      date: '2025-03-21',
      areas: [1, 14],
      levels: [0, 3],
      types: ['is_car_expert', 'is_car_mechanic'],
      search: 'رضا ۱۲',
      cell: { expertId: 7, shiftId: 42 },
    };
    const params = boardToParams(board);
    expect(parseBoard(new URLSearchParams(params.toString()))).toEqual(board);
  });

  it('writes nothing for the empty board', () => {
    expect(boardToParams(EMPTY_BOARD).toString()).toBe('');
    expect(parseBoard(new URLSearchParams(''))).toEqual(EMPTY_BOARD);
  });

  it('drops malformed values instead of guessing', () => {
    const board = parseBoard(new URLSearchParams('date=tomorrow&areas=1,x,۱۴,1&levels=2,9&types=is_car_expert,is_pilot&cell=7-42'));
    expect(board).toEqual({ ...EMPTY_BOARD, areas: [1, 14], levels: [2], types: ['is_car_expert'] });
  });
});
