import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, type CookieOptions } from './session';
import { parseBffEnv, type BffEnv } from './env';
import { createAppState, createContext, type AppState } from './context';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';

const createCaller = createCallerFactory(appRouter);

/** What the test caller's "browser" holds: cookie values with the options they were set with. */
export type CookieJar = Map<string, { value: string; options?: CookieOptions }>;

/**
 * A server-side caller of the real router for tests (STYLE 22), signed in with the given
 * gateway tokens as if the browser had sent its cookies. `gatewayUrl` is a real gateway.
 * Cookies the procedures set or clear land in `jar`; pass the same `state` to several callers
 * to share the BFF's refresh flights and sign-in limits as one BFF instance would.
 */
export interface TestCallerOptions {
  gatewayUrl: string;
  access?: string;
  refresh?: string;
  roles?: string[];
  env?: Partial<BffEnv>;
  jar?: CookieJar;
  state?: AppState;
  clientIp?: string;
}

export function createTestCaller(options: TestCallerOptions) {
  return createTestSession(options).caller;
}

/** Like `createTestCaller`, and also gives the cookie jar and the context the caller ran with. */
export function createTestSession(options: TestCallerOptions) {
  const env = { ...parseBffEnv({ GATEWAY_URL: options.gatewayUrl, LOG_LEVEL: 'silent' }), ...options.env };
  const jar: CookieJar = options.jar ?? new Map();
  if (options.access) jar.set(ACCESS_COOKIE, { value: JSON.stringify({ access: options.access, roles: options.roles ?? [] }) });
  if (options.refresh) jar.set(REFRESH_COOKIE, { value: JSON.stringify({ refresh: options.refresh }) });
  const cookies = Object.fromEntries([...jar].map(([name, cookie]) => [name, cookie.value]));
  const req = { cookies, headers: {}, ip: options.clientIp ?? '127.0.0.1' } as unknown as FastifyRequest;
  const res = {
    setCookie: (name: string, value: string, cookieOptions: CookieOptions) => {
      jar.set(name, { value, options: cookieOptions });
      return res;
    },
    clearCookie: (name: string) => {
      jar.delete(name);
      return res;
    },
    header: () => res,
  } as unknown as FastifyReply;
  const ctx = createContext(env, options.state ?? createAppState(env), { req, res });
  return { caller: createCaller(ctx), jar, ctx };
}
