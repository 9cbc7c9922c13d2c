import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';

import { sessionQueryOptions } from '../../../lib/session';

export { sessionQueryOptions };

/** Signs in; the session is stored at once so the guard can move on without a round trip. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: (session) => queryClient.setQueryData(trpc.auth.session.queryKey(), session),
    }),
  );
}

/**
 * Signs out and forgets every cached answer of the old session. It opts out of the "refetch
 * everything after a mutation" rule: refetching the panel's queries signed out only earns red
 * "sign in again" toasts on the sign-in page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.auth.signOut.mutationOptions({
      onSuccess: async () => {
        await queryClient.cancelQueries();
        queryClient.setQueryData(trpc.auth.session.queryKey(), null);
        const session = JSON.stringify(trpc.auth.session.queryKey()[0]);
        queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== session });
      },
    }),
    meta: { invalidatesAll: false },
  });
}

/** The callee of the caller-history dialog; fetched only while the dialog is open (spec §7). */
export function useCallerHistory(open: boolean) {
  return useQuery({ ...trpc.auth.callerHistory.queryOptions(undefined, { enabled: open }), staleTime: 0 });
}
