import { useEffect, useRef } from 'react';
import { chakra } from '@chakra-ui/react';
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

/** A native checkbox (keyboard, screen readers and the "some" state as the browser has them); a click never reaches the row. */
function PickBox({ label, checked, indeterminate = false, disabled, onToggle }: { label: string; checked: boolean; indeterminate?: boolean; disabled?: boolean; onToggle: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <chakra.input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onToggle(e.target.checked)}
      onClick={stop}
      onKeyDown={stop}
      width="4"
      height="4"
      cursor="pointer"
      verticalAlign="middle"
      style={{ accentColor: 'var(--chakra-colors-green-600)' }}
    />
  );
}

/** The first column of a list with selection: a checkbox per row and one for the page (all, some or none picked). */
export function selectionColumn<Row>(rows: readonly Row[], rowKey: (row: Row) => string, selection: ListSelection<Row>): DataColumn<Row> {
  const keys = rows.map(rowKey);
  const picked = keys.filter((k) => selection.selected.has(k)).length;
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
      <PickBox
        label={selection.pageLabel ?? 'انتخاب همه ردیف‌های این صفحه'}
        checked={keys.length > 0 && picked === keys.length}
        indeterminate={picked > 0 && picked < keys.length}
        disabled={keys.length === 0}
        onToggle={(on) => set(keys, on)}
      />
    ),
    cell: (row) => <PickBox label={selection.rowLabel(row)} checked={selection.selected.has(rowKey(row))} onToggle={(on) => set([rowKey(row)], on)} />,
  };
}
