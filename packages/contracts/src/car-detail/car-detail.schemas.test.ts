import { describe, expect, it } from 'vitest';
import { CAR_DETAIL_MESSAGES, CarLookupInputSchema, plateKey, readCarQuery } from './car-detail.schemas';

describe('reading a car query', () => {
  it('reads a plate however it is typed: Persian or Arabic digits and letters, spaces, dashes, «ایران»', () => {
    const plate = { kind: 'plate', key: '12ب34567', display: '12 ب 345 ایران 67' };
    expect(readCarQuery('۱۲ ب ۳۴۵ ایران ۶۷')).toEqual(plate);
    expect(readCarQuery('12ب345-67')).toEqual(plate);
    expect(readCarQuery('  ١٢ب٣٤٥ ٦٧ ')).toEqual(plate);
    expect(readCarQuery('22 الف 365 ایران 10')).toMatchObject({ key: '22الف36510' });
    expect(readCarQuery('44 ي 123 ايران 55')).toMatchObject({ key: '44ی12355' });
    expect(plateKey('12 ب 345 ایران 67')).toBe('12ب34567');
  });

  it('recognises post tokens, sale tokens and VINs by their shapes', () => {
    expect(readCarQuery('3K9X2A1B')).toEqual({ kind: 'post', key: '3k9x2a1b', display: '3k9x2a1b' });
    expect(readCarQuery('CS-gjdgxs')).toEqual({ kind: 'sale', key: 'cs-gjdgxs', display: 'cs-gjdgxs' });
    expect(readCarQuery('1hgcm82633a00435۲')).toEqual({ kind: 'vin', key: '1HGCM82633A004352', display: '1HGCM82633A004352' });
    // A chosen kind reads only its own shape.
    expect(readCarQuery('3k9x2a1b', 'plate')).toBeNull();
    expect(readCarQuery('1HGCM82633A00435I', 'vin')).toBeNull();
  });

  it('refuses a malformed query with a Persian message on the field', () => {
    const bad = CarLookupInputSchema.safeParse({ q: '12 345' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['q'], message: CAR_DETAIL_MESSAGES.malformed });
    const wrongKind = CarLookupInputSchema.safeParse({ q: 'abc', kind: 'post' });
    expect(wrongKind.error?.issues[0]?.message).toBe(CAR_DETAIL_MESSAGES.byKind.post);
    expect(CarLookupInputSchema.safeParse({ q: '  ' }).error?.issues[0]?.message).toBe(CAR_DETAIL_MESSAGES.required);
    expect(CarLookupInputSchema.parse({ q: '12ب34567' })).toEqual({ q: '12ب34567', kind: 'auto' });
  });
});
