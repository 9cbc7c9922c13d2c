import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';

// Shedding (decision 121): while the event loop lags or memory nears its end, new requests get a
// 503 at once, in the app's Persian error shape and with Retry-After, instead of waiting in a
// queue the process cannot drain (the browser's call would time out, and the process could fall
// over). Liveness and the metrics still answer, so the operators see why.

/** What a shed request is told (the web shows its connection message for the 503). */
export const OVERLOADED_MESSAGE = 'سرور در حال حاضر بیش از توان خود درخواست دارد. لطفا چند لحظه دیگر دوباره تلاش کنید.';

export interface SheddingLimits {
  /** Mean event loop delay (ms) over a sample above which requests are shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Event loop utilization (0-1) above which requests are shed; 0: not checked. */
  maxEventLoopUtilization: number;
  /** Heap in use (bytes) above which requests are shed; 0: 90% of V8's heap limit. */
  maxHeapUsedBytes: number;
  /** Resident memory (bytes) above which requests are shed; 0: not checked. */
  maxRssBytes: number;
  /** How often the loop and memory are sampled (ms). */
  sampleIntervalMs: number;
}

export interface SheddingOptions extends SheddingLimits {
  /** The Persian 503 body in the app's error shape. */
  body: unknown;
  /** Paths answered even under pressure (liveness, metrics). */
  exempt: ReadonlySet<string>;
  /** Told of each shed request (a metric). */
  onShed?: (reason: string) => void;
  retryAfterSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Why a request would be shed now (`eventLoopDelay`, `heapUsedBytes`, ...), or undefined: for
     * what does not pass the request hooks, such as a websocket upgrade taken off them.
     */
    pressure(): string | undefined;
  }
}

/** The Retry-After (seconds) of a shed request unless the options say otherwise. */
export const SHED_RETRY_AFTER_SECONDS = 5;

/** What 0 for the heap means: most of the heap V8 will give before it aborts the process. */
export const defaultHeapLimit = () => Math.floor(getHeapStatistics().heap_size_limit * 0.9);

export async function shedUnderPressure(app: FastifyInstance, options: SheddingOptions): Promise<void> {
  const retryAfter = options.retryAfterSeconds ?? SHED_RETRY_AFTER_SECONDS;
  // The app's own build (registering every route, synchronously) stalls the loop the monitor has
  // just started watching: its first samples tell of the boot, not of load. Armed two samples
  // after the app is ready.
  let armed = false;
  app.addHook('onReady', async () => {
    setTimeout(() => (armed = true), options.sampleIntervalMs * 2).unref();
  });
  const maxHeapUsedBytes = options.maxHeapUsedBytes || defaultHeapLimit();
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxEventLoopUtilization: options.maxEventLoopUtilization,
    maxHeapUsedBytes,
    maxRssBytes: options.maxRssBytes,
    sampleInterval: options.sampleIntervalMs,
    retryAfter,
    // A request it does not answer goes on as usual (the exempt paths).
    pressureHandler: (request, reply, type) => {
      if (!armed || options.exempt.has(request.url.split('?', 1)[0]!)) return;
      options.onShed?.(type);
      void reply.status(503).header('retry-after', String(retryAfter)).send(options.body);
    },
  });
  // The request hook's checks in its order, on the same samples (0 leaves a limit unchecked).
  app.decorate('pressure', () => {
    if (!armed) return undefined;
    const now = app.memoryUsage();
    if (options.maxEventLoopDelayMs > 0 && now.eventLoopDelay > options.maxEventLoopDelayMs) return 'eventLoopDelay';
    if (now.heapUsed > maxHeapUsedBytes) return 'heapUsedBytes';
    if (options.maxRssBytes > 0 && now.rssBytes > options.maxRssBytes) return 'rssBytes';
    if (options.maxEventLoopUtilization > 0 && now.eventLoopUtilized > options.maxEventLoopUtilization) return 'eventLoopUtilization';
    return undefined;
  });
}
