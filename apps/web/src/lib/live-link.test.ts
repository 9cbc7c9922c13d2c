import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveLink, type LiveHandlers } from './live-link';
import { reconnectDelayMs } from './reconnect';

afterEach(() => vi.useRealTimers());

type Event = { type: 'snapshot' } | { type: 'delta' };

/** A feed the test drives: each subscription's handlers, in order. */
function feed() {
  const subscriptions: LiveHandlers[] = [];
  const subscribe = (_lastEventId: string | null, handlers: LiveHandlers) => {
    subscriptions.push(handlers);
    return { unsubscribe: () => {} };
  };
  return { subscriptions, subscribe, last: () => subscriptions.at(-1)! };
}

describe('the live light', () => {
  it('says live once the first snapshot is in, not when the stream starts or the upstream is live', () => {
    const { subscribe, last } = feed();
    const { result } = renderHook(() => useLiveLink<Event>('key', subscribe, () => true));
    expect(result.current.status).toBe('connecting');
    act(() => last().onStarted());
    act(() => last().onData({ type: 'status', upstream: 'live' }));
    expect(result.current).toEqual({ status: 'connecting', lastSyncedAt: null });
    act(() => last().onData({ id: '1', data: { type: 'snapshot' } }));
    expect(result.current.status).toBe('live');
    expect(result.current.lastSyncedAt).not.toBeNull();
  });

  it('says live again as soon as a stream that was in step resumes (the BFF replays what was missed)', () => {
    vi.useFakeTimers();
    const { subscribe, last, subscriptions } = feed();
    const { result } = renderHook(() => useLiveLink<Event>('key', subscribe, () => true));
    act(() => last().onStarted());
    act(() => last().onData({ id: '1', data: { type: 'snapshot' } }));
    act(() => last().onData({ type: 'status', upstream: 'reconnecting' }));
    expect(result.current.status).toBe('reconnecting');
    act(() => last().onData({ type: 'status', upstream: 'live' }));
    expect(result.current.status).toBe('live');
    act(() => last().onData({ type: 'reconnect' }));
    expect(result.current.status).toBe('reconnecting');
    // The restart comes at the policy's first delay: a new subscription, started.
    act(() => vi.advanceTimersByTime(reconnectDelayMs(0)));
    expect(subscriptions).toHaveLength(2);
    act(() => last().onStarted());
    expect(result.current.status).toBe('live');
  });
});
