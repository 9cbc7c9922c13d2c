import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@panel/ui';
import type { ActionCall } from '../../../lib/workflow-calls';

/**
 * The catalogue's one way of running a change from a form: the procedure's mutation, the
 * outcome's Persian message as a success toast, every query refreshed (spec §9), then `after`.
 * A refusal is the global error layer's toast, and the form keeps what was typed.
 */
export function useSaved(after?: (outcome: { id: number; message: string }) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ procedure, input }: { procedure: ActionCall['procedure']; input: unknown }) =>
      procedure.mutationOptions().mutationFn!(input, undefined as never) as Promise<{ id: number; message: string }>,
    onSuccess: (outcome) => {
      notify(outcome.message, 'success');
      void queryClient.invalidateQueries();
      after?.(outcome);
    },
  });
  return (procedure: ActionCall['procedure'], input: unknown) => mutation.mutateAsync({ procedure, input });
}
