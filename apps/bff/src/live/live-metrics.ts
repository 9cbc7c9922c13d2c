import { Counter, Histogram } from '@panel/observability';
import { registry } from '../metrics';

// The live kit's counters (decision 121, decision 062): every declared feed gets them by its
// `name`, from the hub and the subscription, without a line in the module. Counted per delta
// and per subscription, never per browser per delta, so the fan-out stays as it was.

/** Items changed upstream, as they enter a topic (its rate: changes per second). */
export const liveChanges = new Counter({
  name: 'panel_bff_live_changes_total',
  help: 'Changed items received from the gateway live streams, by feed',
  labelNames: ['feed'] as const,
  registers: [registry],
});

/** How long one delta's fan-out to every subscriber of its topic held the event loop. */
export const liveFanout = new Histogram({
  name: 'panel_bff_live_fanout_seconds',
  help: 'Time one delta took to reach every subscriber of its topic (the event loop is held that long), by feed',
  labelNames: ['feed'] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  registers: [registry],
});

/**
 * A browser came back with its last event id: `replay` when the ring still held what it missed
 * (exact catch-up), `snapshot` when it did not (too old, or a new upstream session) and it got a
 * fresh snapshot instead.
 */
export const liveResumes = new Counter({
  name: 'panel_bff_live_resumes_total',
  help: 'Browsers that reconnected with their last event id, by feed and outcome (replay from the ring, or snapshot fallback)',
  labelNames: ['feed', 'outcome'] as const,
  registers: [registry],
});

/** A new upstream session of a topic: every watching browser starts again from a snapshot. */
export const liveUpstreamResets = new Counter({
  name: 'panel_bff_live_upstream_sessions_total',
  help: 'Upstream sessions begun (first connection or reconnection to the gateway), by feed; each sends its browsers a snapshot',
  labelNames: ['feed'] as const,
  registers: [registry],
});

/** A browser too slow for its send buffer, dropped (it recovers by replay). */
export const liveDropped = new Counter({
  name: 'panel_bff_live_dropped_total',
  help: 'Slow browsers dropped past their send buffer, by feed',
  labelNames: ['feed'] as const,
  registers: [registry],
});

/**
 * Replicas sharing Redis (decision 129): from the holder's append of a change to the stream until
 * a replica's feed has it (every replica, the holder's own included): the delay the Redis hop adds.
 */
export const liveRedisHop = new Histogram({
  name: 'panel_bff_live_redis_hop_seconds',
  help: 'Replicas sharing Redis: time from the lease holder appending a change to the stream until this replica read it, by feed',
  labelNames: ['feed'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/**
 * A subscription's start, from the call reaching the kit: until the gateway confirmed the session
 * (`session`, decision 014's check) and until its first event was ready (`first_event`, the
 * snapshot or the replay). A reconnect storm shows here where a browser's wait goes.
 */
export const liveStart = new Histogram({
  name: 'panel_bff_live_start_seconds',
  help: 'Time from a live subscription reaching the kit until its session was confirmed (stage session) and until its first event (stage first_event), by feed',
  labelNames: ['feed', 'stage'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
