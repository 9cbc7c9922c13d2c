import { describe, expect, it } from 'vitest';
import { amountDigits, formatMileage, formatNumber, formatToman, groupAmount, joinPersian } from './money';

describe('money', () => {
  it('formats with Persian digits and the fa-IR thousands separator', () => {
    expect(formatNumber(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(0)).toBe('۰');
  });

  it('formats tomans', () => {
    expect(formatToman(450000)).toBe('۴۵۰٬۰۰۰ تومان');
  });

  it('joins with the Persian comma', () => {
    expect(joinPersian(['تهران', 'کرج', 'مشهد'])).toBe('تهران، کرج، مشهد');
    expect(joinPersian([])).toBe('');
  });

  it('reads an amount as typed and groups it back (issue 28, defect 6)', () => {
    expect(amountDigits('۱٬۰۳۴٬۰۰۰٬۰۰۰')).toBe('1034000000');
    expect(amountDigits('1,034,000 تومان')).toBe('1034000');
    expect(amountDigits('٠٠١٢')).toBe('12');
    expect(amountDigits('0')).toBe('0');
    expect(amountDigits('')).toBe('');
    expect(amountDigits('9'.repeat(20))).toBe('9'.repeat(15));
    expect(groupAmount('1034000000')).toBe('۱٬۰۳۴٬۰۰۰٬۰۰۰');
    expect(groupAmount('999999999999999')).toBe('۹۹۹٬۹۹۹٬۹۹۹٬۹۹۹٬۹۹۹');
    expect(groupAmount('')).toBe('');
  });

  it('formats mileage with the fa-IR separator, never a Latin comma', () => {
    expect(formatMileage(120500)).toBe('۱۲۰٬۵۰۰ کیلومتر');
  });
});
