import { ColumnChooser, columnHeaders, csvColumns, type ListColumn } from '@panel/ui';
import { CsvExportButton } from './csv-export';

export interface ListToolsProps<T> {
  /** The list's columns, declared once (`ListColumn[]`). */
  columns: readonly ListColumn<T>[];
  /** The keys of the columns shown (`useColumnChoice`), and how to change them. */
  visible: readonly string[];
  onVisibleChange: (visible: string[]) => void;
  /** Every row of the filter, from the module's `export` procedure. */
  load: () => Promise<{ rows: T[]; truncated: boolean }>;
  fileName: string;
  noun: string;
  /** How many rows the filter matched (nothing to export at 0 or before the answer). */
  count: number | undefined;
}

/** The tools of a list's bar: which columns to show, and the CSV of the whole filter with those columns. */
export function ListTools<T>({ columns, visible, onVisibleChange, load, fileName, noun, count }: ListToolsProps<T>) {
  return (
    <>
      <ColumnChooser columns={columnHeaders(columns)} visible={visible} onChange={onVisibleChange} />
      <CsvExportButton load={load} fileName={fileName} columns={csvColumns(columns, visible)} noun={noun} disabled={!count} />
    </>
  );
}
