import { memo, useCallback, useEffect, useId, useReducer, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import './virtual-grid.css';

export interface GridPosition {
  row: number;
  col: number;
}

export interface VirtualGridColumn {
  key: string;
  header: ReactNode;
}

export interface VirtualGridProps {
  /** Accessible name of the grid. */
  label: string;
  rowCount: number;
  columns: readonly VirtualGridColumn[];
  /** A stable key per row (the row's identity, not its index). */
  rowKey: (row: number) => string;
  /** The first, sticky column of a row. */
  renderRowHeader: (row: number) => ReactNode;
  /** Called only for mounted (visible) cells. */
  renderCell: (row: number, col: number) => ReactNode;
  /** The header of the sticky first column. */
  cornerHeader?: ReactNode;
  active: GridPosition | null;
  onActiveChange: (position: GridPosition) => void;
  /** Enter on the active cell, or a click on a cell. */
  onOpen: (position: GridPosition) => void;
  /** Escape. */
  onEscape?: () => void;
  rowHeight?: number;
  headerHeight?: number;
  rowHeaderWidth?: string;
  minColumnWidth?: string;
  /** Rows rendered beyond the visible ones on each side. */
  overscan?: number;
  height: string;
  /** 'rtl' lays columns from right to left and flips the meaning of the left and right keys. */
  direction?: 'rtl' | 'ltr';
  /** Content shown instead of the rows when there are none. */
  empty?: ReactNode;
}

export const cellDomId = (gridId: string, row: number, col: number) => `${gridId}-c-${row}-${col}`;

/**
 * The rows to mount: those in view plus `overscan` on each side, from the scroll position and
 * the viewport's height alone, since every row is `rowHeight` tall (the first row starts below
 * the header). Returns [first, last], empty (last < first) only without rows.
 */
export function visibleRows(scrollTop: number, viewportHeight: number, rowCount: number, rowHeight: number, headerHeight: number, overscan: number): [number, number] {
  if (rowCount === 0) return [0, -1];
  // A position past the end (a list just made shorter, before the browser clamps it) counts as the end.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, headerHeight + rowCount * rowHeight - viewportHeight)) - headerHeight;
  const first = Math.max(0, Math.floor(top / rowHeight));
  const last = Math.min(rowCount - 1, Math.max(first, Math.ceil((top + viewportHeight) / rowHeight) - 1));
  return [Math.max(0, first - overscan), Math.min(rowCount - 1, last + overscan)];
}

/**
 * A grid of rows by a few columns where only the visible rows are mounted. Focus stays on the
 * grid element and the active cell is named by aria-activedescendant, so moving with the arrow
 * keys never has to chase a cell that is not mounted yet. Rows are memoized: scrolling mounts
 * the rows that come into view and leaves the others untouched, and a cell's content can keep
 * its own subscription to live data so a change re-renders that cell only.
 *
 * Every row has the same known height, so which rows are in view is arithmetic on the scroll
 * position: nothing is measured, and the first frame neither forces a layout nor renders twice
 * (decision 144). Until the viewport has been seen (a ResizeObserver, after the first layout),
 * the window's height stands for it: a few rows more than needed, never fewer.
 */
export function VirtualGrid(props: VirtualGridProps) {
  const {
    label,
    rowCount,
    columns,
    rowKey,
    renderRowHeader,
    renderCell,
    cornerHeader,
    active,
    onActiveChange,
    onOpen,
    onEscape,
    rowHeight = 72,
    headerHeight = 40,
    rowHeaderWidth = '12rem',
    minColumnWidth = '10rem',
    overscan = 4,
    height,
    direction = 'rtl',
    empty,
  } = props;
  const gridId = useId().replace(/:/g, '');
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useRef({ top: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight, range: [0, -1] as [number, number] });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const totalHeight = headerHeight + rowCount * rowHeight;
  const [first, last] = visibleRows(view.current.top, view.current.height, rowCount, rowHeight, headerHeight, overscan);
  view.current.range = [first, last];
  const geometry = useRef({ rowCount, rowHeight, headerHeight, overscan });
  geometry.current = { rowCount, rowHeight, headerHeight, overscan };

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    /** A new range is drawn in the same frame as the scroll that asked for it, as a scroll handler's work is. */
    const update = (sync: boolean) => {
      const g = geometry.current;
      const [a, b] = visibleRows(view.current.top, view.current.height, g.rowCount, g.rowHeight, g.headerHeight, g.overscan);
      const [ra, rb] = view.current.range;
      if (a === ra && b === rb) return;
      if (sync) flushSync(rerender);
      else rerender();
    };
    const onScroll = () => {
      view.current.top = el.scrollTop;
      update(true);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const seen = entries[entries.length - 1]!.contentRect.height;
            const grew = seen > view.current.height;
            view.current.height = seen;
            // Rows drawn for a taller guess stay until the next scroll rather than cost a render now.
            if (grew) update(false);
          })
        : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, []);

  /** Scrolls the least that shows the whole row below the sticky header. */
  const scrollToRow = useCallback(
    (row: number) => {
      const el = scrollRef.current;
      if (!el) return;
      const rowTop = headerHeight + row * rowHeight;
      if (rowTop - headerHeight < el.scrollTop) el.scrollTop = rowTop - headerHeight;
      else if (rowTop + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = rowTop + rowHeight - el.clientHeight;
    },
    [headerHeight, rowHeight],
  );
  const template = `${rowHeaderWidth} repeat(${columns.length}, minmax(${minColumnWidth}, 1fr))`;
  // Rows contain their own paint (virtual-grid.css), which also clips them: on a screen narrower than
  // the columns, the rows and their parent must be as wide as the columns, not the viewport.
  const minWidth = `calc(${rowHeaderWidth} + ${columns.length} * ${minColumnWidth})`;

  const move = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
        onEscape?.();
        return;
      }
      if (rowCount === 0 || columns.length === 0) return;
      const moves = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageDown', 'PageUp'];
      // The first move only lands on the first cell, so no cell is skipped.
      if (!active && moves.includes(event.key)) {
        event.preventDefault();
        onActiveChange({ row: 0, col: 0 });
        return;
      }
      const current = active ?? { row: 0, col: 0 };
      const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
      let next: GridPosition | null = null;
      switch (event.key) {
        case 'ArrowDown':
          next = { row: Math.min(rowCount - 1, current.row + 1), col: current.col };
          break;
        case 'ArrowUp':
          next = { row: Math.max(0, current.row - 1), col: current.col };
          break;
        case forward:
          next = { row: current.row, col: Math.min(columns.length - 1, current.col + 1) };
          break;
        case backward:
          next = { row: current.row, col: Math.max(0, current.col - 1) };
          break;
        case 'Home':
          next = { row: current.row, col: 0 };
          break;
        case 'End':
          next = { row: current.row, col: columns.length - 1 };
          break;
        case 'PageDown':
          next = { row: Math.min(rowCount - 1, current.row + 10), col: current.col };
          break;
        case 'PageUp':
          next = { row: Math.max(0, current.row - 10), col: current.col };
          break;
        case 'Enter':
        case ' ':
          if (active) {
            event.preventDefault();
            onOpen(active);
          }
          return;
        default:
          return;
      }
      event.preventDefault();
      if (!active || next.row !== active.row || next.col !== active.col) {
        scrollToRow(next.row);
        onActiveChange(next);
      }
    },
    [active, columns.length, direction, onActiveChange, onEscape, onOpen, rowCount, scrollToRow],
  );

  // One listener for every cell's click: the cell and its row say where they are.
  const click = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const cell = (event.target as Element).closest('[role="gridcell"]');
      const row = cell?.parentElement;
      if (!cell || !row || !event.currentTarget.contains(cell)) return;
      const position = { row: Number(row.getAttribute('aria-rowindex')) - 2, col: Number(cell.getAttribute('aria-colindex')) - 2 };
      onActiveChange(position);
      onOpen(position);
    },
    [onActiveChange, onOpen],
  );

  const activeId = active ? cellDomId(gridId, active.row, active.col) : undefined;
  const rows: ReactNode[] = [];
  for (let row = first; row <= last; row++) {
    const key = rowKey(row);
    rows.push(
      <GridRow
        key={key}
        rowKey={key}
        row={row}
        top={headerHeight + row * rowHeight}
        columnCount={columns.length}
        activeCol={active && active.row === row ? active.col : -1}
        gridId={gridId}
        renderRowHeader={renderRowHeader}
        renderCell={renderCell}
      />,
    );
  }

  return (
    <div
      ref={scrollRef}
      className="vg-grid"
      style={{ height }}
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={move}
      onClick={click}
      dir={direction}
    >
      {/* The columns and the row height are the stylesheet's, through two variables set once here. */}
      <div style={{ height: totalHeight, position: 'relative', minWidth, '--vg-columns': template, '--vg-row-height': `${rowHeight}px` } as CSSProperties}>
        <div role="row" aria-rowindex={1} className="vg-row vg-header" style={{ height: headerHeight }}>
          <div role="columnheader" className="vg-row-header">
            {cornerHeader}
          </div>
          {columns.map((c) => (
            <div role="columnheader" key={c.key} className="vg-col-header">
              {c.header}
            </div>
          ))}
        </div>
        {rowCount === 0 && empty ? <div className="vg-empty">{empty}</div> : null}
        {rows}
      </div>
    </div>
  );
}

interface GridRowProps {
  rowKey: string;
  row: number;
  top: number;
  columnCount: number;
  /** The active column in this row, -1 if none. */
  activeCol: number;
  /** Names the active cell's DOM id (`cellDomId`), set on it only: aria-activedescendant names it. */
  gridId: string;
  renderRowHeader: (row: number) => ReactNode;
  renderCell: (row: number, col: number) => ReactNode;
}

/**
 * One row: its place is its only style (the rest is the stylesheet's and the grid's variables),
 * its cells carry their role and column and nothing per cell to set up (the grid listens to
 * clicks; only the active cell has an id).
 */
const GridRow = memo(function GridRow(p: GridRowProps) {
  const cells: ReactNode[] = [];
  for (let col = 0; col < p.columnCount; col++) {
    const isActive = col === p.activeCol;
    cells.push(
      <div
        key={col}
        id={isActive ? cellDomId(p.gridId, p.row, col) : undefined}
        role="gridcell"
        aria-colindex={col + 2}
        aria-selected={isActive}
        className={isActive ? 'vg-cell vg-active' : 'vg-cell'}
      >
        {p.renderCell(p.row, col)}
      </div>,
    );
  }
  return (
    <div role="row" aria-rowindex={p.row + 2} className="vg-row vg-body-row" style={{ transform: `translateY(${p.top}px)` }} data-key={p.rowKey}>
      <div role="rowheader" className="vg-row-header">
        {p.renderRowHeader(p.row)}
      </div>
      {cells}
    </div>
  );
});
