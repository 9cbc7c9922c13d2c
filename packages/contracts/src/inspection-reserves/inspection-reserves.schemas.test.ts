import { describe, expect, it } from 'vitest';
import { RESERVE_WORKFLOW, effectiveReserveStates, ReleaseReserveInputSchema, reserveListFilter } from './inspection-reserves.schemas';

describe('inspection reserves contract', () => {
  it('lists waiting reserves unless the address asks otherwise', () => {
    expect(effectiveReserveStates(reserveListFilter.defaults)).toEqual(['waiting']);
    expect(reserveListFilter.toQuery(reserveListFilter.defaults)).toEqual({});
    expect(effectiveReserveStates(reserveListFilter.schema.parse({ state: '' }))).toBeUndefined();
    expect(effectiveReserveStates(reserveListFilter.schema.parse({ state: 'paid,expired' }))).toEqual(['paid', 'expired']);
  });

  it('renews a waiting or expired reserve; a released or paid one is final', () => {
    expect(RESERVE_WORKFLOW.allowed('waiting')).toEqual(['renew', 'send_payment_link', 'release']);
    expect(RESERVE_WORKFLOW.allowed('expired')).toEqual(['renew']);
    expect(RESERVE_WORKFLOW.allowed('paid')).toEqual([]);
    expect(ReleaseReserveInputSchema.parse({ id: '۷' })).toEqual({ id: 7, reason: '' });
  });
});
