import { z } from 'zod';

/**
 * The operations settings both servers read (decision 121), spread into each app's own
 * environment schema so a bad value is named at boot with the others.
 */
export const OPERATIONS_ENV = {
  /** The bearer token a scraper shows for `/metrics`; unset, `/metrics` is not served at all. */
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  /** How long `/health/ready` waits for its check (the database; the gateway's readiness) before it says not ready. */
  READY_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Shedding: mean event loop delay (ms) over a sample above which requests get a 503; 0 turns it off. */
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(1_000),
  /** Shedding: event loop utilization (0-1) above which requests get a 503; 0 (default) turns it off. */
  SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** Shedding: heap in use (bytes) above which requests get a 503; 0 (default): 90% of V8's heap limit. */
  SHED_MAX_HEAP_BYTES: z.coerce.number().int().min(0).default(0),
  /** Shedding: resident memory (bytes) above which requests get a 503; 0 (default) turns it off. */
  SHED_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  /** How often the event loop and memory are sampled for shedding (ms). */
  SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).default(1_000),
  /** The service's name on its traces (OpenTelemetry's own variable). */
  OTEL_SERVICE_NAME: z.string().optional(),
};

type SheddingEnv = Record<
  'SHED_MAX_EVENT_LOOP_DELAY_MS' | 'SHED_MAX_EVENT_LOOP_UTILIZATION' | 'SHED_MAX_HEAP_BYTES' | 'SHED_MAX_RSS_BYTES' | 'SHED_SAMPLE_INTERVAL_MS',
  number
>;

/** The shedding limits of a parsed environment. */
export const sheddingLimits = (env: SheddingEnv) => ({
  maxEventLoopDelayMs: env.SHED_MAX_EVENT_LOOP_DELAY_MS,
  maxEventLoopUtilization: env.SHED_MAX_EVENT_LOOP_UTILIZATION,
  maxHeapUsedBytes: env.SHED_MAX_HEAP_BYTES,
  maxRssBytes: env.SHED_MAX_RSS_BYTES,
  sampleIntervalMs: env.SHED_SAMPLE_INTERVAL_MS,
});
