import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Spinner, Table, Text, VStack } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';

export interface DataColumn<T> {
  key: string;
  /** Text, or a control of the whole column (a list's "select the page" checkbox). */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The sort key the server knows this column by; columns without one are not sortable. */
  sortKey?: string;
  width?: string;
  /** Numbers and codes read better aligned to the end. */
  align?: 'start' | 'end' | 'center';
}

export interface DataTableSort {
  key: string;
  ascending: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  loadingText: string;
  emptyText: string;
  sort?: DataTableSort;
  /** A click on a sortable header: the same column flips its direction, another starts ascending. */
  onSortChange?: (sort: DataTableSort) => void;
  /** Click or Enter on a row, e.g. to open its detail view. */
  onRowClick?: (row: T) => void;
  /** Above this many rows only the visible ones are mounted. */
  virtualizeAbove?: number;
  /** Height of the scroll area of a virtualized table. */
  maxHeight?: string;
  rowHeight?: number;
}

const HEADER_STYLE: CSSProperties = { position: 'sticky', top: 0, zIndex: 1 };

function SortIcon({ active, ascending }: { active: boolean; ascending: boolean }) {
  if (!active) return <LuArrowUpDown aria-hidden opacity={0.4} />;
  return ascending ? <LuArrowUp aria-hidden /> : <LuArrowDown aria-hidden />;
}

/**
 * A list table: sortable headers, loading and empty states with the caller's words, clickable
 * rows, and a virtualized body for long lists (only visible rows are in the DOM, the rows above
 * and below are stood in for by two spacer rows so the table keeps its column layout). Headers
 * and cells wrap between words, so a list's default columns fit a 1366 px screen without
 * sideways scrolling (a date breaks before its time, a long name over two lines; issue 28).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    loading = false,
    loadingText,
    emptyText,
    sort,
    onSortChange,
    onRowClick,
    virtualizeAbove = 50,
    maxHeight = '70vh',
    rowHeight = 44,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });

  const onKeyDown = (event: KeyboardEvent, row: T) => {
    if (onRowClick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  const renderRow = (row: T, index: number) => (
    <Table.Row
      key={rowKey(row)}
      data-index={index}
      height={`${rowHeight}px`}
      cursor={onRowClick ? 'pointer' : undefined}
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      onKeyDown={(event) => onKeyDown(event, row)}
      _hover={onRowClick ? { bg: 'colorPalette.subtle' } : undefined}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.solid', outlineOffset: '-2px' }}
    >
      {columns.map((column) => (
        <Table.Cell key={column.key} textAlign={column.align ?? 'start'} whiteSpace="normal">
          {column.cell(row)}
        </Table.Cell>
      ))}
    </Table.Row>
  );

  let body: ReactNode;
  if (loading) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={columns.length} py="10">
          <VStack gap="3" role="status" aria-live="polite">
            <Spinner color="colorPalette.solid" />
            <Text>{loadingText}</Text>
          </VStack>
        </Table.Cell>
      </Table.Row>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={columns.length} py="10" textAlign="center" role="status">
          <Text color="fg.muted">{emptyText}</Text>
        </Table.Cell>
      </Table.Row>
    );
  } else if (virtual) {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    body = (
      <>
        {before > 0 && <tr aria-hidden style={{ height: before }} />}
        {items.map((item) => renderRow(rows[item.index]!, item.index))}
        {after > 0 && <tr aria-hidden style={{ height: after }} />}
      </>
    );
  } else {
    body = rows.map(renderRow);
  }

  return (
    <Box ref={scrollRef} overflow="auto" maxHeight={virtual ? maxHeight : undefined} borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label} aria-busy={loading} aria-rowcount={rows.length} interactive={false}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map((column) => {
              const active = sort !== undefined && column.sortKey !== undefined && sort.key === column.sortKey;
              const ascending = active ? sort!.ascending : true;
              return (
                <Table.ColumnHeader
                  key={column.key}
                  style={HEADER_STYLE}
                  bg="bg.muted"
                  width={column.width}
                  textAlign={column.align ?? 'start'}
                  whiteSpace="normal"
                  aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortKey && onSortChange ? (
                    <Box
                      as="button"
                      display="inline-flex"
                      alignItems="center"
                      gap="1"
                      fontWeight="inherit"
                      cursor="pointer"
                      onClick={() =>
                        onSortChange({ key: column.sortKey!, ascending: active ? !sort!.ascending : true })
                      }
                    >
                      {column.header}
                      <SortIcon active={active} ascending={ascending} />
                    </Box>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
    </Box>
  );
}
