import { describe, expect, it } from 'vitest';
import { PeriodKeySchema, periodLabel, periodOf, periodRange, previousPeriod } from './period';
import { RatioField, ShareRuleFieldsSchema } from './rules';

describe('pay periods (Jalali months)', () => {
  it('finds the Gregorian days of a month and the month of a day', () => {
    expect(periodRange('1405-01')).toEqual({ start: '2026-03-21', end: '2026-04-20' });
    expect(periodRange('1405-09')).toEqual({ start: '2026-11-22', end: '2026-12-21' });
    expect(periodRange('1404-12')).toEqual({ start: '2026-02-20', end: '2026-03-20' });
    expect(periodOf('2026-11-26')).toBe('1405-09');
    expect(previousPeriod('1405-01')).toBe('1404-12');
    expect(periodLabel('1405-09')).toBe('آذر ۱۴۰۵');
    expect(PeriodKeySchema.parse('۱۴۰۵-۰۹')).toBe('1405-09');
    expect(PeriodKeySchema.safeParse('1405-13').success).toBe(false);
  });

  it('reads ratios with Persian digits, two decimals at most', () => {
    expect(RatioField.parse('۱٫۲۵')).toBe(1.25);
    expect(RatioField.parse('0.8')).toBe(0.8);
    expect(RatioField.safeParse('1.255').success).toBe(false);
    expect(RatioField.safeParse('-1').success).toBe(false);
    const fields = ShareRuleFieldsSchema.parse({ tab: 'date', startDate: '۲۰۲۶-۱۱-۰۱', endDate: '2026-11-10' });
    expect(fields).toMatchObject({ inspectionPriceRatio: 1, expertShareRatio: 1, mechanicShareRatio: 1, allTimeShift: true, startDate: '2026-11-01' });
    const bad = ShareRuleFieldsSchema.safeParse({ tab: 'date', startDate: '2026-11-10', endDate: '2026-11-01' });
    expect(bad.success).toBe(false);
  });
});
