import { describe, expect, it } from 'vitest';
import { OptionalVinSchema, readVin, VIN_MESSAGE } from './vin';

describe('a VIN', () => {
  it('is read from what staff type: Persian digits, lower case, spaces and dashes', () => {
    expect(readVin('naam01ca6hk41۰۲۳۶')).toBe('NAAM01CA6HK410236');
    expect(readVin(' NAAM01CA6-HK410236 ')).toBe('NAAM01CA6HK410236');
  });

  it('is 17 Latin letters and digits without I, O and Q, at least one a letter', () => {
    for (const bad of ['NAAM01CA6HK41023', 'NAAM01CA6HK4102367', 'NAAM01CA6HK41023I', 'NAAM01CA6HK41023O', 'NAAQ01CA6HK410236', '12345678901234567', 'ناام01CA6HK410236']) {
      expect(readVin(bad), bad).toBeNull();
    }
  });

  it('is optional in a form: empty is null, a bad one gets the Persian message', () => {
    expect(OptionalVinSchema.parse(undefined)).toBeNull();
    expect(OptionalVinSchema.parse('  ')).toBeNull();
    expect(OptionalVinSchema.parse('naam01ca6hk410236')).toBe('NAAM01CA6HK410236');
    const refused = OptionalVinSchema.safeParse('NAAM01CA6HK41023O');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([VIN_MESSAGE]);
  });
});
