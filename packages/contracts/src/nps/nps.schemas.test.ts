import { describe, expect, it } from 'vitest';
import { NPS_WORKFLOW, NpsStepInputSchema, RecordNpsAnswerInputSchema, effectiveNpsStates, npsGroupOf, npsListFilter, npsScore } from './index';

describe('the nps contracts', () => {
  it('shows the statuses B–H by default (spec §4) and keeps an explicit choice, or none, in the address', () => {
    const { value, dropped } = npsListFilter.parse({ search: 'رضا', sort: 'nonsense', page: '2', overdue: 'true' });
    expect(value).toMatchObject({ search: 'رضا', sort: 'answered_at', isAscending: false, page: 2, overdue: true });
    expect(value.state).toBeUndefined();
    expect(dropped).toEqual(['sort']);
    expect(effectiveNpsStates(value)).toEqual(['B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(npsListFilter.toQuery(value)).toEqual({ search: 'رضا', page: '2', overdue: 'true' });
    expect(npsListFilter.toQuery({ state: ['B', 'C', 'D', 'E', 'F', 'G', 'H'] })).toEqual({});
    expect(npsListFilter.toQuery({ state: ['A'] })).toEqual({ state: 'A' });
    const all = npsListFilter.parse({ state: '' }).value;
    expect(effectiveNpsStates(all)).toBeUndefined();
    expect(npsListFilter.toQuery(all)).toEqual({ state: '' });
  });

  it('refuses a bad status, group or score in Persian', () => {
    expect(npsListFilter.parse({ state: 'B,Z', group: 'fan', scoreMin: '۱۱', scoreMax: '۶' })).toMatchObject({ value: { scoreMax: 6 }, dropped: ['state', 'group', 'scoreMin'] });
    const bad = npsListFilter.schema.safeParse({ scoreMin: '12' });
    expect(bad.error?.issues[0]?.message).toBe('امتیاز باید از ۰ تا ۱۰ باشد');
  });

  it('needs a root cause to close, and takes one only when closing', () => {
    const close = NpsStepInputSchema.safeParse({ id: '۱۲', version: '۳', action: 'close', reason: ' ', root_cause: '' });
    expect(close.success).toBe(false);
    expect(close.error?.issues[0]).toMatchObject({ path: ['root_cause'], message: 'برای بستن پیگیری، علت ریشه‌ای را انتخاب کنید.' });
    expect(NpsStepInputSchema.parse({ id: 12, version: 3, action: 'close', root_cause: 'expert_delay' })).toMatchObject({ id: 12, version: 3, reason: '', root_cause: 'expert_delay' });
    expect(NpsStepInputSchema.safeParse({ id: 12, version: 3, action: 'call_back', root_cause: 'price' }).error?.issues[0]?.message).toBe('علت ریشه‌ای فقط هنگام بستن پیگیری ثبت می‌شود.');
    expect(NpsStepInputSchema.safeParse({ id: 12, version: 3, action: 'close', root_cause: 'weather' }).error?.issues[0]?.message).toBe('علت ریشه‌ای نامعتبر است');
    expect(NpsStepInputSchema.safeParse({ id: 12, version: 3, action: 'delete' }).error?.issues[0]?.message).toBe('اقدام نامعتبر است');
  });

  it('reads a survey answer with Persian digits and refuses a score out of 0–10', () => {
    expect(RecordNpsAnswerInputSchema.parse({ score: '۴', customer_name: ' نرگس امینی ', customer_phone: '۰۹۱۲۱۲۳۴۵۶۷', inspection_id: '' })).toEqual({
      score: 4, comment: '', customer_name: 'نرگس امینی', customer_phone: '09121234567', inspection_id: null, channel: 'sms',
    });
    expect(RecordNpsAnswerInputSchema.safeParse({ score: 11, customer_name: 'نرگس امینی', customer_phone: '09121234567' }).error?.issues[0]?.message).toBe('امتیاز را از ۰ تا ۱۰ وارد کنید.');
  });

  it('declares the follow-up table: call back after opening, close from any open state, reopen by a supervisor only', () => {
    expect(NPS_WORKFLOW.allowed('B')).toEqual(['open_followup', 'close', 'exclude']);
    expect(NPS_WORKFLOW.allowed('C')).toEqual(['call_back', 'no_answer', 'close']);
    expect(NPS_WORKFLOW.allowed('E')).toEqual(['refer', 'resolve', 'close']);
    expect(NPS_WORKFLOW.allowed('H')).toEqual(['reopen']);
    expect(NPS_WORKFLOW.refusal('close', 'A')).toBe('پاسخ نظرسنجی در وضعیت «کنارگذاشته» است و «بستن پیگیری» برای آن ممکن نیست.');
    expect(NPS_WORKFLOW.permits('reopen', ['backoffice#staff'])).toBe(false);
    expect(NPS_WORKFLOW.roleRefusal('reopen', ['backoffice#staff'])).toBe('«بازگشایی پیگیری» فقط از سرپرست برمی‌آید.');
    expect(NPS_WORKFLOW.permits('call_back', ['backoffice#staff'])).toBe(true);
    expect(NPS_WORKFLOW.permits('call_back', [])).toBe(false);
  });

  it('groups scores and computes the figure as SQL rounds it', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsGroupOf)).toEqual(['detractor', 'detractor', 'passive', 'passive', 'promoter', 'promoter']);
    expect(npsScore({ count: 0, promoters: 0, detractors: 0 })).toBeNull();
    expect(npsScore({ count: 8, promoters: 5, detractors: 2 })).toBe(37.5);
    expect(npsScore({ count: 3, promoters: 1, detractors: 2 })).toBe(-33.3);
    expect(npsScore({ count: 400, promoters: 100, detractors: 149 })).toBe(-12.3);
    expect(npsScore({ count: 2, promoters: 1, detractors: 1 })).toBe(0);
  });
});
