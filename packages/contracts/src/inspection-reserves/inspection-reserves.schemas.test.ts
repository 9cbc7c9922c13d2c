import { describe, expect, it } from 'vitest';
import { RESERVE_MESSAGES, RESERVE_WORKFLOW, effectiveReserveStates, formatPaymentDeadline, ReleaseReserveInputSchema, reserveListFilter } from './inspection-reserves.schemas';

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

  it('says the renewed deadline in Tehran time, on its Jalali day, in Persian digits; and that an SMS already sent quoted the old one', () => {
    // 18:40 UTC is 22:10 in Tehran, still 4 Azar 1405.
    expect(formatPaymentDeadline('2026-11-25T18:40:00Z')).toBe('ساعت ۲۲:۱۰ روز ۱۴۰۵/۰۹/۰۴');
    // 21:00 UTC is past midnight in Tehran: the next Jalali day.
    expect(formatPaymentDeadline('2026-11-25T21:00:00Z')).toBe('ساعت ۰۰:۳۰ روز ۱۴۰۵/۰۹/۰۵');
    expect(RESERVE_MESSAGES.renewed({ payment_deadline: '2026-11-25T18:40:00Z', link_sent_at: null })).toBe('رزرو تمدید شد؛ مهلت پرداخت تا ساعت ۲۲:۱۰ روز ۱۴۰۵/۰۹/۰۴.');
    expect(RESERVE_MESSAGES.renewed({ payment_deadline: '2026-11-25T18:40:00Z', link_sent_at: '2026-11-25T18:00:00Z' })).toContain('لینک پرداخت را دوباره بفرستید');
  });
});
