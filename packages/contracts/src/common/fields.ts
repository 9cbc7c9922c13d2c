import { z } from 'zod';
import { toLatinDigits } from './digits';
import './zod-locale';

// The field rules every input of the panel shares (issue 11: every input exact). A value that
// breaks one is refused with a Persian message by the first server that sees it, so bad input
// never reaches the database: no impossible dates, no control characters, no id made out of a
// boolean or an array.

/** C0 controls other than tab, line feed and carriage return; DEL; C1 controls. NUL included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

export const CONTROL_CHARACTERS_MESSAGE = 'متن شامل نویسه‌های غیرمجاز است.';

/** Free text up to `max` characters, refused when it carries control characters. */
export function textField(options: { max: number; message?: string; tooLong?: string }) {
  const message = options.message ?? 'متن نامعتبر است.';
  return z
    .string({ error: message })
    .max(options.max, { error: options.tooLong ?? `حداکثر ${options.max} نویسه مجاز است.` })
    .refine((text) => !hasControlCharacters(text), { error: CONTROL_CHARACTERS_MESSAGE });
}

/** True for 'YYYY-MM-DD' naming a day that exists in the Gregorian calendar (no 2026-02-30). */
export function isCalendarDayKey(key: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const DAY_KEY_MESSAGE = 'تاریخ نامعتبر است.';

/** A Gregorian day key 'YYYY-MM-DD' that exists; Persian and Arabic digits are accepted. */
export function dayKeyField(message = DAY_KEY_MESSAGE) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? toLatinDigits(value.trim()) : value),
    z.string({ error: message }).refine(isCalendarDayKey, { error: message }),
  );
}

/** The largest id the database's bigserial keys hand out that a JavaScript number still holds exactly. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** The largest PostgreSQL `integer` (int4): reference data keyed by `serial` refuses anything past it here, not in the database. */
export const INT4_MAX = 2_147_483_647;

/**
 * A positive whole number given as a number or as a string of digits in any script ('۱۲'):
 * what an id, a page or a count is. Booleans, arrays, objects, fractions, empty strings and
 * anything past `max` are refused, never coerced (`true` is not id 1).
 */
export function wholeNumberField(message: string, options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 1;
  const max = options.max ?? MAX_ID;
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const digits = toLatinDigits(value.trim());
      return /^\d{1,16}$/.test(digits) ? Number(digits) : value;
    },
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

/** A record's id: a positive whole number (see `wholeNumberField`). */
export function idField(message: string) {
  return wholeNumberField(message);
}

/**
 * The key of a row keyed by `serial` (PostgreSQL integer): reference data, catalogue entries and
 * most modules' records. Past INT4_MAX is refused here, never by the database.
 */
export function keyField(message: string) {
  return wholeNumberField(message, { max: INT4_MAX });
}

/** A row's version for optimistic concurrency (PostgreSQL integer); a row starts at `min` (0 or 1). */
export function versionField(message = 'نسخه نامعتبر است.', min = 0) {
  return wholeNumberField(message, { min, max: INT4_MAX });
}

/**
 * The id of the last event a live subscription received, as tRPC sends it back on a reconnect
 * ('epoch:offset', the live kit's `tracked()` ids); absent means "from a snapshot". Anything else
 * is refused, so a stream never resumes from a made-up position.
 */
export const LastEventIdField = z
  .string()
  .max(64)
  .regex(/^[0-9a-f]*:?\d*$/, { error: 'شناسه رویداد نامعتبر است.' })
  .nullish();
