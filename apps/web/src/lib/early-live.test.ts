import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptEarly, subscribeEarly } from './early-live';
import type { LiveHandlers } from './live-link';

/** A feed whose events the test sends, and whether it was closed. */
function fakeFeed() {
  const feed = { handlers: null as LiveHandlers | null, closed: false };
  const subscribe = (handlers: LiveHandlers) => {
    feed.handlers = handlers;
    return { unsubscribe: () => void (feed.closed = true) };
  };
  return { feed, subscribe };
}

function recorder() {
  const seen: string[] = [];
  const handlers: LiveHandlers = {
    onData: (value) => seen.push(`data ${String(value)}`),
    onStarted: () => seen.push('started'),
    onConnectionStateChange: (state) => seen.push(`state ${state.state}`),
    onError: () => seen.push('error'),
  };
  return { seen, handlers };
}

describe('a live feed opened before its screen', () => {
  afterEach(() => vi.useRealTimers());

  it('hands what arrived to the screen in order, then passes the rest on as it comes', () => {
    const { feed, subscribe } = fakeFeed();
    subscribeEarly('dispatch:a', subscribe);
    feed.handlers!.onConnectionStateChange({ state: 'pending' });
    feed.handlers!.onStarted();
    feed.handlers!.onData('snapshot');
    const { seen, handlers } = recorder();
    const subscription = adoptEarly('dispatch:a', handlers);
    expect(seen).toEqual(['state pending', 'started', 'data snapshot']);
    feed.handlers!.onData('delta');
    expect(seen.at(-1)).toBe('data delta');
    subscription!.unsubscribe();
    expect(feed.closed).toBe(true);
  });

  it('is taken over once: a second screen, or another key, subscribes itself', () => {
    const { subscribe } = fakeFeed();
    subscribeEarly('dispatch:b', subscribe);
    expect(adoptEarly('dispatch:other', recorder().handlers)).toBeUndefined();
    expect(adoptEarly('dispatch:b', recorder().handlers)).toBeDefined();
    expect(adoptEarly('dispatch:b', recorder().handlers)).toBeUndefined();
  });

  it('is closed when no screen takes it over', () => {
    vi.useFakeTimers();
    const { feed, subscribe } = fakeFeed();
    subscribeEarly('dispatch:c', subscribe);
    vi.advanceTimersByTime(15_000);
    expect(feed.closed).toBe(true);
    expect(adoptEarly('dispatch:c', recorder().handlers)).toBeUndefined();
  });
});
