import { GatewayError } from './gateway-error';

/** The refresh call of the upstream; the only place that knows its path and payload. */
export const REFRESH_PATH = '/api/auth/token/refresh/';

interface Flight {
  promise: Promise<string>;
  /** The access token this refresh replaced; a 401 on any other token needs a new refresh. */
  replaced: string | undefined;
  settledAt?: number;
}

/**
 * Single-flight refresh per session (spec §4: "one refresh, shared by concurrent requests").
 * A browser's concurrent calls arrive as separate HTTP requests with the same cookies, so the
 * flight is keyed by the refresh token and held by the app, not by a request. A request whose
 * 401 lands just after the flight settled (it left with the old access token) reuses the result
 * for `reuseMs` instead of refreshing again.
 */
export function createTokenRefresher(
  /** Refreshes; `failedAccess` lets replicas sharing Redis hand one refresh's token to each other (session-refresh.ts). */
  refreshCall: (refresh: string, failedAccess: string | undefined) => Promise<{ access: string }>,
  options: { reuseMs?: number; maxEntries?: number; close?: () => Promise<void> } = {},
) {
  const reuseMs = options.reuseMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const flights = new Map<string, Flight>();

  function prune(now: number) {
    for (const [key, flight] of flights) {
      if (flight.settledAt !== undefined && now - flight.settledAt > reuseMs) flights.delete(key);
    }
    // Bounded: under a flood of distinct sessions the oldest entries go first.
    while (flights.size > maxEntries) flights.delete(flights.keys().next().value!);
  }

  return {
    /** A fresh access token for the session whose `failedAccess` the gateway refused. */
    refresh(refresh: string, failedAccess: string | undefined): Promise<string> {
      const now = Date.now();
      prune(now);
      const current = flights.get(refresh);
      if (current && current.replaced === failedAccess) return current.promise;

      const flight: Flight = { replaced: failedAccess, promise: Promise.resolve('') };
      flight.promise = refreshCall(refresh, failedAccess).then(
        ({ access }) => {
          flight.settledAt = Date.now();
          return access;
        },
        (error: unknown) => {
          // A failed refresh is not reused: the next request may try again with new cookies.
          flights.delete(refresh);
          throw error;
        },
      );
      flights.set(refresh, flight);
      return flight.promise;
    },
    get size() {
      return flights.size;
    },
    /** Closes what the refresh shares with other replicas (a Redis connection), if anything. */
    close: options.close ?? (async () => {}),
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;

export function isUnauthorized(error: unknown): error is GatewayError {
  return error instanceof GatewayError && error.status === 401;
}
