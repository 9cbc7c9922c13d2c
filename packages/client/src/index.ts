import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { EventSource } from 'eventsource';
// eslint-disable-next-line import-x/no-restricted-paths -- the client is the BFF's API in types: it takes only the router's type, erased when built
import type { AppRouter } from '@panel/bff/router';

// The typed client for integrators (issue 18): every procedure of the panel's API with its
// input and answer types, over plain HTTP with an API token made in the panel. Live
// subscriptions run over server-sent events and resume from the last event id by themselves.

export type { AppRouter };
export { TRPCClientError } from '@trpc/client';

export interface PanelClientOptions {
  /** The panel's address, e.g. `https://panel.example.com` (the BFF; `/trpc` is added). */
  url: string;
  /** An API token made in the panel (user menu → توکن‌های API): `pnl_...`. */
  token: string;
  /** Procedures sent in one HTTP call at most; the BFF accepts up to 25. */
  maxBatch?: number;
}

export type PanelClient = TRPCClient<AppRouter>;

/** A client of the panel's API acting as the token (its actions are recorded as `token:<name>`). */
export function createPanelClient({ url, token, maxBatch = 25 }: PanelClientOptions): PanelClient {
  const base = `${url.replace(/\/+$/, '')}/trpc`;
  const authorization = `Bearer ${token}`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: base,
          // Node has no EventSource of its own; this one lets the token ride in a header.
          EventSource,
          eventSourceOptions: async () => ({
            fetch: (input: string | URL | Request, init?: RequestInit) =>
              fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), authorization } }),
          }),
        }),
        false: httpBatchLink({ url: base, headers: { authorization }, maxItems: Math.min(25, maxBatch) }),
      }),
    ],
  });
}
