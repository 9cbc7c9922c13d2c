import { useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import type { Workflow } from '@panel/contracts/common';
import { ConfirmDialog } from './confirm-dialog';

export interface WorkflowActionsProps<S extends string, A extends string> {
  workflow: Workflow<S, A>;
  state: S;
  /** The session's roles: an action whose declared roles (decision 094) none of these is left out. */
  roles: readonly string[];
  /** Runs an action with the reason typed (empty when none was asked). */
  onRun: (action: A, reason: string) => Promise<unknown>;
  /** Actions a screen shows elsewhere (with fields of their own) instead of here. */
  except?: readonly A[];
  /** Actions a rule beyond the table and the roles leaves out now (a hold, nothing to settle). */
  hidden?: readonly A[];
  /** Fields an action needs beyond its reason, shown in its dialog (which then always opens). */
  fields?: Partial<Record<A, ReactNode>>;
  /** Actions that change money or end something: their confirm button is red. */
  destructive?: readonly A[];
  /** The reason field's label per action, where 'دلیل' is not the word ('یادداشت رسیدگی'). */
  reasonLabels?: Partial<Record<A, string>>;
}

/**
 * A button for each action the declared table allows from `state` to someone holding `roles`,
 * labelled as the table says; an action with a confirmation, a reason or fields opens its dialog
 * first. Availability is never decided here: the gateway enforces the same table and roles.
 */
export function WorkflowActions<S extends string, A extends string>({ workflow, state, roles, onRun, except = [], hidden = [], fields = {}, destructive = [], reasonLabels = {} }: WorkflowActionsProps<S, A>) {
  const [asking, setAsking] = useState<A | null>(null);
  const [running, setRunning] = useState<A | null>(null);
  const actions = workflow.allowed(state).filter((action) => workflow.permits(action, roles) && !except.includes(action) && !hidden.includes(action));
  const run = async (action: A) => {
    setRunning(action);
    try {
      await onRun(action, '');
    } catch {
      // Shown by the global error layer.
    } finally {
      setRunning(null);
    }
  };
  const open = asking ? workflow.actions[asking] : undefined;

  return (
    <>
      {actions.map((action) => {
        const declared = workflow.actions[action];
        const asks = Boolean(declared.confirm || declared.reason || fields[action]);
        return (
          <Button
            key={action}
            size="sm"
            variant="outline"
            loading={running === action}
            disabled={running !== null}
            onClick={() => (asks ? setAsking(action) : void run(action))}
          >
            {declared.label}
          </Button>
        );
      })}
      {asking && open && (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          title={open.label}
          message={open.confirm}
          confirmLabel={open.label}
          reason={open.reason}
          reasonLabel={reasonLabels[asking]}
          destructive={destructive.includes(asking)}
          onConfirm={(reason) => onRun(asking, reason)}
        >
          {fields[asking]}
        </ConfirmDialog>
      )}
    </>
  );
}
