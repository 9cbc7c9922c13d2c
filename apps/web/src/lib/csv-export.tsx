import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { EXPORT_LIMIT, tehranDateKey, toPersianDigits, formatNumber } from '@panel/contracts/common';
import { downloadCsv, notify, toCsv, type CsvColumn } from '@panel/ui';
import { userMessage } from './trpc';

export interface CsvExportButtonProps<T> {
  /** Every row of the list's filter, from the module's `export` procedure. */
  load: () => Promise<{ rows: T[]; truncated: boolean }>;
  /** The file's name before the day, e.g. 'offers' gives offers-2026-11-23.csv. */
  fileName: string;
  columns: readonly CsvColumn<T>[];
  /** What the rows are, for the "only the first N" notice: 'پیشنهاد'. */
  noun: string;
  disabled?: boolean;
}

/** The CSV of a list's whole filter (not only its page), with the columns the user chose. */
export function CsvExportButton<T>({ load, fileName, columns, noun, disabled }: CsvExportButtonProps<T>) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await load();
      downloadCsv(`${fileName}-${tehranDateKey(new Date())}.csv`, toCsv(rows, [...columns]));
      if (truncated) notify(`فقط ${toPersianDigits(formatNumber(EXPORT_LIMIT))} ${noun} اول در فایل آمده است.`, 'warning');
    } catch (error) {
      notify(userMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={run} loading={exporting} disabled={disabled}>
      <LuDownload aria-hidden />
      خروجی CSV
    </Button>
  );
}
