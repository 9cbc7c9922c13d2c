import { memo, useCallback, useId, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';

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
 * A grid of rows by a few columns where only the visible rows are mounted. Focus stays on the
 * grid element and the active cell is named by aria-activedescendant, so moving with the arrow
 * keys never has to chase a cell that is not mounted yet. Rows are memoized: scrolling mounts
 * the rows that come into view and leaves the others untouched, and a cell's content can keep
 * its own subscription to live data so a change re-renders that cell only.
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
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: headerHeight,
    getItemKey: rowKey,
  });
  const template = `${rowHeaderWidth} repeat(${columns.length}, minmax(${minColumnWidth}, 1fr))`;
  // Rows contain their own paint (see gridCss), which also clips them: on a screen narrower than
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
        virtualizer.scrollToIndex(next.row, { align: 'auto' });
        onActiveChange(next);
      }
    },
    [active, columns.length, direction, onActiveChange, onEscape, onOpen, rowCount, virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const activeId = active ? cellDomId(gridId, active.row, active.col) : undefined;

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={move}
      dir={direction}
      height={height}
      overflow="auto"
      position="relative"
      contain="strict"
      outline="none"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      bg="bg"
      _focusVisible={{ boxShadow: 'inset 0 0 0 2px var(--panel-colors-color-palette-solid)' }}
      css={virtualGridCss}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
        <div
          role="row"
          aria-rowindex={1}
          className="vg-row vg-header"
          style={{ gridTemplateColumns: template, height: headerHeight, position: 'sticky', top: 0, zIndex: 2 }}
        >
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
        {items.map((item) => (
          <GridRow
            key={item.key as string}
            rowKey={item.key as string}
            gridId={gridId}
            row={item.index}
            top={item.start}
            height={rowHeight}
            template={template}
            columnCount={columns.length}
            activeCol={active && active.row === item.index ? active.col : -1}
            renderRowHeader={renderRowHeader}
            renderCell={renderCell}
            onActiveChange={onActiveChange}
            onOpen={onOpen}
          />
        ))}
      </div>
    </Box>
  );
}

interface GridRowProps {
  rowKey: string;
  gridId: string;
  row: number;
  top: number;
  height: number;
  template: string;
  columnCount: number;
  activeCol: number;
  renderRowHeader: (row: number) => ReactNode;
  renderCell: (row: number, col: number) => ReactNode;
  onActiveChange: (position: GridPosition) => void;
  onOpen: (position: GridPosition) => void;
}

const GridRow = memo(function GridRow(p: GridRowProps) {
  const style: CSSProperties = {
    gridTemplateColumns: p.template,
    height: p.height,
    position: 'absolute',
    top: 0,
    insetInlineStart: 0,
    width: '100%',
    transform: `translateY(${p.top}px)`,
  };
  const cells: ReactNode[] = [];
  for (let col = 0; col < p.columnCount; col++) {
    const isActive = col === p.activeCol;
    cells.push(
      <div
        key={col}
        id={cellDomId(p.gridId, p.row, col)}
        role="gridcell"
        aria-colindex={col + 2}
        aria-selected={isActive}
        className={isActive ? 'vg-cell vg-active' : 'vg-cell'}
        data-row={p.row}
        data-col={col}
        onClick={() => {
          p.onActiveChange({ row: p.row, col });
          p.onOpen({ row: p.row, col });
        }}
      >
        {p.renderCell(p.row, col)}
      </div>,
    );
  }
  return (
    <div role="row" aria-rowindex={p.row + 2} className="vg-row vg-body-row" style={style} data-key={p.rowKey}>
      <div role="rowheader" className="vg-row-header">
        {p.renderRowHeader(p.row)}
      </div>
      {cells}
    </div>
  );
});

// One stylesheet for the whole grid instead of a generated class per cell: thousands of cells
// mount while scrolling, and per-element style props would cost a style computation each.
export const virtualGridCss = {
  '& .vg-row': { display: 'grid', boxSizing: 'border-box' },
  // A row is a fixed-size box whose inside affects nothing outside it. Without this, a row moved
  // into view while scrolling made the browser paint the whole scrolled content again each frame;
  // with it, only the new row is painted (bench/grid: paint time per scroll cut about fourfold).
  '& .vg-body-row': { contain: 'strict' },
  '& .vg-header': { background: 'var(--panel-colors-bg-muted)', fontWeight: 500, fontSize: 'var(--panel-font-sizes-sm)' },
  '& .vg-col-header, & .vg-row-header': {
    display: 'flex',
    alignItems: 'center',
    paddingInline: '0.75rem',
    borderBottom: '1px solid var(--panel-colors-border)',
    overflow: 'hidden',
  },
  '& .vg-row-header': {
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    background: 'var(--panel-colors-bg)',
    borderInlineEnd: '1px solid var(--panel-colors-border)',
  },
  '& .vg-header .vg-row-header': { background: 'var(--panel-colors-bg-muted)' },
  '& .vg-cell': {
    position: 'relative',
    contain: 'content',
    borderBottom: '1px solid var(--panel-colors-border)',
    borderInlineEnd: '1px solid var(--panel-colors-border-subtle, var(--panel-colors-border))',
    overflow: 'hidden',
    cursor: 'pointer',
  },
  '& .vg-active': { boxShadow: 'inset 0 0 0 2px var(--panel-colors-color-palette-solid)', zIndex: 1 },
  '& .vg-empty': { padding: '2rem', textAlign: 'center', color: 'var(--panel-colors-fg-muted)' },
} as const;
