import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT4_MAX, dayKeyField, hasControlCharacters, idField, isCalendarDayKey, keyField, textField, versionField, wholeNumberField } from './fields';
import { DISPATCH_DATE_WINDOW_DAYS, DispatchDateSchema, isWithinDispatchWindow } from '../dispatch/inputs';

describe('field rules every input shares (issue 11)', () => {
  it('accepts only days that exist', () => {
    expect(isCalendarDayKey('2024-02-29')).toBe(true);
    expect(isCalendarDayKey('2025-02-29')).toBe(false);
    expect(isCalendarDayKey('2026-02-30')).toBe(false);
    expect(isCalendarDayKey('2026-13-01')).toBe(false);
    expect(isCalendarDayKey('2026-1-01')).toBe(false);
    expect(dayKeyField().safeParse('۲۰۲۵-۰۳-۲۰').data).toBe('2025-03-20');
    expect(dayKeyField().safeParse('2026-02-30').error?.issues[0]?.message).toBe('تاریخ نامعتبر است.');
  });

  it('refuses control characters in text, keeps line breaks and tabs', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('\u0007')).toBe(true);
    expect(hasControlCharacters('\u0085')).toBe(true);
    expect(hasControlCharacters('سطر اول\nسطر دوم\tستون')).toBe(false);
    expect(textField({ max: 5 }).safeParse('a\u0000').error?.issues[0]?.message).toBe('متن شامل نویسه‌های غیرمجاز است.');
    expect(textField({ max: 5 }).safeParse('abcdef').success).toBe(false);
  });

  it('takes ids as numbers or digit strings of any script, never as booleans, arrays or fractions', () => {
    const id = idField('شناسه نامعتبر است.');
    expect(id.parse(12)).toBe(12);
    expect(id.parse('12')).toBe(12);
    expect(id.parse('۱۲')).toBe(12);
    expect(id.parse('١٢')).toBe(12);
    for (const bad of [true, false, [1], {}, 1.5, 0, -1, '', ' ', '1e3', '0x10', null, Number.MAX_SAFE_INTEGER + 2]) {
      expect(id.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('شناسه نامعتبر است.');
    }
    expect(wholeNumberField('اندازه', { max: 100 }).safeParse(101).success).toBe(false);
  });

  it('keys of serial rows stop at the database integer; versions start at 0 or 1 and stop there too', () => {
    const key = keyField('مدل نامعتبر است.');
    expect(key.parse('۲۱۴۷۴۸۳۶۴۷')).toBe(INT4_MAX);
    expect(key.safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe('مدل نامعتبر است.');
    expect(key.safeParse(0).success).toBe(false);
    expect(versionField().parse(0)).toBe(0);
    expect(versionField().safeParse(-1).error?.issues[0]?.message).toBe('نسخه نامعتبر است.');
    expect(versionField('نسخه پاسخ نامعتبر است', 1).safeParse(0).error?.issues[0]?.message).toBe('نسخه پاسخ نامعتبر است');
    expect(versionField().parse('۳')).toBe(3);
    expect(versionField().safeParse(INT4_MAX + 1).success).toBe(false);
    expect(versionField().safeParse(true).success).toBe(false);
  });

  it('keeps the dispatch sheet within its window of days around today (Tehran)', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(isWithinDispatchWindow('2026-11-23', now)).toBe(true);
    expect(isWithinDispatchWindow('2027-01-22', now)).toBe(true);
    expect(isWithinDispatchWindow('2027-01-23', now)).toBe(false);
    expect(isWithinDispatchWindow('2026-09-24', now)).toBe(true);
    expect(isWithinDispatchWindow('2026-09-23', now)).toBe(false);
    expect(DISPATCH_DATE_WINDOW_DAYS).toBe(60);
    expect(DispatchDateSchema.safeParse('2999-01-01').error?.issues[0]?.message).toBe('تاریخ باید حداکثر ۶۰ روز با امروز فاصله داشته باشد.');
  });

  it("writes zod's own messages in Persian", () => {
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toMatch(/[\u0600-\u06FF]/);
    expect(z.number().safeParse('x').error?.issues[0]?.message).toMatch(/[\u0600-\u06FF]/);
  });
});
