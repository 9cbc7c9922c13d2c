import { z } from 'zod';
import { toLatinDigits } from './digits';
import { CONTROL_CHARACTERS_MESSAGE, MAX_ID, hasControlCharacters, isCalendarDayKey, wholeNumberField } from './fields';

// List filters live in the address query and in the gateway's query string, where every value
// is a string: comma lists for sets, 'true'/'false' for flags. These helpers turn those strings
// into the typed values the filter schemas check, and back.

/** Splits a comma list; Persian commas are accepted because staff type them. */
export function splitCommaList(value: string): string[] {
  return value
    .split(/[,،]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A set of codes or ids written as 'a,b,c'; an array passes through unchanged. */
export function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (typeof value === 'string' ? splitCommaList(toLatinDigits(value)) : value), z.array(item));
}

/** 'true' / 'false' from a query, or a boolean from a typed caller. */
export function queryBoolean(message: string) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: message }),
  );
}

/** A positive integer id, also written with Persian digits; never a boolean or an array. `max` is the key's type's largest (`INT4_MAX` for an `integer` key). */
export function queryId(message: string, max = MAX_ID) {
  return wholeNumberField(message, { max });
}

/** Optional free text: trimmed, Persian and Arabic digits made Latin, empty meaning absent. */
export const QueryTextSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = toLatinDigits(value).trim();
    return text === '' ? undefined : text;
  },
  z
    .string({ error: 'متن جستجو نامعتبر است.' })
    .max(200, { error: 'حداکثر ۲۰۰ نویسه مجاز است.' })
    .refine((text) => !hasControlCharacters(text), { error: CONTROL_CHARACTERS_MESSAGE })
    .optional(),
);

/** A Gregorian day key 'YYYY-MM-DD' (the Tehran day) that exists; empty means any day. */
export const QueryDateSchema = z.preprocess(
  (value) => (value === '' ? undefined : typeof value === 'string' ? toLatinDigits(value.trim()) : value),
  z.string({ error: 'تاریخ نامعتبر است' }).refine(isCalendarDayKey, { error: 'تاریخ نامعتبر است' }).optional(),
);

export type QueryRecord = Record<string, string>;

/**
 * Writes a typed value back as a query string value: arrays as comma lists, flags as
 * 'true'/'false'. Undefined values are left out.
 */
export function toQueryValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}
