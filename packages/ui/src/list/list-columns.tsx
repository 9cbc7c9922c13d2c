import type { ReactNode } from 'react';
import { formatJalaliDateLatin, formatJalaliDateTimeLatin, toPersianDigits } from '@panel/contracts/common/plain';
import type { CsvColumn } from './csv';
import type { DataColumn } from './data-table';
import { LatinCode } from './latin-code';

/**
 * One column of a list, declared once for the table and the CSV: `text` is what a person reads
 * (Persian digits, Jalali dates, labels instead of codes), `csv` the spreadsheet value where it
 * differs (numbers stay numbers, codes stay Latin), `render` a richer cell (a badge, a link).
 */
export interface ListColumn<T> {
  key: string;
  header: string;
  text: (row: T) => string;
  csv?: (row: T) => string | number | boolean | null | undefined;
  render?: (row: T) => ReactNode;
  /**
   * `csv` answers a date: an ISO instant (`instant`) or a Gregorian day key (`day`). The CSV then
   * gives it in Jalali, Tehran time, as staff read dates, and beside it, in a column of its own,
   * the value as answered, for machines (issue 28, defect 11).
   */
  csvDate?: 'instant' | 'day';
  /** The text is a code a person copies as it is: shown Latin, left to right (`LatinCode`). */
  latin?: boolean;
  /** The sort key the server knows this column by; columns without one are not sortable. */
  sortKey?: string;
  align?: 'start' | 'end' | 'center';
  width?: string;
  /** A column of controls (a row's buttons): drawn in the table, left out of the CSV. */
  controls?: boolean;
}

const chosen = <T,>(columns: readonly ListColumn<T>[], visible?: readonly string[]) =>
  visible ? columns.filter((c) => visible.includes(c.key)) : columns;

/** The table's columns (all, or the visible ones in declaration order). */
export function tableColumns<T>(columns: readonly ListColumn<T>[], visible?: readonly string[]): DataColumn<T>[] {
  return chosen(columns, visible).map((c) => ({
    key: c.key,
    header: c.header,
    sortKey: c.sortKey,
    align: c.align,
    width: c.width,
    // Whatever the column's data holds (a model name like "S7"), the screen shows Persian digits.
    cell: c.render ?? (c.latin ? (row: T) => <LatinCode value={c.text(row)} /> : (row: T) => toPersianDigits(c.text(row))),
  }));
}

const CSV_DATE = {
  instant: { jalali: formatJalaliDateTimeLatin, machine: (value: string) => new Date(value).toISOString(), suffix: 'UTC' },
  day: { jalali: formatJalaliDateLatin, machine: (value: string) => value, suffix: 'میلادی' },
} as const;

/** A date column's two CSV columns: Jalali in Tehran time, then the value for machines. */
function csvDateColumns<T>(header: string, kind: 'instant' | 'day', value: (row: T) => unknown): CsvColumn<T>[] {
  const { jalali, machine, suffix } = CSV_DATE[kind];
  const date = (row: T) => {
    const v = value(row);
    return typeof v === 'string' && v !== '' ? v : null;
  };
  return [
    { header, value: (row) => (date(row) === null ? '' : jalali(date(row)!)) },
    { header: `${header} (${suffix})`, value: (row) => (date(row) === null ? '' : machine(date(row)!)) },
  ];
}

/** The CSV's columns: the same headers and order as the table (a date column gives two). */
export function csvColumns<T>(columns: readonly ListColumn<T>[], visible?: readonly string[]): CsvColumn<T>[] {
  return chosen(columns, visible)
    .filter((c) => !c.controls)
    .flatMap((c) => (c.csvDate && c.csv ? csvDateColumns(c.header, c.csvDate, c.csv) : [{ header: c.header, value: c.csv ?? c.text }]));
}

/** Key and header of each column, for the column chooser. */
export function columnHeaders<T>(columns: readonly ListColumn<T>[]): { key: string; header: string }[] {
  return columns.map(({ key, header }) => ({ key, header }));
}
