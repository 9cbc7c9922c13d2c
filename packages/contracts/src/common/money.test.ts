import { describe, expect, it } from 'vitest';
import { formatNumber, formatToman, joinPersian } from './money';

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
});
