import { useCallback, useMemo, type ReactNode } from 'react';
import { VirtualGrid, type GridPosition } from '@panel/ui/grid';
import { EXPERT_LEVEL_LABELS, formatShiftRangeFa, toPersianDigits } from '@panel/contracts/common/plain';
import type { Expert, Shift, ShiftStatistics } from '@panel/contracts/dispatch';
import { cellKey, type CellStore } from '../state/cell-store';
import type { Density } from '../state/density';
import { DispatchCell, isCellClickable } from './dispatch-cell';
import './dispatch-grid.css';

export interface DispatchGridProps {
  experts: readonly Expert[];
  shifts: readonly Shift[];
  store: CellStore;
  stats?: ReadonlyMap<number, ShiftStatistics>;
  active: GridPosition | null;
  onActiveChange: (position: GridPosition) => void;
  /** A clickable cell was opened by click or Enter. */
  onOpenCell: (expertId: number, shiftId: number) => void;
  onEscape?: () => void;
  height: string;
  empty?: ReactNode;
  /** Compact: one line a row, for scanning hundreds of experts (decision 041). */
  density?: Density;
}

/** Row and header heights of each density: compact fits at least 25 experts at 1920x1080. */
const SIZES: Record<Density, { row: number; header: number }> = {
  comfortable: { row: 84, header: 52 },
  compact: { row: 30, header: 44 },
};

const fa = (n: number) => toPersianDigits(n);

function ShiftHeader({ shift, stats }: { shift: Shift; stats: ShiftStatistics | undefined }) {
  return (
    <div className="dg-shift">
      <span className="dg-shift-range">{formatShiftRangeFa(shift.start, shift.end)}</span>
      {stats && (
        <span className="dg-shift-stats" data-testid={`shift-stats-${shift.pk}`}>
          آزاد {fa(stats.available)} · تخصیص {fa(stats.assigned)} · بی‌کارشناس {fa(stats.unassigned_orders)}
        </span>
      )}
    </div>
  );
}

/** Experts as rows and the day's shifts as columns, right to left, only visible rows mounted. */
export function DispatchGrid({ experts, shifts, store, stats, active, onActiveChange, onOpenCell, onEscape, height, empty, density = 'comfortable' }: DispatchGridProps) {
  const compact = density === 'compact';
  const columns = useMemo(
    () => shifts.map((s) => ({ key: String(s.pk), header: <ShiftHeader shift={s} stats={stats?.get(s.pk)} /> })),
    [shifts, stats],
  );
  const rowKey = useCallback((row: number) => String(experts[row]?.pk ?? row), [experts]);
  const renderRowHeader = useCallback(
    (row: number) => {
      const e = experts[row];
      if (!e) return null;
      const meta = `${EXPERT_LEVEL_LABELS[e.level]} · شناسه ${fa(e.pk)}`;
      return (
        <div className="dg-expert" title={compact ? `${e.report_name} · ${meta}` : e.report_name}>
          <span className="dg-expert-name">{e.report_name}</span>
          {!compact && <span className="dg-expert-meta">{meta}</span>}
        </div>
      );
    },
    [experts, compact],
  );
  const renderCell = useCallback(
    (row: number, col: number) => {
      const e = experts[row];
      const s = shifts[col];
      if (!e || !s) return null;
      return <DispatchCell store={store} expertId={e.pk} shiftId={s.pk} compact={compact} />;
    },
    [experts, shifts, store, compact],
  );
  const open = useCallback(
    ({ row, col }: GridPosition) => {
      const e = experts[row];
      const s = shifts[col];
      if (!e || !s) return;
      if (!isCellClickable(store.get(cellKey(e.pk, s.pk)))) return;
      onOpenCell(e.pk, s.pk);
    },
    [experts, shifts, store, onOpenCell],
  );
  return (
    // The cells' and the rail's styles are dispatch-grid.css's, under this root.
    <div className="dg" style={{ height }}>
      <VirtualGrid
        // A scroll position belongs to one density's row height: a new density starts the grid afresh, at the top.
        key={density}
        label="جدول کارشناسان و شیفت‌ها"
        rowCount={experts.length}
        columns={columns}
        rowKey={rowKey}
        renderRowHeader={renderRowHeader}
        renderCell={renderCell}
        cornerHeader="کارشناس"
        active={active}
        onActiveChange={onActiveChange}
        onOpen={open}
        onEscape={onEscape}
        height="100%"
        rowHeight={SIZES[density].row}
        headerHeight={SIZES[density].header}
        // Six shifts fit beside the rail at 1366 wide; wider screens share the rest out.
        rowHeaderWidth="12rem"
        minColumnWidth="9.5rem"
        empty={empty}
      />
    </div>
  );
}
