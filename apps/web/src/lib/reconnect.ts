// The live links' reconnect policy. Spec §7/§9: five attempts, 1000 ms apart. After those the
// panel keeps trying, more slowly (2 s doubling to 30 s, with jitter so a room of browsers does
// not come back in step), and never gives up: a dispatcher's sheet must come back by itself.

/** Attempts made at the spec's pace before the slower backoff begins. */
export const QUICK_ATTEMPTS = 5;
export const QUICK_DELAY_MS = 1000;
const SLOW_BASE_MS = 2000;
const SLOW_MAX_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based); `random` is for tests. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt < QUICK_ATTEMPTS) return QUICK_DELAY_MS;
  const cap = Math.min(SLOW_MAX_MS, SLOW_BASE_MS * 2 ** (attempt - QUICK_ATTEMPTS));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Whether the policy has moved past the spec's quick attempts. */
export const isRetryingSlowly = (attempt: number) => attempt >= QUICK_ATTEMPTS;

/**
 * The socket's retry delays as the browser's connectivity allows (issue 13: a dispatcher offline
 * for 35 s waited up to 30 s more after the network came back, since every failed attempt while
 * offline had deepened the backoff). While the browser is offline an attempt fails in the
 * browser itself, costing the server nothing: attempts go on every second and do not count. So
 * the first attempt after the network returns comes within a second, at the spec's quick pace;
 * the backoff counts only attempts that reached for a server and failed.
 *
 * `attempt` is the client's index within one reconnect run (0 starts a new run).
 */
export function connectivityAwareDelay(isOnline: () => boolean, random: () => number = Math.random): (attempt: number) => number {
  let counted = 0;
  return (attempt) => {
    if (attempt === 0) counted = 0;
    if (!isOnline()) return QUICK_DELAY_MS;
    const delay = reconnectDelayMs(counted, random);
    counted += 1;
    return delay;
  };
}
