import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { BffEnv } from './env';
import { createGatewayClient, type GatewayClient } from './gateway/gateway-client';
import { readSession, type Session } from './session';

export interface Context {
  req: CreateFastifyContextOptions['req'];
  res: CreateFastifyContextOptions['res'];
  env: BffEnv;
  session: Session;
  gateway: GatewayClient;
}

export function contextFactory(env: BffEnv) {
  return ({ req, res }: CreateFastifyContextOptions): Context => {
    const session = readSession(req);
    return { req, res, env, session, gateway: createGatewayClient(env.GATEWAY_URL, session) };
  };
}
