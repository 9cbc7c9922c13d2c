import { useMutation } from '@tanstack/react-query';
import type { DecorateMutationProcedure, inferInput } from '@trpc/tanstack-react-query';

// A screen's workflow actions map to procedures as data (decision 094): a record of each action's
// procedure and the input it sends, not a switch per module. One mutation runs them all, so the
// global error layer and the invalidation after success work as for any other mutation.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any procedure's definition
type AnyMutation = DecorateMutationProcedure<any>;

/** How one action is called: its procedure and the input from the reason typed and the screen's fields. */
export interface ActionCall {
  procedure: AnyMutation;
  /** May throw (with the field's message shown by the screen) to refuse before calling. */
  input: (reason: string) => unknown;
}

/** One action's call, with its input checked against the procedure's. */
export const actionCall = <P extends AnyMutation>(procedure: P, input: (reason: string) => inferInput<P>): ActionCall => ({ procedure, input });

/**
 * The runner of a workflow's actions for `WorkflowActions.onRun`: every action is listed, with
 * `null` for the ones a screen runs elsewhere (they are `except`ed there). `R` is the module's
 * one action answer (`{ message, ... }`).
 */
export function useActionCalls<A extends string, R>(calls: Record<A, ActionCall | null>, options: { onSuccess?: (result: R, action: A) => void; onError?: () => void } = {}) {
  const mutation = useMutation({
    mutationFn: ({ call, input }: { action: A; call: ActionCall; input: unknown }) => call.procedure.mutationOptions().mutationFn!(input, undefined as never) as Promise<R>,
    onSuccess: (result, { action }) => options.onSuccess?.(result, action),
    onError: () => options.onError?.(),
  });
  return async (action: A, reason: string): Promise<R> => {
    const call = calls[action];
    if (!call) throw new Error(`${action} is run elsewhere`);
    return mutation.mutateAsync({ action, call, input: call.input(reason) });
  };
}
