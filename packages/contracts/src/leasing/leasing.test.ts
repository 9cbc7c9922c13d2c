import { describe, expect, it } from 'vitest';
import { jalaliParts } from '../common';
import { NationalIdSchema, addJalaliMonths, computeSchedule, isNationalId } from './index';

describe('national id checksum', () => {
  it('accepts valid codes in any digits and refuses a wrong check digit', () => {
    expect(isNationalId('0013542419')).toBe(true);
    expect(isNationalId('0013542418')).toBe(false);
    expect(isNationalId('1111111111')).toBe(false);
    expect(isNationalId('123')).toBe(false);
    expect(NationalIdSchema.parse('۰۰۱-۳۵۴۲۴۱۹')).toBe('0013542419');
    expect(NationalIdSchema.safeParse('0013542418').error?.issues[0]?.message).toBe('کد ملی معتبر نیست.');
  });
});

describe('instalment schedule (decision 101)', () => {
  it('sums exactly to the total, rounds to a thousand tomans, the last takes the rest', () => {
    const s = computeSchedule({ price: 1_200_000_000, downPayment: 400_000_000, annualRatePercent: 23, months: 36, startDay: '2026-11-25' });
    expect(s.principal).toBe(800_000_000);
    expect(s.instalments).toHaveLength(36);
    expect(s.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(s.total);
    expect(s.monthly % 1000).toBe(0);
    expect(s.instalments.at(-1)!.amount).toBeGreaterThanOrEqual(s.monthly);
    expect(s.instalments.at(-1)!.amount - s.monthly).toBeLessThan(36 * 1000);
    // annuity of 800M at 23%/12 for 36 months is about 30.96M a month
    expect(s.monthly).toBeGreaterThan(30_000_000);
    expect(s.monthly).toBeLessThan(32_000_000);
  });

  it('a zero rate repays the principal alone', () => {
    const s = computeSchedule({ price: 100_000_000, downPayment: 0, annualRatePercent: 0, months: 7, startDay: '2026-11-25' });
    expect(s.total).toBe(100_000_000);
    expect(s.instalments.map((i) => i.amount)).toEqual([14_285_000, 14_285_000, 14_285_000, 14_285_000, 14_285_000, 14_285_000, 14_290_000]);
  });

  it('falls due on the same Jalali day each month, the last day of a shorter month', () => {
    // 1405/06/31 (2026-09-22) → 1405/07/30, 1405/08/30 … 1405/12/29 in a common year
    const start = '2026-09-22';
    expect(jalaliParts(start)).toEqual({ year: 1405, month: 6, day: 31 });
    expect(jalaliParts(addJalaliMonths(start, 1))).toEqual({ year: 1405, month: 7, day: 30 });
    expect(jalaliParts(addJalaliMonths(start, 6))).toMatchObject({ year: 1405, month: 12 });
    expect(jalaliParts(addJalaliMonths(start, 7))).toEqual({ year: 1406, month: 1, day: 31 });
    expect(jalaliParts(addJalaliMonths('2026-11-25', 12))).toEqual({ ...jalaliParts('2026-11-25'), year: jalaliParts('2026-11-25').year + 1 });
  });
});
