import { AVAILABILITY, toLatinDigits, type Availability, type InspectionState } from '../common/plain';
import type { CancelType, DateOptionType } from './sheet';

// Pure rules of the dispatch sheet (spec §2, §4, §5), on plain structural inputs.

type Id = number | string | null | undefined;
const present = (id: Id): boolean => id !== null && id !== undefined && id !== '';

const DEFAULT_DATE_PREFERENCE: readonly DateOptionType[] = ['today', 'tommorrow', 'yesterday'];

/** Today, else tomorrow, else yesterday, else the first option; undefined when there is none. */
export function pickDefaultDateOption<T extends { date: string; type: DateOptionType }>(
  options: readonly T[],
): T | undefined {
  for (const type of DEFAULT_DATE_PREFERENCE) {
    const found = options.find((o) => o.type === type);
    if (found) return found;
  }
  return options[0];
}

export type InspectionStateGroup = {
  group: 'canceled' | 'doing' | 'done';
  color: 'red' | 'green' | 'blue';
  clickable: boolean;
};

const CANCELED: InspectionStateGroup = { group: 'canceled', color: 'red', clickable: false };
const DOING: InspectionStateGroup = { group: 'doing', color: 'green', clickable: true };
const DONE: InspectionStateGroup = { group: 'done', color: 'blue', clickable: false };

export const INSPECTION_STATE_GROUPS: Record<InspectionState, InspectionStateGroup> = {
  F: CANCELED,
  E: DOING,
  O: DOING,
  I: DOING,
  S: DOING,
  M: DOING,
  T: DOING,
  D: DONE,
  Q: DONE,
  W: DONE,
};

export function inspectionStateGroup(state: InspectionState): InspectionStateGroup {
  return INSPECTION_STATE_GROUPS[state];
}

export type DrawerKind = 'unassigned' | 'reserved' | 'held' | 'assigned' | 'cancel' | 'unset';

export interface DrawerCell {
  state: Availability;
  inspection?: unknown;
  /** A dispatcher's temporary reserve, if any. */
  hold?: { holder_username: string } | null;
}

/**
 * Which drawer a clicked cell opens, first match wins:
 * cancel mode -> 'cancel'; an inspection on the cell -> 'assigned'; a temporary reserve ->
 * 'reserved' when `viewer` holds it, 'held' when another dispatcher does (only the holder may
 * release or finalize it, so that drawer offers neither; decision 041); available or busy with neither -> 'unassigned' (spec §4: those can be reserved
 * or given an order). Everything else is 'unset': an unavailable cell, and cells reserved
 * outside the dispatch sheet (concierge-sale visit, instant), which the drawer cannot act on.
 */
export function drawerKind(cell: DrawerCell, { cancelMode, viewer }: { cancelMode: boolean; viewer?: string }): DrawerKind {
  if (cancelMode) return 'cancel';
  if (cell.inspection !== null && cell.inspection !== undefined) return 'assigned';
  if (cell.hold !== null && cell.hold !== undefined) return viewer === undefined || cell.hold.holder_username === viewer ? 'reserved' : 'held';
  if (cell.state === AVAILABILITY.available || cell.state === AVAILABILITY.busy) return 'unassigned';
  return 'unset';
}

/** Order, time and note fields are disabled on an unavailable slot. */
export function isOrderFieldsDisabled(cellState: Availability): boolean {
  return cellState === AVAILABILITY.unavailable;
}

/** The order picker is also locked once the assignment is final (O), unless the drawer is unassigned. */
export function isOrderPickerDisabled({
  cellState,
  inspectionState,
  kind,
}: {
  cellState: Availability;
  inspectionState?: InspectionState | null;
  kind: DrawerKind;
}): boolean {
  return isOrderFieldsDisabled(cellState) || (inspectionState === 'O' && kind !== 'unassigned');
}

/** The switch starts on unless the slot is unavailable. */
export function isAvailabilitySwitchOn(cellState: Availability): boolean {
  return cellState !== AVAILABILITY.unavailable;
}

/** The switch only ever sends available (on) or unavailable (off). */
export function availabilityFromSwitch(on: boolean): Availability {
  return on ? AVAILABILITY.available : AVAILABILITY.unavailable;
}

export function canSubmitCancel({ cancelType, inspectionPk }: { cancelType: CancelType; inspectionPk: Id }): boolean {
  return cancelType !== 'unset' && present(inspectionPk);
}

/**
 * 'HH:MM' with Latin digits, or null when the text is not a time of day. Accepts Persian and
 * Arabic digits, a one-digit hour and trailing seconds (the gateway sends '10:00:00').
 */
export function normalizeVisitTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(toLatinDigits(value));
  if (!m?.[1] || !m[2]) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
}

/** A visit-time update is sent only for a valid time that differs from the current one. */
export function shouldSendVisitTime(current: string | null | undefined, next: string | null | undefined): boolean {
  const wanted = normalizeVisitTime(next);
  return wanted !== null && wanted !== normalizeVisitTime(current);
}

export function canSaveNote({ content, expertId, shiftId }: { content: string; expertId: Id; shiftId: Id }): boolean {
  return content.trim() !== '' && present(expertId) && present(shiftId);
}

export function canSendAvailability({ expertId, shiftId }: { expertId: Id; shiftId: Id }): boolean {
  return present(expertId) && present(shiftId);
}

/** Keeps the options whose code starts with the typed text, typed in any digit script. */
export function filterOrderOptionsByCode<T extends { code: string | number }>(options: readonly T[], typed: string): T[] {
  const prefix = toLatinDigits(typed).trim().toLowerCase();
  if (prefix === '') return [...options];
  return options.filter((o) => toLatinDigits(String(o.code)).toLowerCase().startsWith(prefix));
}
