import type { FastifyInstance } from 'fastify';
import { buildGateway } from './app';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { seed } from './db/seed';
import type { GatewayDeps } from './deps';
import type { GatewayEnv } from './env';
import { modules } from './modules';
import { createTokens } from './plugins/auth';
import { createPorts } from './ports';

export interface StartedGateway {
  app: FastifyInstance;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds once, builds the app. Used by server.ts and by tests. */
export async function prepareGateway(env: GatewayEnv, options: { db?: Db; schema?: string } = {}): Promise<StartedGateway> {
  const db =
    options.db ?? (await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.GATEWAY_DATA_DIR, schema: options.schema }));
  await migrate(db);
  const tokens = createTokens({
    secret: env.JWT_SECRET,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
  });
  const deps: GatewayDeps = { db, env, tokens, ports: createPorts(db, env) };
  await seed(deps, modules);
  const app = await buildGateway(deps);
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
