import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_ERROR, PhoneNumberSchema } from './phone';

describe('PhoneNumberSchema', () => {
  it.each([
    ['09121234567', '09121234567'],
    ['۰۹۱۲۱۲۳۴۵۶۷', '09121234567'],
    ['٠٩١٢١٢٣٤٥٦٧', '09121234567'],
    ['0912 123 4567', '09121234567'],
    ['0912-123-4567', '09121234567'],
    ['+989121234567', '09121234567'],
    ['00989121234567', '09121234567'],
    ['989121234567', '09121234567'],
    ['9121234567', '09121234567'],
  ])('normalises %s', (input, expected) => {
    expect(PhoneNumberSchema.parse(input)).toBe(expected);
  });

  it.each(['', '0912123456', '091212345678', '02112345678', 'abc', '+12025550123'])('rejects %j', (input) => {
    const result = PhoneNumberSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PHONE_NUMBER_ERROR);
  });

  it('rejects non-strings with the same Persian message', () => {
    const result = PhoneNumberSchema.safeParse(9121234567);
    expect(result.error?.issues[0]?.message).toBe(PHONE_NUMBER_ERROR);
  });
});
