import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@panel/ui';
import { userMessage } from '../../../lib/trpc';
import type { ActionCall } from '../../../lib/workflow-calls';

/**
 * Whether a refusal names a field of the form (the BFF gives a gateway's 400 `{name_fa: […]}` and
 * the contract's zod issues as `data.fields`, decision 131): the form kit shows each such message
 * beside its field, so the toast («مشکل name_fa: …») would only say it twice.
 */
export function namesAFieldOf(error: unknown, values: object | undefined): boolean {
  if (!values) return false;
  const fields = (error as { data?: { fields?: unknown } } | null | undefined)?.data?.fields;
  return Array.isArray(fields) && fields.some((f: { path?: unknown } | null) => typeof f?.path === 'string' && f.path in values);
}

/**
 * The catalogue's one way of running a change from a form: the procedure's mutation, the
 * outcome's Persian message as a success toast, every query refreshed (spec §9), then `after`.
 * A refusal is a toast, and the form keeps what was typed; when the call names its form's values
 * (`form`), a refusal of one of those fields is shown beside that field alone.
 */
export function useSaved(after?: (outcome: { id: number; message: string }) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ procedure, input }: { procedure: ActionCall['procedure']; input: unknown }) =>
      procedure.mutationOptions().mutationFn!(input, undefined as never) as Promise<{ id: number; message: string }>,
    meta: { silent: true },
    onSuccess: (outcome) => {
      notify(outcome.message, 'success');
      void queryClient.invalidateQueries();
      after?.(outcome);
    },
  });
  return async (procedure: ActionCall['procedure'], input: unknown, form?: { getValues: () => object }) => {
    try {
      return await mutation.mutateAsync({ procedure, input });
    } catch (error) {
      if (!namesAFieldOf(error, form?.getValues())) notify(userMessage(error));
      throw error;
    }
  };
}
