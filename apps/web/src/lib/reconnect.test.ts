import { describe, expect, it } from 'vitest';
import { QUICK_ATTEMPTS, isRetryingSlowly, reconnectDelayMs } from './reconnect';

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
