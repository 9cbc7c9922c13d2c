import { toLatinDigits } from './digits';

// One formatter for the whole process: building an Intl.NumberFormat is costly and
// the dispatch grid formats prices for hundreds of cells.
const numberFormat = new Intl.NumberFormat('fa-IR');

export const PERSIAN_LIST_SEPARATOR = '، ';

// Tomans past a thousand thousand billion are not an amount anyone types; the cap keeps an
// amount inside what a number holds exactly.
export const MAX_AMOUNT_DIGITS = 15;

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

// Amounts are already tomans (the gateway's unit); no rial conversion happens here.
export function formatToman(amount: number): string {
  return `${formatNumber(amount)} تومان`;
}

/**
 * The digits of an amount as typed (Persian, Arabic or Latin digits, any separators): Latin,
 * without leading zeros, at most MAX_AMOUNT_DIGITS; '' when nothing was typed.
 */
export function amountDigits(text: string): string {
  const digits = toLatinDigits(text).replace(/[^0-9]/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, MAX_AMOUNT_DIGITS);
}

/** An amount's digits as a money input shows them: Persian, grouped as fa-IR groups them. */
export function groupAmount(digits: string): string {
  return digits === '' ? '' : numberFormat.format(BigInt(digits));
}

/** A car's mileage: Persian digits, grouped as fa-IR groups them (never a Latin comma). */
export function formatMileage(km: number): string {
  return `${formatNumber(km)} کیلومتر`;
}

export function joinPersian(list: readonly string[]): string {
  return list.join(PERSIAN_LIST_SEPARATOR);
}
