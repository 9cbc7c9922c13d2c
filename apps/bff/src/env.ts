import { z } from 'zod';
import { OPERATIONS_ENV } from '@panel/observability';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  BFF_HOST: z.string().default('127.0.0.1'),
  BFF_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /**
   * Connections the kernel holds for the BFF until it accepts them (the listen backlog; the kernel
   * caps it at net.core.somaxconn). Node's 511 overflowed when the browsers of a dead replica all
   * came back at once: each dropped connection retried after 1, 3, 7, 15 s (decision 129).
   */
  BFF_LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4_096),
  GATEWAY_URL: z.string().url().default('http://127.0.0.1:4100'),
  /** Defaults to GATEWAY_URL with ws(s):// */
  GATEWAY_WS_URL: z.string().url().optional(),
  /** A gateway call that has not answered by then fails with a Persian 504. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The built web app to serve; absent in API-only deployments. */
  WEB_DIST: z.string().optional(),
  COOKIE_SECURE: bool.default(false),
  /** Extra origins allowed to open the websocket, comma separated; the BFF's own origin always is. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Failed sign-ins allowed per account in a sliding minute; the next attempt answers 429. */
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins allowed per client address in a sliding minute (an office behind one NAT shares it). */
  SIGN_IN_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Calls one API token (a machine, issue 18) may make in a sliding minute; the next answers 429. */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Behind a reverse proxy: which hops to trust for the client address and scheme (Fastify's
   * `trustProxy`): `true`, or a comma list of the proxies' addresses/CIDRs. Unset: trust none.
   */
  TRUST_PROXY: z.string().optional(),
  /**
   * The key that seals the session cookies (at least 32 characters). `npm start` generates one
   * under `.data/`; in production the BFF refuses to start without it.
   */
  SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' }).optional(),
  NODE_ENV: z.string().default('development'),
  /** Live-sheet events waiting for one browser; past it the browser is dropped and recovers by replay. */
  LIVE_MAX_QUEUED_EVENTS: z.coerce.number().int().positive().default(1024),
  /** Bytes a browser's socket may hold unsent before it counts as too slow (dropped, recovers by replay). */
  LIVE_MAX_UNSENT_BYTES: z.coerce.number().int().positive().default(4 * 1024 * 1024),
  /** Redis shared by BFF replicas (sign-in limits); without it each BFF keeps them in memory. */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('panel:'),
  /**
   * With REDIS_URL, one replica per live topic reads the gateway and holds a lease this long
   * (renewed every third of it); when it dies another takes over within about this (decision 129).
   */
  LIVE_LEASE_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** With REDIS_URL, about how many changes each live topic's Redis stream keeps for exact replay on any replica. */
  LIVE_STREAM_MAXLEN: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The gateway's readiness path: the BFF is ready while it answers 2xx (decision 121). Against a
   * gateway of another make, its own health path.
   */
  GATEWAY_READY_PATH: z.string().startsWith('/').default('/health/ready'),
  ...OPERATIONS_ENV,
});

export type BffEnv = z.infer<typeof EnvSchema> & { GATEWAY_WS_URL: string };

/** Parses the environment once at boot and names every bad variable. */
export function parseBffEnv(source: Record<string, string | undefined> = process.env): BffEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid BFF environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new Error('Invalid BFF environment:\n  SESSION_SECRET: required in production (the key that seals the session cookies)');
  }
  return { ...env, GATEWAY_WS_URL: env.GATEWAY_WS_URL ?? env.GATEWAY_URL.replace(/^http/, 'ws') };
}
