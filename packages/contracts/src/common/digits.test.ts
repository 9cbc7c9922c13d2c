import { describe, expect, it } from 'vitest';
import { toLatinDigits, toPersianDigits } from './digits';

describe('toLatinDigits', () => {
  it('converts Persian and Arabic digits and leaves the rest', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('کد ۱۲a٣-4')).toBe('کد 12a3-4');
    expect(toLatinDigits('')).toBe('');
  });
});

describe('toPersianDigits', () => {
  it('converts Latin digits in strings and numbers', () => {
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits(1404)).toBe('۱۴۰۴');
    expect(toPersianDigits('10:30')).toBe('۱۰:۳۰');
  });

  it('round-trips with toLatinDigits', () => {
    expect(toLatinDigits(toPersianDigits('09121234567'))).toBe('09121234567');
  });
});
