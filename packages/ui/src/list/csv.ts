/** A column of an export: its header and how a row reads in it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

// Spreadsheet programs read a CSV as the system code page unless it starts with a byte-order
// mark; with it, Persian text opens as written.
export const UTF8_BOM = '\uFEFF';

function quote(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text (CRLF line ends, quoted where needed) with a UTF-8 BOM. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => quote(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(c.value(row))).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves `csv` as a file through a temporary link, the only way a browser saves generated text. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
