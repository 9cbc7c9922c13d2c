import { Checkbox } from '@chakra-ui/react';
import type { DataColumn } from '@panel/ui';

/**
 * Rows picked on a list for one action on many (a bulk update): the keys picked, kept across
 * pages and filters until the screen clears them, and how a row is named to a screen reader.
 */
export interface ListSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** The row's accessible name, e.g. 'انتخاب سفارش L000012'. */
  rowLabel: (row: Row) => string;
  /** The page checkbox's accessible name. */
  pageLabel?: string;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The first column of a list with selection: a checkbox per row and one for the page (all, some or none picked). */
export function selectionColumn<Row>(rows: readonly Row[], rowKey: (row: Row) => string, selection: ListSelection<Row>): DataColumn<Row> {
  const keys = rows.map(rowKey);
  const picked = keys.filter((k) => selection.selected.has(k)).length;
  const pageState = picked === 0 ? false : picked === keys.length ? true : 'indeterminate';
  const set = (changed: readonly string[], on: boolean) => {
    const next = new Set(selection.selected);
    for (const key of changed) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };
  return {
    key: '__selection',
    width: '2.5rem',
    header: (
      <Checkbox.Root size="sm" checked={pageState} disabled={keys.length === 0} onCheckedChange={(e) => set(keys, e.checked === true)} onClick={stop}>
        <Checkbox.HiddenInput aria-label={selection.pageLabel ?? 'انتخاب همه ردیف‌های این صفحه'} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
    cell: (row) => (
      <Checkbox.Root size="sm" checked={selection.selected.has(rowKey(row))} onCheckedChange={(e) => set([rowKey(row)], e.checked === true)} onClick={stop} onKeyDown={stop}>
        <Checkbox.HiddenInput aria-label={selection.rowLabel(row)} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
  };
}
