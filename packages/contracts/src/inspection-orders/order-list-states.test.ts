import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIST_STATES, ORDER_LIST_STATE_LABELS, OrderListStateSchema } from './order-list-states';

describe('order list states', () => {
  it('selects every state by default and labels each', () => {
    expect(DEFAULT_ORDER_LIST_STATES).toEqual(['R', 'A', 'C', 'P', 'M', 'T', 'O', 'E', 'I', 'S', 'Q', 'W']);
    for (const s of OrderListStateSchema.options) expect(ORDER_LIST_STATE_LABELS[s]).toBeTruthy();
    expect(ORDER_LIST_STATE_LABELS.R).toBe('درخواست جدید');
  });
});
