import { TIME_SLOT_RANGES, tehranDateKey } from '@panel/contracts/common';
import { type DateOptionType } from '@panel/contracts/dispatch';

// The dispatch window is computed from the current Tehran day, never the host's zone.

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic on the key, zone-free). */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days offered by the dates list, relative to today: yesterday, today, tomorrow and 4 more. */
export const WINDOW_OFFSETS = [-1, 0, 1, 2, 3, 4, 5] as const;

export function dateType(offset: number): DateOptionType {
  if (offset === -1) return 'yesterday';
  if (offset === 0) return 'today';
  if (offset === 1) return 'tommorrow';
  return 'date';
}

export function dateWindow(now: Date = new Date()): { date: string; type: DateOptionType }[] {
  const today = tehranDateKey(now);
  return WINDOW_OFFSETS.map((offset) => ({ date: addDays(today, offset), type: dateType(offset) }));
}

export function typeOfDate(date: string, now: Date = new Date()): DateOptionType {
  return dateWindow(now).find((d) => d.date === date)?.type ?? 'date';
}

export const SHIFT_TIMES = TIME_SLOT_RANGES.map((range, slot) => ({ slot, start: `${range.start}:00`, end: `${range.end}:00` }));

export function slotLabel(slot: number): string {
  return TIME_SLOT_RANGES[slot]?.slot ?? '';
}

/** Minutes since midnight of 'HH:MM[:SS]'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
