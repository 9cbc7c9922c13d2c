import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { shutdownHubs } from './live/live-hub';
import { ACCESS_COOKIE, REFRESH_COOKIE, type CookieOptions } from './session';
import { parseBffEnv, type BffEnv } from './env';
import { createAppState, createContext, type AppState } from './context';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';
import { createSealer } from './session-seal';
import { ROLES } from '@panel/contracts/common';
import type { SeedProfile, TestGatewayOverrides } from '@panel/gateway/testing';

const createCaller = createCallerFactory(appRouter);

/** Tests seal cookies with a known key so several callers (replicas) share sessions. */
export const TEST_SESSION_SECRET = 'test-only-session-secret-0123456789abcdef';

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
  const env = { ...parseBffEnv({ GATEWAY_URL: options.gatewayUrl, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET }), ...options.env };
  const state = options.state ?? createAppState(env);
  const jar: CookieJar = options.jar ?? new Map();
  // Tokens handed in are sealed as the BFF would have sealed them at sign-in.
  const cookies = (async () => {
    if (options.access) jar.set(ACCESS_COOKIE, { value: await state.sealer.seal(ACCESS_COOKIE, { access: options.access, roles: options.roles ?? [] }) });
    if (options.refresh) jar.set(REFRESH_COOKIE, { value: await state.sealer.seal(REFRESH_COOKIE, { refresh: options.refresh }) });
    return Object.fromEntries([...jar].map(([name, cookie]) => [name, cookie.value]));
  })();
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
  const ctx = createContext(env, state, { req, res });
  return { caller: createCaller(ctx), jar, ctx };
}

/** The BFF's environment for a test server: a known session key, so `sealedCookieHeader` fits it. */
export function testBffEnv(source: Record<string, string | undefined>): BffEnv {
  // No shedding for a stalled loop unless a test asks: other tests' seeding stalls this process's loop.
  return parseBffEnv({ LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET, SHED_MAX_EVENT_LOOP_DELAY_MS: '0', ...source });
}

/** A `cookie` header holding these tokens sealed as the BFF of `testBffEnv` seals them at sign-in. */
export async function sealedCookieHeader(tokens: { access: string; refresh: string; roles?: string[] }): Promise<string> {
  const sealer = createSealer(TEST_SESSION_SECRET);
  const access = await sealer.seal(ACCESS_COOKIE, { access: tokens.access, roles: tokens.roles ?? [] });
  const refresh = await sealer.seal(REFRESH_COOKIE, { refresh: tokens.refresh });
  return `${ACCESS_COOKIE}=${encodeURIComponent(access)}; ${REFRESH_COOKIE}=${encodeURIComponent(refresh)}`;
}

/** What a browser on the panel's own page sends with a websocket upgrade to `wsUrl`. */
export function browserUpgradeHeaders(wsUrl: string, cookie: string): Record<string, string> {
  return { cookie, origin: new URL(wsUrl.replace(/^ws/, 'http')).origin };
}

/**
 * A real gateway listening on a loopback port, for a BFF under test, holding the `seed` profile.
 * On the PostgreSQL server when the run has one (CI does): the gateway's queries then run in the
 * server's processes, not in this worker's event loop beside the BFF under test (PGlite is WASM
 * in-process), and a copy of the seeded database takes ~0.3 s of CPU against ~2 s. The gateway's
 * own tests keep covering PGlite (decision 125).
 */
export async function startGatewayForBff(seed: SeedProfile, overrides?: TestGatewayOverrides, usePostgres = Boolean(process.env.TEST_DATABASE_URL)) {
  const { startTestGateway } = await import('@panel/gateway/testing');
  return startTestGateway(overrides, { listen: true, seed, usePostgres });
}

/**
 * A real gateway and a real BFF listening on loopback ports, serving a stand-in page as the
 * built web app: for tests of what crosses HTTP and websockets (headers, cookies, paths). Its
 * gateway holds the `small` seed profile unless `seed` says otherwise.
 */
export async function startTestPanel(options: { env?: Record<string, string>; gateway?: TestGatewayOverrides; seed?: SeedProfile; usePostgres?: boolean } = {}) {
  const { buildBff } = await import('./app');
  const gateway = await startGatewayForBff(options.seed ?? 'small', options.gateway, options.usePostgres);
  const webDist = mkdtempSync(join(tmpdir(), 'panel-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>');
  writeFileSync(join(webDist, 'app.js'), 'document.getElementById("root").textContent = "پنل";');
  const bff = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, GATEWAY_WS_URL: gateway.wsUrl, WEB_DIST: webDist, ...options.env }));
  const url = await bff.listen({ host: '127.0.0.1', port: 0 });
  /** Signs in through the BFF as the browser's form does; gives the cookie header the BFF set. */
  async function signIn(username: string, password: string): Promise<string> {
    const response = await fetch(`${url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-panel-request': '1' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  }
  return {
    gateway,
    bff,
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/trpc`,
    signIn,
    async close() {
      shutdownHubs(gateway.wsUrl);
      await bff.close();
      await gateway.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** What a sealed session cookie of `testBffEnv`'s BFF holds (tests read the tokens it stored). */
export async function openSealedCookie<T>(name: typeof ACCESS_COOKIE | typeof REFRESH_COOKIE, value: string): Promise<T> {
  const opened = await createSealer(TEST_SESSION_SECRET).open(name, value);
  if (opened === undefined) throw new Error(`the ${name} cookie was not sealed by the test key`);
  return opened as T;
}

/** The part of a started test gateway (`@panel/gateway/testing`) that signs users in. */
export interface SigningGateway {
  url: string;
  deps: { tokens: { signAccess(user: TestUser, roles: string[]): Promise<string>; signRefresh(userId: number, jti: string): Promise<string> } };
}

export interface TestUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

export const TEST_STAFF: TestUser = { id: 5, username: 'neda', first_name: 'ندا', last_name: 'قاسمی' };
export const TEST_VIEWER: TestUser = { id: 3, username: 'viewer', first_name: 'مهمان', last_name: 'پنل' };

/** A caller signed in to `gateway` as `user` with `roles`, with tokens the gateway itself signed. */
export async function callerAs(gateway: SigningGateway, user: TestUser, roles: string[], options: Partial<TestCallerOptions> = {}) {
  return createTestCaller({
    ...options,
    gatewayUrl: gateway.url,
    access: await gateway.deps.tokens.signAccess(user, roles),
    refresh: await gateway.deps.tokens.signRefresh(user.id, `test-${user.id}`),
    roles,
  });
}

/** A member of staff (`backoffice#staff`): what most procedures need. */
export const staffCaller = (gateway: SigningGateway, user: TestUser = TEST_STAFF, options?: Partial<TestCallerOptions>) =>
  callerAs(gateway, user, [ROLES.staff], options);

/** Signed in without the staff role: what the role checks must refuse (or allow, for open pages). */
export const viewerCaller = (gateway: SigningGateway, roles: string[] = [ROLES.follower], user: TestUser = TEST_VIEWER) => callerAs(gateway, user, roles);

/** Deletes a test's Redis keys (its own prefix) when it ends: the tests share the machine's Redis. */
export async function dropTestRedisKeys(url: string, prefix: string): Promise<void> {
  const admin = new Redis(url);
  try {
    const found = await admin.keys(`${prefix}*`);
    if (found.length > 0) await admin.del(...found);
  } finally {
    admin.disconnect();
  }
}
