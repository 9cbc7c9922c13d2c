import { createContext, memo, useContext } from 'react';
import { useKeyedValue, useSecondClock } from '@panel/ui/grid';
import { AVAILABILITY_LABELS, INSPECTION_STATE_LABELS, formatToman, toPersianDigits } from '@panel/contracts/common/plain';
import type { Cell, CellHold } from '@panel/contracts/dispatch';
import { cellKey, isGuessedHold, type CellStore } from '../state/cell-store';
import { inspectionStateGroup } from '@panel/contracts/dispatch/plain';

/** Server clock minus browser clock, so hold countdowns follow the server's expiry. */
export const ClockOffsetContext = createContext(0);

/** Whether clicking the cell opens the drawer (spec §2: canceled and done inspections do not). */
export function isCellClickable(cell: Cell | undefined): boolean {
  if (!cell) return false;
  return cell.inspection ? inspectionStateGroup(cell.inspection.state).clickable : true;
}

const AVAILABILITY_CLASS: Record<Cell['state'], string> = {
  0: 'dc-available',
  1: 'dc-unavailable',
  2: 'dc-busy',
  3: 'dc-reserved-other',
  4: 'dc-reserved-other',
};

/**
 * Rounded to the nearest second, not up: the clock offset is measured to within a fraction of a
 * second, and rounding up turned that fraction into a second the hold never had (۱۰:۰۱).
 */
export function formatHoldLeft(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return toPersianDigits(`${m}:${String(s).padStart(2, '0')}`);
}

/** Time left on a hold by the server's clock, ticking; mounted only where a hold shows. */
export function HoldLeft({ hold }: { hold: CellHold }) {
  return (
    <span className="dc-hold-left" aria-label="زمان باقی‌مانده">
      {/* The dispatcher's own reserve before the server's answer: the expiry is the server's to set. */}
      {isGuessedHold(hold) ? '…' : <Countdown hold={hold} />}
    </span>
  );
}

function Countdown({ hold }: { hold: CellHold }) {
  const now = useSecondClock();
  const offset = useContext(ClockOffsetContext);
  const left = new Date(hold.expires_at).getTime() - (now + offset);
  return left > 0 ? formatHoldLeft(left) : 'در حال آزادسازی';
}

/** Mounted only on held cells, so only they follow the ticking clock. */
function HoldLine({ hold, compact }: { hold: CellHold; compact: boolean }) {
  if (compact) {
    return (
      <div className="dc-top" title={`رزرو موقت: ${hold.holder_fullname}`}>
        <span className="dc-hold-who">رزرو موقت</span>
        <HoldLeft hold={hold} />
      </div>
    );
  }
  return (
    <div className="dc-hold">
      <span className="dc-hold-who" title={hold.holder_fullname}>
        رزرو موقت: {hold.holder_fullname}
      </span>
      <HoldLeft hold={hold} />
    </div>
  );
}

/**
 * One expert in one shift; re-renders only when that cell changes in the store (memo: a row that
 * re-renders because the active cell moved leaves its other cells alone).
 */
export const DispatchCell = memo(function DispatchCell({
  store,
  expertId,
  shiftId,
  compact = false,
}: {
  store: CellStore;
  expertId: number;
  shiftId: number;
  /** One line: state colour, order code, visit time; the rest in the tooltip and the drawer. */
  compact?: boolean;
}) {
  const cell = useKeyedValue(store, cellKey(expertId, shiftId));
  if (!cell) return <div className="dc dc-none" />;
  const clickable = isCellClickable(cell);
  const insp = cell.inspection;
  if (insp && compact) {
    const group = inspectionStateGroup(insp.state);
    const details = toPersianDigits([INSPECTION_STATE_LABELS[insp.state], insp.brand_model, insp.selected_package_name].join(' · ')) + ` · ${formatToman(insp.price)}`;
    return (
      <div className={`dc dc-compact dc-insp dc-${group.color}`} data-clickable={clickable} title={details}>
        <div className="dc-top">
          <span className="dc-badge">{toPersianDigits(insp.code)}</span>
          {insp.visit_time && <span className="dc-time">{toPersianDigits(insp.visit_time.slice(0, 5))}</span>}
        </div>
      </div>
    );
  }
  if (insp) {
    const group = inspectionStateGroup(insp.state);
    const model = toPersianDigits(insp.brand_model);
    const pack = toPersianDigits(insp.selected_package_name);
    return (
      <div className={`dc dc-insp dc-${group.color}`} data-clickable={clickable}>
        <div className="dc-top">
          <span className="dc-badge">{INSPECTION_STATE_LABELS[insp.state]}</span>
          {insp.visit_time && <span className="dc-time">{toPersianDigits(insp.visit_time.slice(0, 5))}</span>}
        </div>
        <div className="dc-line dc-strong" title={model}>
          {model}
        </div>
        <div className="dc-line" title={pack}>
          {pack}
        </div>
        <div className="dc-line dc-muted">{formatToman(insp.price)}</div>
      </div>
    );
  }
  return (
    <div className={`dc ${AVAILABILITY_CLASS[cell.state]}${cell.hold ? ' dc-held' : ''}${compact ? ' dc-compact' : ''}`} data-clickable={clickable}>
      {/* A hold is what the cell is now; "available" beside it contradicted it. */}
      {cell.hold ? <HoldLine hold={cell.hold} compact={compact} /> : <span className="dc-availability">{AVAILABILITY_LABELS[cell.state]}</span>}
    </div>
  );
});
