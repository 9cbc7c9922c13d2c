import type { LiveHandlers } from './live-link';

// A live feed subscribed before its screen has rendered (issue 36, decision 142): a page's first
// calls (app/first-calls.ts) open it as soon as they know its key, so the socket, the BFF's check
// and the snapshot overlap the screen's first render instead of following it. What arrives before
// the screen's live link takes it over is kept and handed over in order.

/** A feed nobody took over within this time is closed (the screen never came). */
const UNCLAIMED_MS = 15_000;

type Call = { [K in keyof LiveHandlers]: [K, Parameters<LiveHandlers[K]>] }[keyof LiveHandlers];

interface Early {
  subscription: { unsubscribe(): void };
  /** What arrived before the take-over, in order. */
  received: Call[];
  /** The screen's handlers, once it took the feed over. */
  handlers: LiveHandlers | null;
  timer: ReturnType<typeof setTimeout>;
}

const waiting = new Map<string, Early>();

const deliver = (handlers: LiveHandlers, [name, args]: Call) => (handlers[name] as (...a: typeof args) => void)(...args);

/** Opens the feed of `key` now, unless one waits already; its events wait for `adoptEarly`. */
export function subscribeEarly(key: string, subscribe: (handlers: LiveHandlers) => { unsubscribe(): void }): void {
  if (waiting.has(key)) return;
  const feed: Early = { subscription: { unsubscribe: () => {} }, received: [], handlers: null, timer: setTimeout(() => close(key, feed), UNCLAIMED_MS) };
  const pass =
    <K extends keyof LiveHandlers>(name: K) =>
    (...args: Parameters<LiveHandlers[K]>) => {
      const call = [name, args] as Call;
      if (feed.handlers) deliver(feed.handlers, call);
      else feed.received.push(call);
    };
  waiting.set(key, feed);
  feed.subscription = subscribe({ onData: pass('onData'), onStarted: pass('onStarted'), onConnectionStateChange: pass('onConnectionStateChange'), onError: pass('onError') });
}

function close(key: string, feed: Early): void {
  if (waiting.get(key) === feed) waiting.delete(key);
  feed.subscription.unsubscribe();
}

/**
 * Takes over the feed opened early for `key`, if one waits: what it received so far is delivered
 * to `handlers` at once, in order, and everything after as it comes. Undefined when none waits
 * (the screen subscribes itself).
 */
export function adoptEarly(key: string, handlers: LiveHandlers): { unsubscribe(): void } | undefined {
  const feed = waiting.get(key);
  if (!feed) return undefined;
  waiting.delete(key);
  clearTimeout(feed.timer);
  feed.handlers = handlers;
  for (const call of feed.received.splice(0)) deliver(handlers, call);
  return feed.subscription;
}
