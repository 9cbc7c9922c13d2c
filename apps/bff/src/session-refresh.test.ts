import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { ROLES } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { buildBff } from './app';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session';
import { createTestSession, openSealedCookie, sealedCookieHeader, startGatewayForBff, testBffEnv } from './testing';

// Issue 34, decision 129: one refresh per session across BFF replicas sharing Redis. A browser's
// calls with an expired access token land on two replicas at once; the gateway sees one refresh
// and every call goes through with the same new token.

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('token refresh across BFF replicas sharing Redis (issue 34)', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let replicas: Awaited<ReturnType<typeof buildBff>>[] = [];

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
    const shared = { GATEWAY_URL: gateway.url, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test:${randomUUID()}:` };
    replicas = await Promise.all([0, 1].map(() => buildBff(testBffEnv(shared))));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await gateway?.close();
  });

  const refreshCount = async (refresh: string) => {
    const [row] = await gateway.deps.db.query<{ refresh_count: number }>('SELECT refresh_count FROM refresh_tokens WHERE jti = $1', [decodeJwt(refresh).jti]);
    return row!.refresh_count;
  };
  /** A signed-in browser's tokens, with its access token swapped for one that has expired. */
  const expiredSession = async (username: string) => {
    const { caller, jar } = createTestSession({ gatewayUrl: gateway.url });
    await caller.auth.signIn({ username, password: 'staff1234' });
    const { access } = (await openSealedCookie<{ access: string }>(ACCESS_COOKIE, jar.get(ACCESS_COOKIE)!.value));
    const { refresh } = await openSealedCookie<{ refresh: string }>(REFRESH_COOKIE, jar.get(REFRESH_COOKIE)!.value);
    const claims = decodeJwt(access) as { user: object; roles_in_services: string[] };
    const expired = await new SignJWT({ user: claims.user, roles_in_services: claims.roles_in_services, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(gateway.deps.env.JWT_SECRET));
    return { refresh, cookie: await sealedCookieHeader({ access: expired, refresh, roles: [ROLES.staff] }) };
  };
  /** The same call on each replica in turn, `count` in all, at once. */
  const spread = (cookie: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, k) =>
        replicas[k % replicas.length]!.inject({ method: 'GET', url: `/trpc/auth.users?input=${encodeURIComponent('{}')}`, headers: { 'x-panel-request': '1', cookie } }),
      ),
    );

  it('calls on two replicas with an expired token cause one refresh; the replica that lost the race uses the token the other got', async () => {
    const { refresh, cookie } = await expiredSession('staff');
    const before = await refreshCount(refresh);
    const responses = await spread(cookie, 20);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await refreshCount(refresh)) - before).toBe(1);
    const stored = new Set<string>();
    for (const response of responses) {
      const accessCookie = response.cookies.find((c) => c.name === ACCESS_COOKIE)!;
      stored.add((await openSealedCookie<{ access: string }>(ACCESS_COOKIE, accessCookie.value)).access);
    }
    expect(stored.size).toBe(1);
    // Later calls with the old token, on either replica, still get that token without a refresh.
    const later = await spread(cookie, 2);
    expect(later.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await refreshCount(refresh)) - before).toBe(1);
  });

  it('a refresh the gateway refuses signs the browser out on both replicas, with the Persian message', async () => {
    const { refresh, cookie } = await expiredSession('staff2');
    await gateway.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh } });
    const responses = await spread(cookie, 6);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(401));
    for (const response of responses) {
      expect(response.json().error.message).toBe('توکن نامعتبر است یا منقضی شده است!');
      expect(response.body).not.toContain(refresh);
      const cleared = response.cookies.filter((c) => c.name === ACCESS_COOKIE || c.name === REFRESH_COOKIE);
      expect(cleared.map((c) => c.value)).toEqual(['', '']);
    }
  });

  it('with Redis out of reach each replica refreshes on its own, and the calls still go through', async () => {
    const cut = await Promise.all([0, 1].map(() => buildBff(testBffEnv({ GATEWAY_URL: gateway.url, REDIS_URL: 'redis://127.0.0.1:9', REDIS_KEY_PREFIX: `test:${randomUUID()}:` }))));
    try {
      const { refresh, cookie } = await expiredSession('staff');
      const before = await refreshCount(refresh);
      const responses = await Promise.all(
        cut.map((replica) => replica.inject({ method: 'GET', url: `/trpc/auth.users?input=${encodeURIComponent('{}')}`, headers: { 'x-panel-request': '1', cookie } })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const refreshes = (await refreshCount(refresh)) - before;
      expect(refreshes).toBeGreaterThanOrEqual(1);
      expect(refreshes).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all(cut.map((replica) => replica.close()));
    }
  });
});
