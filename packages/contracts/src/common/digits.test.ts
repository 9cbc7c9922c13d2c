import { describe, expect, it } from 'vitest';
import { textRuns, toLatinDigits, toPersianDigits, toPersianText } from './digits';

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

describe('toPersianText', () => {
  it('turns numbers Persian and keeps Latin codes as they are (issue 28, defect 5)', () => {
    expect(toPersianText('توکن PE6gPT7b همین حالا به آگهی «پراید ۱۳۹۰» (2xw1wmm0) متصل است؛ 3 بار')).toBe(
      'توکن PE6gPT7b همین حالا به آگهی «پراید ۱۳۹۰» (2xw1wmm0) متصل است؛ ۳ بار',
    );
    expect(toPersianText('سفارش 1000123 در ساعت 10:30 پرداخت: https://pay.example.com/settle/1000123')).toBe(
      'سفارش ۱۰۰۰۱۲۳ در ساعت ۱۰:۳۰ پرداخت: https://pay.example.com/settle/1000123',
    );
    expect(toPersianText('کد insp-a1b2_c3 و 12-34')).toBe('کد insp-a1b2_c3 و ۱۲-۳۴');
  });

  it('splits a message into its codes and the rest', () => {
    expect(textRuns('توکن ab12 (3)')).toEqual([
      { text: 'توکن ', code: false },
      { text: 'ab12', code: true },
      { text: ' (3)', code: false },
    ]);
    expect(textRuns('')).toEqual([]);
  });
});
