import { describe, expect, it } from 'vitest';
import { QUICK_ATTEMPTS, connectivityAwareDelay, isRetryingSlowly, reconnectDelayMs } from './reconnect';

describe('reconnect policy (spec §7/§9)', () => {
  it('makes the five attempts of the spec 1000 ms apart', () => {
    expect(Array.from({ length: QUICK_ATTEMPTS }, (_, k) => reconnectDelayMs(k))).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(isRetryingSlowly(4)).toBe(false);
  });

  it('then backs off, with jitter, up to 30 s, and never stops', () => {
    expect(isRetryingSlowly(5)).toBe(true);
    expect(reconnectDelayMs(5, () => 0)).toBe(1000);
    expect(reconnectDelayMs(5, () => 1)).toBe(2000);
    expect(reconnectDelayMs(6, () => 1)).toBe(4000);
    expect(reconnectDelayMs(50, () => 1)).toBe(30_000);
    expect(reconnectDelayMs(1000, () => 0.5)).toBeLessThanOrEqual(30_000);
  });
});

describe('retry delays that follow connectivity (issue 13)', () => {
  it('after 35 s offline, the first attempt back online is a quick one', () => {
    let online = false;
    const delay = connectivityAwareDelay(() => online, () => 1);
    const offlineDelays = Array.from({ length: 35 }, (_, k) => delay(k));
    expect(offlineDelays.every((d) => d === 1000)).toBe(true);
    online = true;
    expect(delay(35)).toBe(1000);
    // The old policy, counting every attempt, would have waited the whole cap.
    expect(reconnectDelayMs(35, () => 1)).toBe(30_000);
  });

  it('still backs off while a server is unreachable online, and starts over with a new run', () => {
    const delay = connectivityAwareDelay(() => true, () => 1);
    const run = Array.from({ length: 8 }, (_, k) => delay(k));
    expect(run).toEqual([1000, 1000, 1000, 1000, 1000, 2000, 4000, 8000]);
    expect(delay(0)).toBe(1000);
  });
});
