import { describe, expect, it } from 'vitest';
import { BUTTON_HEIGHTS, CITIES, TEHRAN_CITY_ID, TIME_SLOTS, TIME_SLOT_RANGES, cookieExpiresAt, spacingToRem } from './constants';

describe('constants', () => {
  it('keeps cookies three months past the token expiry', () => {
    expect(cookieExpiresAt(new Date('2025-01-31T10:00:00Z')).toISOString()).toBe('2025-05-01T10:00:00.000Z');
    expect(cookieExpiresAt(new Date('2025-03-15T00:00:00Z')).toISOString()).toBe('2025-06-15T00:00:00.000Z');
  });

  it('derives the slot ranges from the slot names', () => {
    expect(TIME_SLOT_RANGES.map((r) => r.slot)).toEqual([...TIME_SLOTS]);
    for (const r of TIME_SLOT_RANGES) expect(`${r.start.slice(0, 2)}-${r.end.slice(0, 2)}`).toBe(r.slot);
  });

  it('has unique city ids with Tehran first', () => {
    expect(new Set(CITIES.map((c) => c.id)).size).toBe(CITIES.length);
    expect(CITIES[0]).toEqual({ id: TEHRAN_CITY_ID, key: 'tehran', name: 'تهران' });
  });

  it('orders button heights small < medium < large', () => {
    expect(spacingToRem(4.5)).toBe('2.25rem');
    const rem = (v: string) => Number.parseFloat(v);
    expect(rem(BUTTON_HEIGHTS.sm)).toBeLessThan(rem(BUTTON_HEIGHTS.md));
    expect(rem(BUTTON_HEIGHTS.md)).toBeLessThan(rem(BUTTON_HEIGHTS.lg));
  });
});
