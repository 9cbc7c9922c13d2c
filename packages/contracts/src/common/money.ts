// One formatter for the whole process: building an Intl.NumberFormat is costly and
// the dispatch grid formats prices for hundreds of cells.
const numberFormat = new Intl.NumberFormat('fa-IR');

export const PERSIAN_LIST_SEPARATOR = '، ';

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

// Amounts are already tomans (the gateway's unit); no rial conversion happens here.
export function formatToman(amount: number): string {
  return `${formatNumber(amount)} تومان`;
}

export function joinPersian(list: readonly string[]): string {
  return list.join(PERSIAN_LIST_SEPARATOR);
}
