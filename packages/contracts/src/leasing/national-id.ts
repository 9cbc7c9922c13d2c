import { z } from 'zod';
import { toLatinDigits } from '../common';

// The Iranian national code (کد ملی): ten digits, the last a check digit. With s the sum of the
// first nine digits weighted 10 down to 2 and r = s mod 11, the check digit is r when r < 2 and
// 11 - r otherwise. Ten equal digits pass the sum but are never issued.

export const NATIONAL_ID_MESSAGE = 'کد ملی معتبر نیست.';

export function isNationalId(code: string): boolean {
  if (!/^\d{10}$/.test(code) || /^(\d)\1{9}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(code[i]) * (10 - i);
  const r = sum % 11;
  return Number(code[9]) === (r < 2 ? r : 11 - r);
}

/** A national code typed in any digits, with or without dashes and spaces. */
export const NationalIdSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s-]/g, '') : v),
  z.string({ error: NATIONAL_ID_MESSAGE }).refine(isNationalId, { error: NATIONAL_ID_MESSAGE }),
);
