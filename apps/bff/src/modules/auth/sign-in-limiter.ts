/**
 * Failed sign-in attempts per client in a sliding minute. Only failures count: a dispatcher
 * who signs in and out all day is never locked out, while guessing passwords is slowed to
 * `perMinute` tries. In memory per BFF instance (DESIGN §8 moves it to Redis for replicas).
 */
export function createSignInLimiter(perMinute: number, options: { windowMs?: number; maxClients?: number } = {}) {
  const windowMs = options.windowMs ?? 60_000;
  const maxClients = options.maxClients ?? 50_000;
  const failures = new Map<string, number[]>();

  const recent = (client: string, now: number) => (failures.get(client) ?? []).filter((at) => now - at < windowMs);

  return {
    /** Milliseconds until the client may try again, or 0 when it may try now. */
    retryAfter(client: string, now = Date.now()): number {
      const times = recent(client, now);
      if (times.length < perMinute) return 0;
      return windowMs - (now - times[times.length - perMinute]!);
    },
    fail(client: string, now = Date.now()): void {
      const times = recent(client, now);
      times.push(now);
      failures.delete(client);
      failures.set(client, times);
      while (failures.size > maxClients) failures.delete(failures.keys().next().value!);
    },
    succeed(client: string): void {
      failures.delete(client);
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
