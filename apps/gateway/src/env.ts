import { z } from 'zod';
import { OPERATIONS_ENV } from '@panel/observability';

/** Secrets that were ever written in this repository: anyone can sign tokens with them. */
const PUBLISHED_SECRETS = new Set([
  'dev-only-secret-change-me-in-production-0123456789',
  'e2e-only-secret-for-the-panel-end-to-end-specs-0123456789',
]);

const EnvSchema = z.object({
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  DATABASE_URL: z.string().url().optional(),
  GATEWAY_DATA_DIR: z.string().default('.data/gateway'),
  /** On PGlite, VACUUM (ANALYZE) at boot and then every this many seconds (its autovacuum); 0: never (tests). */
  PGLITE_UPKEEP_SECONDS: z.coerce.number().int().min(0).default(600),
  /** Signs the tokens (HS256). No default: `npm start` generates one under `.data/`, tests make their own. */
  JWT_SECRET: z.string({ error: 'JWT_SECRET is required (npm start generates one under .data/)' }).min(32, { error: 'JWT_SECRET must be at least 32 characters' }),
  NODE_ENV: z.string().default('development'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 24 * 7),
  HOLD_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** Where payment links sent to customers point (recorded in the outbox, never sent). */
  PAYMENT_LINK_BASE_URL: z.string().url().default('https://pay.example.com'),
  SEED_EXPERTS: z.coerce.number().int().min(0).default(300),
  SEED_ORDERS: z.coerce.number().int().min(0).default(600),
  SEED_CONCIERGE_SALES: z.coerce.number().int().min(0).default(240),
  /** Demo buyers' offers on seeded sales on offer, one every so many seconds; 0 turns it off (tests). */
  CONCIERGE_OFFER_TRICKLE_SECONDS: z.coerce.number().int().min(0).default(40),
  SEED_CAR_POSTS: z.coerce.number().int().min(0).default(120),
  /** The sale team's demo tickets (/panel/sell-tickets); 100,000 for the list benchmark. */
  SEED_SELL_TICKETS: z.coerce.number().int().min(0).default(160),
  /** Hand-written SMS in the demo's SMS history (notifications). */
  SEED_MANUAL_SMS: z.coerce.number().int().min(0).default(80),
  /** Demo leasing orders (a third delivered, with claims and payments). */
  SEED_LEASING_ORDERS: z.coerce.number().int().min(0).default(60),
  /** Demo affidavits in every state of their table; 100,000 for the list benchmark. */
  SEED_AFFIDAVITS: z.coerce.number().int().min(0).default(80),
  /** Demo content items of the content section (/panel/cms) in every publish state. */
  SEED_CMS_CONTENTS: z.coerce.number().int().min(0).default(40),
  /** Demo NPS survey answers (/panel/nps), linked to the seeded orders where there are some. */
  SEED_NPS: z.coerce.number().int().min(0).default(3000),
  /** Demo machine-made texts of AI quality control (/panel/ai-qc), about half waiting for review; 100,000 for the list benchmark. */
  SEED_AI_TEXTS: z.coerce.number().int().min(0).default(2400),
  /** Demo discount codes (/panel/discount) in a few campaigns, some used, some paused; 100,000 for the list benchmark. */
  SEED_DISCOUNTS: z.coerce.number().int().min(0).default(300),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** With the demo seed, a seeded expert answers an open offer every this many seconds (0: never; decision 033). */
  OFFER_DEMO_ANSWERS_SECONDS: z.coerce.number().min(0).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Metrics, readiness's deadline, shedding, the traces' service name (decision 121). */
  ...OPERATIONS_ENV,
});

export type GatewayEnv = z.infer<typeof EnvSchema>;

/** Parses the environment once at boot and names every bad variable. */
export function parseGatewayEnv(source: Record<string, string | undefined> = process.env): GatewayEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid gateway environment:\n${lines.join('\n')}`);
  }
  if (result.data.NODE_ENV === 'production' && PUBLISHED_SECRETS.has(result.data.JWT_SECRET)) {
    throw new Error('Invalid gateway environment:\n  JWT_SECRET: a value published in this repository; set a secret of your own');
  }
  return result.data;
}
