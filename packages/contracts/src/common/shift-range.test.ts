import { describe, expect, it } from 'vitest';
import { formatShiftRange, formatShiftRangeFa } from './shift-range';

describe('formatShiftRange', () => {
  it('keeps only the hour without its leading zero', () => {
    expect(formatShiftRange('08:00:00', '10:00:00')).toBe('8 تا 10');
    expect(formatShiftRange('18:00', '20:00')).toBe('18 تا 20');
    expect(formatShiftRange('۰۸:۰۰', '۱۰:۰۰')).toBe('8 تا 10');
  });

  it('has a Persian-digit variant', () => {
    expect(formatShiftRangeFa('08:00:00', '10:00:00')).toBe('۸ تا ۱۰');
  });
});
