import { z } from 'zod';
import { allows, roleRefusal, type Access } from './access';

// A workflow is a declared state table (MODULE-STANDARD): the states with their Persian labels
// and the actions, each allowed from some states and leading to one. The gateway enforces it,
// the web shows a button for each action the current state allows, with the same label and
// confirmation; nothing re-decides availability by hand.

export interface WorkflowAction<S extends string> {
  /** The button's label, e.g. 'لغو سفارش'. */
  label: string;
  from: readonly S[];
  /** The state the action leads to; omitted when the action keeps the state (a note, a renewal). */
  to?: S;
  /** A question to confirm before acting; set for anything destructive or financial. */
  confirm?: string;
  /** Whether the user must give a reason (it is kept in the action log). */
  reason?: 'required' | 'optional';
  /** Who may take it (one of these roles); the workflow's `roles` when omitted. */
  roles?: Access;
}

export interface WorkflowDefinition<S extends string, A extends string> {
  /** What the workflow moves, in Persian, for messages: 'سفارش', 'آگهی'. */
  noun: string;
  /** Every state, with its label: the states are these keys, whatever the actions name. */
  states: Readonly<Record<S, string>>;
  actions: Readonly<Record<A, WorkflowAction<NoInfer<S>>>>;
  /** Who may take an action that names no roles of its own; absent: whoever the route lets in. */
  roles?: Access;
}

export interface Workflow<S extends string, A extends string> extends WorkflowDefinition<S, A> {
  stateList: readonly S[];
  actionList: readonly A[];
  label(state: S): string;
  /** The actions the table allows from `state`, in declaration order. */
  allowed(state: S): A[];
  can(action: A, state: S): boolean;
  /** Where `action` leads from `state` (the same state for an action that keeps it). */
  target(action: A, state: S): S;
  /** The Persian refusal of `action` from `state`, or undefined when the table allows it. */
  refusal(action: A, state: S, name?: string): string | undefined;
  /** The roles `action` needs (empty: no more than the route's). */
  rolesOf(action: A): Access;
  /** Whether someone holding `held` may take `action`. */
  permits(action: A, held: readonly string[]): boolean;
  /** The Persian 403 of `action` for someone holding `held`, or undefined when they may take it. */
  roleRefusal(action: A, held: readonly string[]): string | undefined;
}

export function defineWorkflow<S extends string, A extends string>(definition: WorkflowDefinition<S, A>): Workflow<S, A> {
  const stateList = Object.keys(definition.states) as S[];
  const actionList = Object.keys(definition.actions) as A[];
  const label = (state: S) => definition.states[state] ?? state;
  const can = (action: A, state: S) => definition.actions[action]?.from.includes(state) ?? false;
  const rolesOf = (action: A): Access => definition.actions[action]?.roles ?? definition.roles ?? [];
  const permits = (action: A, held: readonly string[]) => allows(rolesOf(action), held);
  return {
    ...definition,
    stateList,
    actionList,
    label,
    can,
    allowed: (state) => actionList.filter((action) => can(action, state)),
    target: (action, state) => definition.actions[action].to ?? state,
    refusal: (action, state, name) =>
      can(action, state)
        ? undefined
        : `${definition.noun}${name ? ` ${name}` : ''} در وضعیت «${label(state)}» است و «${definition.actions[action]?.label ?? action}» برای آن ممکن نیست.`,
    rolesOf,
    permits,
    roleRefusal: (action, held) => (permits(action, held) ? undefined : roleRefusal(definition.actions[action]?.label ?? action, rolesOf(action))),
  };
}

/** One row of an entity's action log, as the gateway answers it (who, when, what, from → to, why). */
export const ActionLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  actor_username: z.string(),
  actor_fullname: z.string(),
  reason: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type ActionLogEntry = z.infer<typeof ActionLogEntrySchema>;
