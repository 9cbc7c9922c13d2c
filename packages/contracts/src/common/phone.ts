import { z } from 'zod';
import { toLatinDigits } from './digits';

export const PHONE_NUMBER_ERROR = 'شماره تلفن همراه معتبر نیست';

// Staff paste numbers from call screens and chats in every shape: Persian or Arabic digits,
// spaces and dashes, +98 / 0098 / 98 prefixes, or no leading zero. All become 09xxxxxxxxx.
export function normalizePhoneNumber(input: string): string {
  const digits = toLatinDigits(input).replace(/[\s\-().]/g, '');
  if (/^\+989\d{9}$/.test(digits)) return `0${digits.slice(3)}`;
  if (/^00989\d{9}$/.test(digits)) return `0${digits.slice(4)}`;
  if (/^989\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^9\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

export const PhoneNumberSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePhoneNumber(value) : value),
  z.string({ error: PHONE_NUMBER_ERROR }).regex(/^09\d{9}$/, { error: PHONE_NUMBER_ERROR }),
);
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;
