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
import {
  CSRF_HEADER,
  QUERY_RETRIES,
  QUERY_RETRY_DELAY_MS,
  QUERY_STALE_TIME_MS,
  REFETCH_ON_WINDOW_FOCUS,
} from '@panel/contracts/common/plain';
import { isRefusal } from '@panel/ui/refusal';
import { notify } from '@panel/ui/toaster';
import { connectivityAwareDelay } from './reconnect';
import { sessionRetry, sessionRetryDelay } from './session-check';
import { userMessage } from './user-message';

export { userMessage } from './user-message';

const httpStatusOf = (error: unknown) =>
  error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;

/** Calls whose failure a screen shows itself set `meta: { silent: true }`. */
const isSilent = (meta: Record<string, unknown> | undefined) => meta?.silent === true;

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_TIME_MS,
      retry: (count, error) => {
        const status = httpStatusOf(error);
        if (status && status >= 400 && status < 500) return false;
        return count < QUERY_RETRIES;
      },
      retryDelay: QUERY_RETRY_DELAY_MS,
      refetchOnWindowFocus: REFETCH_ON_WINDOW_FOCUS,
    },
  },
  queryCache: new QueryCache({
    onError: (error, query) => {
      // The session is gone (spec §8: 401 signs out): the guard sends the page to /auth, no toast.
      // The session check's own 401 is that answer already; re-reading it would loop.
      if (httpStatusOf(error) === 401) {
        if (JSON.stringify(query.queryKey[0]) === JSON.stringify(trpc.auth.session.queryKey()[0])) return;
        void queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
        return;
      }
      if (!isSilent(query.meta)) notify(userMessage(error));
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!isSilent(mutation.meta)) notify(userMessage(error));
      // A refused action means the screen showed something no longer true (another user moved
      // the entity on): read it again, so its buttons are what the server accepts now.
      if (isRefusal(error)) void queryClient.invalidateQueries();
    },
    // After any successful mutation every query is invalidated (spec §9); a mutation that ends
    // the session (sign-out) clears them itself instead of refetching them signed out.
    onSuccess: async (_data, _vars, _ctx, mutation) => {
      if (mutation.meta?.invalidatesAll === false) return;
      await queryClient.invalidateQueries();
    },
  }),
});

const wsUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;

export const wsClient =
  typeof window === 'undefined'
    ? undefined
    : createWSClient({
        url: wsUrl,
        lazy: { enabled: true, closeMs: 10_000 },
        // Offline attempts do not deepen the backoff: back online, the socket returns within a second.
        retryDelayMs: connectivityAwareDelay(() => navigator.onLine),
        // A BFF that stops answering (frozen, or a dead network path) is noticed within seconds.
        keepAlive: { enabled: true, intervalMs: 4_000, pongTimeoutMs: 2_000 },
      });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient! }),
      // The BFF refuses batches of more than MAX_BATCH_SIZE (25) procedures.
      false: httpBatchLink({ url: '/trpc', headers: { [CSRF_HEADER]: '1' }, maxItems: 25 }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

// The account-status check, whoever mounts it, keeps trying while the server is away instead
// of failing after the spec's two retries (issue 28: a short outage turned the sheet into an
// error screen that never cleared); an answer is final at once.
queryClient.setQueryDefaults(trpc.auth.session.queryKey(), { retry: sessionRetry, retryDelay: sessionRetryDelay });
