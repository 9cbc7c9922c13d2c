import { jalaliParts, toDate } from '../common';

// The instalment schedule of a leasing order (decision 101). The financed amount P (price less
// down payment) is repaid by an annuity over n months at the plan's yearly rate (monthly rate
// r = yearly / 12 / 100): each month P·r / (1 − (1 + r)^−n), or P / n at a zero rate. The total
// is n annuities rounded to a toman; every instalment but the last is the total / n rounded down
// to a thousand tomans, the last takes the rest, so the instalments always sum to the total
// exactly (the database checks it too) and the last is never the smallest. Instalment k falls
// due k Jalali months after the start day, on the same Jalali day (the month's last day when
// the month is shorter).

export const INSTALMENT_ROUNDING = 1000;

export interface ScheduleInput {
  /** The car's price in tomans. */
  price: number;
  downPayment: number;
  /** The plan's yearly rate in percent (23 = 23%). */
  annualRatePercent: number;
  months: number;
  /** The registration's Tehran day 'YYYY-MM-DD'. */
  startDay: string;
}

export interface ScheduledInstalment {
  seq: number;
  /** Tehran day 'YYYY-MM-DD'. */
  due_date: string;
  amount: number;
}

export interface Schedule {
  principal: number;
  total: number;
  /** Every instalment but the last. */
  monthly: number;
  instalments: ScheduledInstalment[];
}

const DAY_MS = 86_400_000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** The day `months` Jalali months after `day` (both Tehran days 'YYYY-MM-DD'), on the same Jalali day or the month's last. */
export function addJalaliMonths(day: string, months: number): string {
  const start = jalaliParts(day);
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // A Jalali month is 29 to 31 days: look around the estimate for the days of the target month.
  // Whole days from a noon-UTC anchor, so the UTC day key and the Tehran day agree.
  const estimate = toDate(day).getTime() + Math.round(months * 30.436875) * DAY_MS;
  let best: { key: string; day: number } | undefined;
  for (let offset = -25; offset <= 25; offset += 1) {
    const candidate = new Date(estimate + offset * DAY_MS);
    const parts = jalaliParts(candidate);
    if (parts.year !== year || parts.month !== month || parts.day > start.day) continue;
    if (!best || parts.day > best.day) best = { key: dayKey(candidate), day: parts.day };
  }
  if (!best) throw new RangeError(`no Jalali month ${year}/${month}`);
  return best.key;
}

/** The schedule of decision 101; throws on a down payment at or above the price. */
export function computeSchedule(input: ScheduleInput): Schedule {
  const principal = input.price - input.downPayment;
  if (!(principal > 0)) throw new RangeError('nothing to finance');
  const n = input.months;
  const r = input.annualRatePercent / 1200;
  const annuity = r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n);
  const total = Math.round(annuity * n);
  const monthly = Math.max(INSTALMENT_ROUNDING, Math.floor(total / n / INSTALMENT_ROUNDING) * INSTALMENT_ROUNDING);
  const instalments = Array.from({ length: n }, (_, i) => ({
    seq: i + 1,
    due_date: addJalaliMonths(input.startDay, i + 1),
    amount: i === n - 1 ? total - monthly * (n - 1) : monthly,
  }));
  return { principal, total, monthly, instalments };
}

/** Whole days from `from` to `to` (Tehran day keys). */
export const daysBetween = (from: string, to: string) => Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);

/** `day` moved by `days` (Tehran day keys). */
export const addDays = (day: string, days: number) => dayKey(new Date(toDate(day).getTime() + days * DAY_MS));
