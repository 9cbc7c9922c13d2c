import { TRPCClientError } from '@trpc/client';
import { isRetryingSlowly, reconnectDelayMs } from './reconnect';
import type { LiveLink } from './live-link';

// What the account-status check (`auth.session`) means for the screen (issue 28). Only an
// answer signs the browser out: the BFF's `null`, or a 401. A check that got no answer (the BFF
// down: the browser's "Failed to fetch") or a 5xx (the BFF answering 502/504 with the gateway
// down) says nothing about the session: the screen stays with what it has, says the connection
// is lost, and the check is tried again at the live links' pace until the server is back.

const httpStatusOf = (error: unknown) =>
  error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;

/** The server answered that this browser holds no session. */
export function isSignedOutAnswer(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  return httpStatusOf(error) === 401 || (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
}

/** The check failed for want of a server (no answer, or a 5xx), not because of the session. */
export function isConnectionFailure(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  const status = httpStatusOf(error);
  return status === undefined ? !(error instanceof TRPCClientError && error.shape) : status >= 500;
}

/**
 * The session query's retry: for as long as the server is away, never for an answer. An
 * answered check (4xx) is final; the screen acts on it.
 */
export const sessionRetry = (_failures: number, error: unknown) => isConnectionFailure(error);

/** The reconnect policy's delays: five attempts a second apart, then slower, never giving up. */
export const sessionRetryDelay = (failures: number) => reconnectDelayMs(failures);

/** The part of a TanStack query's state the gate decides on. */
export interface SessionQueryState<S> {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: S | null | undefined;
  error: unknown;
  failureReason: unknown;
  failureCount: number;
  dataUpdatedAt: number;
}

export type SessionView<S> =
  /** Nothing known yet, the first check under way (spec §2's overlay). */
  | { kind: 'checking' }
  | { kind: 'signed-out' }
  /** Nothing known and the server does not answer: the check goes on by itself. */
  | { kind: 'unreachable'; link: LiveLink }
  /** The server answered the check with an error that is not about the session (a 4xx). */
  | { kind: 'failed'; error: unknown }
  /** A session; `lost` while its re-check cannot reach the server (the screen stays as it is). */
  | { kind: 'signed-in'; session: S; lost: LiveLink | null };

/** The connection state a screen shows, as the live screens show theirs. */
const linkOf = (failures: number, syncedAt: number): LiveLink => ({
  status: isRetryingSlowly(failures) ? 'retrying' : 'reconnecting',
  lastSyncedAt: syncedAt > 0 ? syncedAt : null,
});

export function sessionView<S>(query: SessionQueryState<S>): SessionView<S> {
  const failure = query.status === 'error' ? query.error : query.failureReason;
  if (isSignedOutAnswer(failure)) return { kind: 'signed-out' };
  const away = isConnectionFailure(failure) || query.fetchStatus === 'paused';
  if (query.data) return { kind: 'signed-in', session: query.data, lost: away ? linkOf(query.failureCount, query.dataUpdatedAt) : null };
  if (query.status === 'success') return { kind: 'signed-out' };
  if (query.status === 'error' && !isConnectionFailure(query.error)) return { kind: 'failed', error: query.error };
  return away ? { kind: 'unreachable', link: linkOf(query.failureCount, 0) } : { kind: 'checking' };
}
