import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { isConnectionFailure, sessionView, type SessionQueryState } from './session-check';
import { queryClient, trpc } from './trpc';

// Issue 28: a dispatcher's sheet became «وضعیت حساب کاربری بررسی نشد» for good after a short
// outage, because the session check failed like any query (two retries, then an error state).

const noAnswer = () => TRPCClientError.from(new TypeError('Failed to fetch'));
const answered = (httpStatus: number, code: string) =>
  TRPCClientError.from({ error: { message: 'پیام', code: -32603, data: { code, httpStatus } } } as never);
const SESSION = { user: { full_name: 'سارا محمدی' }, roles: ['backoffice#staff'] };

const state = (over: Partial<SessionQueryState<typeof SESSION>>): SessionQueryState<typeof SESSION> => ({
  status: 'success',
  fetchStatus: 'idle',
  data: SESSION,
  error: null,
  failureReason: null,
  failureCount: 0,
  dataUpdatedAt: 1_000,
  ...over,
});

describe('what a failed session check means', () => {
  it('no answer, or a 5xx from the BFF with the gateway down, is a lost connection; an answer is not', () => {
    expect(isConnectionFailure(noAnswer())).toBe(true);
    expect(isConnectionFailure(answered(502, 'BAD_GATEWAY'))).toBe(true);
    expect(isConnectionFailure(answered(504, 'GATEWAY_TIMEOUT'))).toBe(true);
    expect(isConnectionFailure(answered(401, 'UNAUTHORIZED'))).toBe(false);
    expect(isConnectionFailure(answered(429, 'TOO_MANY_REQUESTS'))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });

  it('keeps a shown panel signed in while its re-check cannot reach the server, saying so', () => {
    const retrying = sessionView(state({ fetchStatus: 'fetching', failureReason: noAnswer(), failureCount: 3 }));
    expect(retrying).toEqual({ kind: 'signed-in', session: SESSION, lost: { status: 'reconnecting', lastSyncedAt: 1_000 } });
    const failedLong = sessionView(state({ status: 'error', error: answered(502, 'BAD_GATEWAY'), failureReason: answered(502, 'BAD_GATEWAY'), failureCount: 9 }));
    expect(failedLong).toMatchObject({ kind: 'signed-in', lost: { status: 'retrying' } });
    expect(sessionView(state({ fetchStatus: 'paused' }))).toMatchObject({ kind: 'signed-in', lost: { status: 'reconnecting' } });
    expect(sessionView(state({}))).toEqual({ kind: 'signed-in', session: SESSION, lost: null });
  });

  it('signs out only on an answer: null, or a 401', () => {
    expect(sessionView(state({ data: null }))).toEqual({ kind: 'signed-out' });
    const refused = answered(401, 'UNAUTHORIZED');
    expect(sessionView(state({ status: 'error', error: refused, failureReason: refused }))).toEqual({ kind: 'signed-out' });
  });

  it('with nothing known yet: the overlay while checking, the connection state when the server is away, the message of any other answer', () => {
    const first = { status: 'pending', data: undefined, dataUpdatedAt: 0 } as const;
    expect(sessionView(state({ ...first, fetchStatus: 'fetching' }))).toEqual({ kind: 'checking' });
    expect(sessionView(state({ ...first, fetchStatus: 'fetching', failureReason: noAnswer(), failureCount: 1 }))).toEqual({
      kind: 'unreachable',
      link: { status: 'reconnecting', lastSyncedAt: null },
    });
    const limited = answered(429, 'TOO_MANY_REQUESTS');
    expect(sessionView(state({ ...first, status: 'error', error: limited, failureReason: limited }))).toEqual({ kind: 'failed', error: limited });
  });
});

describe("the panel's session check through a 15-second outage", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('keeps its session and never fails while the server is away, and comes back by itself', async () => {
    let serverBack = false;
    let attempts = 0;
    const queryKey = trpc.auth.session.queryKey();
    queryClient.setQueryData(queryKey, SESSION as never);
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: async () => {
        attempts += 1;
        if (!serverBack) throw attempts % 2 ? noAnswer() : answered(502, 'BAD_GATEWAY');
        return SESSION as never;
      },
      staleTime: 0,
    });
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.status));
    // Subscribing to a stale session checks it, as a drawer mounting on the sheet does.

    await vi.advanceTimersByTimeAsync(15_000);
    expect(observer.getCurrentResult().status).toBe('success');
    expect(observer.getCurrentResult().data).toEqual(SESSION);
    expect(sessionView(observer.getCurrentResult())).toMatchObject({ kind: 'signed-in', lost: { status: 'retrying' } });
    expect(attempts).toBeGreaterThan(3);

    serverBack = true;
    // The slow backoff's next turn is at most 30 s away.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sessionView(observer.getCurrentResult())).toEqual({ kind: 'signed-in', session: SESSION, lost: null });
    expect(seen).not.toContain('error');
    unsubscribe();
  });

  it('stops at once on an answer that signs out', async () => {
    const queryKey = trpc.auth.session.queryKey();
    queryClient.setQueryData(queryKey, SESSION as never);
    let attempts = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: async () => {
        attempts += 1;
        throw answered(401, 'UNAUTHORIZED');
      },
      staleTime: 0,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // Subscribing to a stale session checks it, as a drawer mounting on the sheet does.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toBe(1);
    expect(sessionView(observer.getCurrentResult())).toEqual({ kind: 'signed-out' });
    unsubscribe();
  });
});
