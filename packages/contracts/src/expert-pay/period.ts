import { z } from 'zod';
import { jalaliParts, tehranDateKey, toPersianDigits } from '../common';

// A pay period is one Jalali month, named 'YYYY-MM' in Jalali digits-free form ('1405-09'); its
// Gregorian days are found by walking the calendar (decision 107).

export const PERIOD_MESSAGE = 'دوره نامعتبر است (مانند ۱۴۰۵-۰۹).';
export const JALALI_MONTHS = ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const keyOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const noon = (day: string) => Date.parse(`${day}T09:00:00Z`);

export const PeriodKeySchema = z
  .string({ error: PERIOD_MESSAGE })
  .transform((s) => s.trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace('/', '-'))
  .refine((s) => /^1[3-4]\d\d-(0[1-9]|1[0-2])$/.test(s), { error: PERIOD_MESSAGE });
export type PeriodKey = z.output<typeof PeriodKeySchema>;

/** The period (Jalali month) of a Gregorian day 'YYYY-MM-DD' or an instant. */
export function periodOf(day: string | Date): string {
  const p = jalaliParts(typeof day === 'string' ? noon(day) : day);
  return `${p.year}-${pad2(p.month)}`;
}

/** The current period in Tehran. */
export function currentPeriod(now: Date = new Date()): string {
  return periodOf(tehranDateKey(now));
}

/** The first and last Gregorian days of a period, both inclusive. */
export function periodRange(key: string): { start: string; end: string } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  // Farvardin 1 falls on March 20-22; each month is 31 days for the first six, then 30.
  let ms = Date.UTC(year + 621, 2, 21, 9) + (month <= 6 ? (month - 1) * 31 : 186 + (month - 7) * 30) * DAY;
  ms -= 5 * DAY;
  for (let i = 0; i < 12; i++, ms += DAY) {
    const p = jalaliParts(ms);
    if (p.year === year && p.month === month) break;
  }
  const start = keyOf(ms);
  while (jalaliParts(ms + DAY).month === month) ms += DAY;
  return { start, end: keyOf(ms) };
}

/** The period just before (for the period picker). */
export function previousPeriod(key: string): string {
  return periodOf(keyOf(noon(periodRange(key).start) - DAY));
}

/** 'آذر ۱۴۰۵' */
export function periodLabel(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return `${JALALI_MONTHS[month - 1] ?? ''} ${toPersianDigits(String(year))}`;
}
