import type { Db } from './db/db';
import type { GatewayEnv } from './env';
import type { Tokens } from './plugins/auth';

/** What every module plugin and seed receives from the app layer. */
export interface GatewayDeps {
  db: Db;
  env: GatewayEnv;
  tokens: Tokens;
}
