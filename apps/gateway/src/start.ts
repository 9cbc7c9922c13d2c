import type { FastifyInstance } from 'fastify';
import { buildGateway } from './app';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { keepPgliteTidy } from './db/pglite';
import type { GatewayDeps } from './deps';
import type { GatewayEnv } from './env';
import { modules } from './modules';
import { createTokens } from './plugins/auth';
import { createPorts } from './ports';
import { seed } from './seed';
import { tracing } from '@panel/observability';
import { traced } from './db/traced';

export interface StartedGateway {
  app: FastifyInstance;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds once, builds the app. Used by server.ts and by tests. */
export async function prepareGateway(env: GatewayEnv, options: { db?: Db; schema?: string } = {}): Promise<StartedGateway> {
  const opened =
    options.db ?? (await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.GATEWAY_DATA_DIR, schema: options.schema }));
  // With tracing on, each statement is a span of its request's trace (decision 121).
  const db = tracing() ? traced(opened) : opened;
  const deps = await migrateAndSeed(db, env);
  const app = await buildGateway(deps);
  const stopUpkeep =
    db.driver === 'pglite' && env.PGLITE_UPKEEP_SECONDS > 0
      ? keepPgliteTidy(
          db,
          env.PGLITE_UPKEEP_SECONDS * 1000,
          (ms) => app.log.info({ ms }, 'pglite vacuum and analyze'),
          (error) => app.log.warn({ err: error }, 'pglite vacuum failed'),
        )
      : () => undefined;
  return {
    app,
    deps,
    close: async () => {
      stopUpkeep();
      await app.close();
      await db.close();
    },
  };
}

/** Migrates `db` and seeds what `env` asks for (each part once per database); the gateway's dependencies on it. */
export async function migrateAndSeed(db: Db, env: GatewayEnv): Promise<GatewayDeps> {
  await migrate(db);
  const tokens = createTokens({
    secret: env.JWT_SECRET,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
  });
  const deps: GatewayDeps = { db, env, tokens, ports: createPorts(db, env) };
  await seed(deps, modules);
  return deps;
}
