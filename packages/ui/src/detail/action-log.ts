import { formatJalaliDateTime } from '@panel/contracts/common/plain';
import type { ActionLogEntry } from '@panel/contracts/common';
import type { HistoryEntry } from './history-timeline';

/** How one workflow's action log reads: its action labels, then any the log holds beyond the table. */
export interface ActionLogLabels {
  /** The declared workflow (its actions' labels and its states' labels); none for an entity without one. */
  workflow?: { actions: Readonly<Record<string, { label: string }>>; states: Readonly<Record<string, string>> };
  /** Labels of logged actions the workflow does not declare (creation, a sweep's expiry, another module's moves). */
  extra?: Readonly<Record<string, string>>;
}

/** What happened, as a person reads it: the action, and the move when it changed the state ('لغو: ثبت شده ← لغو شده'). */
export function actionLogTitle(entry: ActionLogEntry, { workflow, extra = {} }: ActionLogLabels): string {
  const action = workflow?.actions[entry.action]?.label ?? extra[entry.action] ?? entry.action;
  const state = (code: string) => workflow?.states[code] ?? code;
  return entry.from_state && entry.to_state && entry.from_state !== entry.to_state ? `${action}: ${state(entry.from_state)} ← ${state(entry.to_state)}` : action;
}

/** One entity's action log as the entries of a `HistoryTimeline`: who, when (Jalali), what and why. */
export function actionLogEntries(entries: readonly ActionLogEntry[], labels: ActionLogLabels): HistoryEntry[] {
  return entries.map((entry) => ({
    key: entry.id,
    at: formatJalaliDateTime(entry.at),
    who: entry.actor_fullname || entry.actor_username,
    title: actionLogTitle(entry, labels),
    // A reason as typed, by a person or a machine in any digits: the timeline shows its numbers
    // in Persian digits and its Latin codes (a VIN «old ← new», a token) as they are.
    detail: entry.reason || undefined,
  }));
}
