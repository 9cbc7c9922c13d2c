import { TEHRAN_TIME_ZONE } from './constants';

// Everything here is computed in Asia/Tehran through Intl, never the host zone, so a
// server in UTC and a browser anywhere agree on the day. Formatters are built once, at their
// first use: construction dominates the cost of formatting (the five cost ~36 ms of a page's
// first load when they were built at import, most of them unused by then; issue 36).

export type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// A bare 'YYYY-MM-DD' (a dispatch date key) names a Tehran day, but Date would read it as
// UTC midnight; anchoring it at 12:00 UTC keeps it on the same Tehran day in any zone.
export function toDate(input: DateInput): Date {
  if (input instanceof Date) return assertValid(input, input);
  if (typeof input === 'string') {
    const m = DATE_ONLY.exec(input);
    if (m) return assertValid(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), input);
  }
  return assertValid(new Date(input), input);
}

function assertValid(date: Date, input: DateInput): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/** A formatter of the Tehran wall clock in `locale`, built once, when first asked for. */
function inTehran(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let built: Intl.DateTimeFormat | undefined;
  return () => (built ??= new Intl.DateTimeFormat(locale, { timeZone: TEHRAN_TIME_ZONE, ...options }));
}
const PERSIAN = 'fa-IR-u-ca-persian';
const jalaliDate = inTehran(PERSIAN, { year: 'numeric', month: '2-digit', day: '2-digit' });
const jalaliDateLong = inTehran(PERSIAN, { year: 'numeric', month: 'long', day: 'numeric' });
const tehranTime = inTehran(PERSIAN, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
// Latin digits so the parts parse as numbers.
const jalaliNumeric = inTehran('en-US-u-ca-persian-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric' });
const gregorianWallClock = inTehran('en-US-u-ca-gregory-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });

/** e.g. ۱۴۰۳/۱۲/۳۰ */
export function formatJalaliDate(input: DateInput): string {
  return jalaliDate().format(toDate(input));
}

/** e.g. ۳۰ اسفند ۱۴۰۳ */
export function formatJalaliDateLong(input: DateInput): string {
  return jalaliDateLong().format(toDate(input));
}

/** e.g. ۱۵:۳۰ */
export function formatTehranTime(input: DateInput): string {
  return tehranTime().format(toDate(input));
}

/** e.g. ۱۴۰۳/۱۲/۳۰ ۱۵:۳۰ */
export function formatJalaliDateTime(input: DateInput): string {
  const date = toDate(input);
  return `${jalaliDate().format(date)} ${tehranTime().format(date)}`;
}

/**
 * e.g. 1403/12/30: the Jalali day in Latin digits, for files read by spreadsheets and scripts
 * (a CSV's numbers stay Latin); screens use formatJalaliDate.
 */
export function formatJalaliDateLatin(input: DateInput): string {
  const { year, month, day } = jalaliParts(input);
  return `${year}/${pad2(month)}/${pad2(day)}`;
}

/** e.g. 1403/12/30 15:30: the Jalali day and the Tehran time in Latin digits, for files. */
export function formatJalaliDateTimeLatin(input: DateInput): string {
  const date = toDate(input);
  const { hour, minute } = tehranWallClock(date);
  return `${formatJalaliDateLatin(date)} ${pad2(hour)}:${pad2(minute)}`;
}

function numericParts(format: Intl.DateTimeFormat, date: Date): Partial<Record<Intl.DateTimeFormatPartTypes, number>> {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

export interface JalaliParts {
  year: number;
  /** 1-12, Farvardin is 1 */
  month: number;
  day: number;
}

export function jalaliParts(input: DateInput): JalaliParts {
  const p = numericParts(jalaliNumeric(), toDate(input));
  return { year: p.year ?? Number.NaN, month: p.month ?? Number.NaN, day: p.day ?? Number.NaN };
}

function tehranWallClock(date: Date) {
  const p = numericParts(gregorianWallClock(), date);
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Gregorian day in Tehran as 'YYYY-MM-DD': the key of a dispatch date. */
export function tehranDateKey(input: DateInput): string {
  const { year, month, day } = tehranWallClock(toDate(input));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Minutes Tehran is ahead of UTC at that instant (210 since 2022-09-21). */
export function tehranOffsetMinutes(input: DateInput): number {
  const date = toDate(input);
  const w = tehranWallClock(date);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const instant = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - instant) / 60_000);
}
