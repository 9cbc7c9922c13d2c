import { toLatinDigits, toPersianDigits } from './digits';

// A shift's hours as the dispatch sheet and the reserves show them.

function shiftHour(time: string): string {
  const m = /^\s*(\d{1,2})/.exec(toLatinDigits(time));
  return m?.[1] ? String(Number(m[1])) : time.trim();
}

/** ('08:00:00', '10:00:00') -> '8 تا 10' */
export function formatShiftRange(start: string, end: string): string {
  return `${shiftHour(start)} تا ${shiftHour(end)}`;
}

/** ('08:00:00', '10:00:00') -> '۸ تا ۱۰', for display. */
export function formatShiftRangeFa(start: string, end: string): string {
  return toPersianDigits(formatShiftRange(start, end));
}
