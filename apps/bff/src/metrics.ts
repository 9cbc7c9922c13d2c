import { Counter, DURATION_BUCKETS, Histogram, createRegistry } from '@panel/observability';

// The BFF's Prometheus metrics (decision 121), served at `/metrics` with METRICS_TOKEN. One
// registry for the process: the live hubs and the refresh flights are the process's too.

export const registry = createRegistry();

/** Every procedure call: its path (`dispatch.cells`), kind, and outcome (`OK` or the tRPC error code). */
export const procedureDuration = new Histogram({
  name: 'panel_bff_procedure_duration_seconds',
  help: 'tRPC procedure calls by procedure, type and outcome code (OK or the tRPC error code)',
  labelNames: ['procedure', 'type', 'code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

/** Refreshes of a session's access token upstream (one per single-flight). */
export const tokenRefreshes = new Counter({
  name: 'panel_bff_token_refreshes_total',
  help: 'Access token refreshes with the gateway: ok, refused (the session ends) or unavailable (gateway unreachable)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Calls refused by a limit: sign-in per account or per address, an API token's calls per minute. */
export const rateLimited = new Counter({
  name: 'panel_bff_rate_limited_total',
  help: 'Requests refused by a rate limit: sign-in-account, sign-in-address, api-token',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** Requests answered 503 at once because the process was under pressure. */
export const shed = new Counter({
  name: 'panel_bff_shed_total',
  help: 'Requests shed with a 503 under pressure, by reason (eventLoopDelay, eventLoopUtilization, heapUsedBytes, rssBytes)',
  labelNames: ['reason'] as const,
  registers: [registry],
});
