import type { SignInLimiter } from './sign-in-limiter';

/**
 * Until a Redis-backed limiter's connection is up: commands fail fast (and fall back to memory)
 * before, which `unavailable` (its `onUnavailable` reports) shows.
 */
export async function untilConnected(limiter: SignInLimiter, unavailable: unknown[]) {
  const until = Date.now() + 5000;
  for (;;) {
    unavailable.length = 0;
    await limiter.retryAfter('probe');
    if (unavailable.length === 0) return;
    if (Date.now() > until) throw new Error('Redis did not answer');
    await new Promise((r) => setTimeout(r, 50));
  }
}
