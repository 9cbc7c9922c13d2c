import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  wsLink,
  TRPCClientError,
} from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@panel/bff/router';
import { notify } from '@panel/ui';

/** The Persian message the BFF put on a failed call (spec §8), or a generic one. */
export function userMessage(error: unknown): string {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message) return error.message;
  return 'ظاهرا مشکلی پیش آمده است.';
}

/** Calls whose failure a screen shows itself set `meta: { silent: true }`. */
const isSilent = (meta: Record<string, unknown> | undefined) => meta?.silent === true;

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, error) => {
        const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
        if (status && status >= 400 && status < 500) return false;
        return count < 2;
      },
      retryDelay: 3_000,
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!isSilent(query.meta)) notify(userMessage(error));
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!isSilent(mutation.meta)) notify(userMessage(error));
    },
    // After any successful mutation every query is invalidated (spec §9).
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  }),
});

const wsUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;

export const wsClient = typeof window === 'undefined' ? undefined : createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 10_000 } });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient! }),
      // The BFF refuses batches of more than MAX_BATCH_SIZE (25) procedures.
      false: httpBatchLink({ url: '/trpc', headers: { 'x-panel-request': '1' }, maxItems: 25 }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
