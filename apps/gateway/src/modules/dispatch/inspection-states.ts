import { INSPECTION_STATE_LABELS } from '@panel/contracts/common';
import { conflict } from '../../errors';
import { ORDER_LIST_STATE_LABELS } from '@panel/contracts/inspection-orders';

// The spec does not give the graph between inspection states (§4); DESIGN §6 asks for a
// declared table. An order is requested (R), called (C), offered (P) or assigned (A) before
// dispatch; the dispatch sheet moves it between "without expert" (T, M) and "final
// assignment" (O); the expert's app then moves it on (E, I, S) to review (Q, W) and done (D).
// Cancelling an assignment returns it to T while the inspection has not started. F and D end.
// An order on offer (P) goes to final assignment only by an expert's acceptance of the offer
// (decision 033), never by the sheet's own assign: that move is the offer's, outside this table.
export const INSPECTION_TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  R: ['C', 'P', 'T', 'F'],
  C: ['P', 'T', 'F'],
  P: ['T', 'F'],
  A: ['O', 'T', 'F'],
  T: ['O', 'M', 'F'],
  M: ['O', 'T', 'F'],
  O: ['E', 'T', 'F'],
  E: ['I', 'T', 'F'],
  I: ['S', 'T', 'F'],
  S: ['Q', 'F'],
  Q: ['W', 'D', 'F'],
  W: ['D', 'F'],
  D: [],
  F: [],
};

export const ALL_INSPECTION_STATES = Object.keys(INSPECTION_TRANSITIONS);

/** States of an order that waits for an expert: the dispatch sheet may assign it. */
export const WITHOUT_EXPERT_STATES = ['T', 'M'] as const;
/** States in which cancelling the assignment charges the expert's penalty. */
export const PENALTY_STATES = ['O', 'E', 'I'] as const;
/** States whose visit time can still be moved. */
export const VISIT_TIME_STATES = ['O', 'E'] as const;

export function canTransition(from: string, to: string): boolean {
  return INSPECTION_TRANSITIONS[from]?.includes(to) ?? false;
}

export function stateLabel(state: string): string {
  return (
    (INSPECTION_STATE_LABELS as Record<string, string>)[state] ??
    (ORDER_LIST_STATE_LABELS as Record<string, string>)[state] ??
    state
  );
}

/** Refuses a move outside the table with a 409 that names both states. */
export function assertTransition(code: string, from: string, to: string): void {
  if (!canTransition(from, to)) {
    throw conflict(`سفارش ${code} در وضعیت «${stateLabel(from)}» است و نمی‌تواند به وضعیت «${stateLabel(to)}» برود.`);
  }
}
