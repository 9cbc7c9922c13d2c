import { getDate, getMonth, getYear } from 'date-fns-jalali';
import { describe, expect, it } from 'vitest';
import {
  formatJalaliDate,
  formatJalaliDateLatin,
  formatJalaliDateLong,
  formatJalaliDateTimeLatin,
  formatJalaliDateTime,
  formatTehranTime,
  jalaliParts,
  tehranDateKey,
  tehranOffsetMinutes,
  toDate,
} from './jalali';

describe('host zone', () => {
  it('runs under a zone other than Tehran', () => {
    // STYLE rule 24: a zone bug must not hide behind a Tehran host.
    expect(new Date('2025-07-01T00:00:00Z').getTimezoneOffset()).not.toBe(-210);
  });
});

describe('calendar gates', () => {
  it('2025-03-20 is 30 Esfand 1403', () => {
    expect(jalaliParts('2025-03-20')).toEqual({ year: 1403, month: 12, day: 30 });
    expect(formatJalaliDate('2025-03-20')).toBe('۱۴۰۳/۱۲/۳۰');
    expect(formatJalaliDateLong('2025-03-20')).toBe('۳۰ اسفند ۱۴۰۳');
  });

  it('2025-03-21 is 1 Farvardin 1404', () => {
    expect(jalaliParts('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
    expect(formatJalaliDate('2025-03-21')).toBe('۱۴۰۴/۰۱/۰۱');
    expect(formatJalaliDateLong('2025-03-21')).toBe('۱ فروردین ۱۴۰۴');
  });

  it('2025-03-20T21:00:00Z is already 1 Farvardin 1404 in Tehran', () => {
    const instant = new Date('2025-03-20T21:00:00Z');
    expect(tehranDateKey(instant)).toBe('2025-03-21');
    expect(jalaliParts(instant)).toEqual({ year: 1404, month: 1, day: 1 });
    expect(formatTehranTime(instant)).toBe('۰۰:۳۰');
    expect(formatJalaliDateTime(instant)).toBe('۱۴۰۴/۰۱/۰۱ ۰۰:۳۰');
    expect(formatJalaliDateTimeLatin(instant)).toBe('1404/01/01 00:30');
    expect(formatJalaliDateLatin('2025-03-20')).toBe('1403/12/30');
  });

  it('2025-03-20T20:29:59Z is still 30 Esfand 1403 in Tehran', () => {
    expect(tehranDateKey('2025-03-20T20:29:59Z')).toBe('2025-03-20');
    expect(jalaliParts('2025-03-20T20:29:59Z')).toEqual({ year: 1403, month: 12, day: 30 });
  });

  it('Tehran is UTC+03:30 on every date after 2022-09-21, summer included', () => {
    const samples = [
      '2022-09-22T00:00:00Z',
      '2023-03-22T12:00:00Z',
      '2023-06-21T12:00:00Z',
      '2024-07-15T08:00:00Z',
      '2024-12-31T23:59:59Z',
      '2025-03-21T00:00:00Z',
      '2025-08-01T18:45:00Z',
      '2026-06-01T00:00:00Z',
    ];
    for (const iso of samples) expect(tehranOffsetMinutes(iso), iso).toBe(210);
  });

  it('has no daylight saving on any day of 2023-2026', () => {
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      expect(tehranOffsetMinutes(t)).toBe(210);
    }
  });

  it('still saw daylight saving in summer 2022', () => {
    expect(tehranOffsetMinutes('2022-07-01T12:00:00Z')).toBe(270);
  });
});

describe('jalaliParts', () => {
  it('agrees with date-fns-jalali on every day of 1402-1405', () => {
    // Noon UTC is 15:30 in Tehran, so under TZ=UTC both libraries see the same day.
    for (let t = Date.UTC(2023, 2, 21, 12); t < Date.UTC(2027, 2, 21, 12); t += 86_400_000) {
      const d = new Date(t);
      expect(jalaliParts(d)).toEqual({ year: getYear(d), month: getMonth(d) + 1, day: getDate(d) });
    }
  });
});

describe('formatting', () => {
  it('formats Tehran time with Persian digits on a 24-hour clock', () => {
    expect(formatTehranTime('2025-06-01T06:30:00Z')).toBe('۱۰:۰۰');
    expect(formatTehranTime('2025-06-01T14:45:00Z')).toBe('۱۸:۱۵');
  });

  it('accepts Date, ISO string and epoch milliseconds alike', () => {
    const iso = '2025-06-01T06:30:00Z';
    expect(formatJalaliDate(new Date(iso))).toBe(formatJalaliDate(iso));
    expect(formatJalaliDate(Date.parse(iso))).toBe('۱۴۰۴/۰۳/۱۱');
  });

  it('refuses invalid dates', () => {
    expect(() => toDate('not a date')).toThrow(RangeError);
  });
});
