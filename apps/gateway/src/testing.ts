import { randomBytes, randomUUID } from 'node:crypto';
import { parseGatewayEnv, type GatewayEnv } from './env';
import { prepareGateway, type StartedGateway } from './start';

/**
 * A real gateway for tests: PGlite in memory by default, or a fresh schema in the PostgreSQL
 * server of `TEST_DATABASE_URL`. `listen: true` gives it a real port (for the BFF and websockets).
 */
export async function startTestGateway(
  overrides: Partial<Record<keyof GatewayEnv, string>> = {},
  options: { listen?: boolean; usePostgres?: boolean } = {},
): Promise<StartedGateway & { url: string; wsUrl: string }> {
  const databaseUrl = options.usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  const env = parseGatewayEnv({
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_EXPERTS: '40',
    CONCIERGE_OFFER_TRICKLE_SECONDS: '0',
    GATEWAY_PORT: '0',
    // Each test's database is fresh; a vacuum at boot would only slow every test down.
    PGLITE_UPKEEP_SECONDS: '0',
    // The demo's trickle of experts' answers is off in tests unless a test turns it on.
    OFFER_DEMO_ANSWERS_SECONDS: '0',
    ...overrides,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const schema = databaseUrl ? `test_${randomUUID().replaceAll('-', '')}` : undefined;
  const gateway = await prepareGateway(env, databaseUrl ? { schema } : { db: await (await import('./db/pglite')).openPglite() });
  let url = 'http://gateway.invalid';
  if (options.listen) {
    url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  }
  return {
    ...gateway,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    close: async () => {
      await gateway.close();
      if (schema && databaseUrl) {
        const { openPostgres } = await import('./db/postgres');
        const admin = await openPostgres(databaseUrl);
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.close();
      }
    },
  };
}
