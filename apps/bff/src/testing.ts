import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, readSession } from './session';
import { parseBffEnv, type BffEnv } from './env';
import { createGatewayClient } from './gateway/gateway-client';
import type { Context } from './context';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';

const createCaller = createCallerFactory(appRouter);

/**
 * A server-side caller of the real router for tests (STYLE 22), signed in with the given
 * gateway tokens as if the browser had sent its cookies. `gatewayUrl` is a real gateway.
 */
export function createTestCaller(options: { gatewayUrl: string; access?: string; refresh?: string; env?: Partial<BffEnv> }) {
  const env = { ...parseBffEnv({ GATEWAY_URL: options.gatewayUrl, LOG_LEVEL: 'silent' }), ...options.env };
  const cookies: Record<string, string> = {};
  if (options.access) cookies[ACCESS_COOKIE] = options.access;
  if (options.refresh) cookies[REFRESH_COOKIE] = options.refresh;
  const req = { cookies, headers: {} } as unknown as FastifyRequest;
  const res = { setCookie: () => res, clearCookie: () => res, header: () => res } as unknown as FastifyReply;
  const session = readSession(req);
  const ctx: Context = { req, res, env, session, gateway: createGatewayClient(env.GATEWAY_URL, session) };
  return createCaller(ctx);
}
