import { z } from 'zod';
import { toLatinDigits } from './digits';

// A car's VIN (شماره شاسی, decision 136): 17 Latin letters and digits without I, O and Q (ISO
// 3779), at least one of them a letter. Staff copy it from a card, a photo or a chat: Persian or
// Arabic digits, lower case, spaces and dashes are read as the VIN they spell. The inspection
// order's car and the car post record one; car detail looks a car up by it.

export const VIN_MESSAGE = 'شماره شاسی (VIN) ۱۷ حرف لاتین و رقم است و حروف I، O و Q ندارد.';

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The VIN a text spells (upper-cased, Latin digits, no spaces or dashes), or null when it spells none. */
export function readVin(text: string): string | null {
  const vin = toLatinDigits(text)
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  return VIN.test(vin) && /[A-Z]/.test(vin) ? vin : null;
}

/** An optional VIN field: absent or empty is null (not known yet), anything else must spell a VIN. */
export const OptionalVinSchema = z
  .string({ error: VIN_MESSAGE })
  .nullish()
  .transform((value, ctx): string | null => {
    if (value === undefined || value === null || value.trim() === '') return null;
    const vin = readVin(value);
    if (vin === null) ctx.addIssue({ code: 'custom', message: VIN_MESSAGE });
    return vin;
  });
