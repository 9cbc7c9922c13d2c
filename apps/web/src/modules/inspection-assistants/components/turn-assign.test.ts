import { describe, expect, it } from 'vitest';
import type { Assistant, BalancePlan } from '@panel/contracts/inspection-assistants';
import { actionsOf } from './assistant-actions';
import { planRows } from './balance-dialog';

const assistant = (over: Partial<Assistant>): Assistant => ({
  id: 1, username: 'sara.ahmadi', name: 'سارا احمدی', active: true, paused_until: null, pause_reason: '', capacity: 40, position: 1,
  makeup_owed: 0, version: 1, open_orders: 0, orders_today: 0, last_assigned_at: null, turns_away: 0, ...over,
});

describe('the turn-assign board', () => {
  it('offers one way in or out of the rotation as the assistant stands, and clearing only with open orders', () => {
    expect(actionsOf(assistant({}))).toEqual(['pause', 'deactivate']);
    expect(actionsOf(assistant({ open_orders: 3 }))).toEqual(['pause', 'deactivate', 'clear']);
    expect(actionsOf(assistant({ paused_until: new Date(Date.now() + 60_000).toISOString() }))).toEqual(['resume', 'deactivate']);
    // A break that is over is no break.
    expect(actionsOf(assistant({ paused_until: new Date(Date.now() - 60_000).toISOString() }))).toEqual(['pause', 'deactivate']);
    expect(actionsOf(assistant({ active: false, open_orders: 2 }))).toEqual(['activate', 'clear']);
  });

  it('shows the orders of nobody as a giver of the balance plan, and leaves out idle inactive assistants', () => {
    const plan: BalancePlan = {
      fingerprint: 'f'.repeat(32),
      open_orders: 10,
      moves: 6,
      rows: [
        { username: 'a', name: 'الف', active: true, before: 4, after: 5 },
        { username: 'b', name: 'ب', active: true, before: 0, after: 5 },
        { username: 'c', name: 'ج', active: false, before: 2, after: 0 },
        { username: 'd', name: 'د', active: false, before: 0, after: 0 },
      ],
    };
    expect(planRows(plan).map((r) => [r.name, r.before, r.after])).toEqual([['الف', 4, 5], ['ب', 0, 5], ['ج', 2, 0], ['بدون دستیار', 4, 0]]);
    expect(planRows({ ...plan, open_orders: 6 }).some((r) => r.name === 'بدون دستیار')).toBe(false);
  });
});
