import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { ROLES, cookieExpiresAt } from '@panel/contracts/common';
import type { startTestGateway } from '@panel/gateway/testing';
import { buildBff } from '../../app';
import { createAppState } from '../../context';
import { parseBffEnv } from '../../env';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../session';
import { createTestCaller, createTestSession, openSealedCookie, sealedCookieHeader, testBffEnv, type CookieJar, startGatewayForBff } from '../../testing';
import { SIGN_IN_RATE_LIMITED_MESSAGE } from '../../messages';
import { untilConnected } from '../../sign-in-limiter.test-support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

describe('auth procedures against a real gateway', () => {
  let gateway: Gateway;

  beforeAll(async () => {
    gateway = await startGatewayForBff('small');
  });
  afterAll(() => gateway.close());

  const refreshCount = async (refresh: string) => {
    const [row] = await gateway.deps.db.query<{ refresh_count: number }>('SELECT refresh_count FROM refresh_tokens WHERE jti = $1', [
      decodeJwt(refresh).jti,
    ]);
    return row!.refresh_count;
  };

  /** Signs in through the BFF procedure; returns the browser's jar afterwards. */
  const signIn = async (username: string, password: string, env: Record<string, unknown> = {}) => {
    const jar: CookieJar = new Map([['_KBO', { value: 'legacy' }]]);
    const { caller } = createTestSession({ gatewayUrl: gateway.url, jar, env });
    const session = await caller.auth.signIn({ username, password });
    return { session, jar };
  };

  const tokensOf = async (jar: CookieJar) => ({
    access: (await openSealedCookie<{ access: string }>(ACCESS_COOKIE, jar.get(ACCESS_COOKIE)!.value)).access,
    refresh: (await openSealedCookie<{ refresh: string }>(REFRESH_COOKIE, jar.get(REFRESH_COOKIE)!.value)).refresh,
  });

  /** An access token that has already expired, signed as the gateway signs. */
  const expiredAccess = (claims: { user: object; roles: string[] }) =>
    new SignJWT({ user: claims.user, roles_in_services: claims.roles, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(gateway.deps.env.JWT_SECRET));

  it('signs in, writes both cookies with the §9 attributes, removes _KBO, and never returns a token', async () => {
    const { session, jar } = await signIn('staff', 'staff1234', { COOKIE_SECURE: true });
    expect(session.user).toMatchObject({ username: 'staff', full_name: 'سارا محمدی' });
    expect(session.roles).toEqual(Object.values(ROLES));
    expect(JSON.stringify(session)).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
    expect(jar.has('_KBO')).toBe(false);

    const accessCookie = jar.get(ACCESS_COOKIE)!;
    const { access, refresh } = await tokensOf(jar);
    expect((await openSealedCookie<{ roles: string[] }>(ACCESS_COOKIE, accessCookie.value)).roles).toEqual(Object.values(ROLES));
    expect(accessCookie.options).toEqual({
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      secure: true,
      expires: cookieExpiresAt(new Date(decodeJwt(access).exp! * 1000)),
    });
    expect(jar.get(REFRESH_COOKIE)!.options).toMatchObject({ httpOnly: true, path: '/', sameSite: 'lax', secure: true });
    expect(jar.get(REFRESH_COOKIE)!.options!.expires).toEqual(cookieExpiresAt(new Date(decodeJwt(refresh).exp! * 1000)));

    const again = createTestCaller({ gatewayUrl: gateway.url, access, refresh });
    await expect(again.auth.session()).resolves.toEqual(session);
  });

  it('shows the §8 message for a wrong password and writes no cookie', async () => {
    const jar: CookieJar = new Map();
    const { caller } = createTestSession({ gatewayUrl: gateway.url, jar });
    await expect(caller.auth.signIn({ username: 'staff', password: 'wrong-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'نام کاربری یا رمز عبور اشتباه است!',
    });
    expect(jar.size).toBe(0);
  });

  it('refuses empty credentials with a Persian message before calling the gateway', async () => {
    const caller = createTestCaller({ gatewayUrl: 'http://127.0.0.1:9' });
    await expect(caller.auth.signIn({ username: '  ', password: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.auth.signIn({ username: '  ', password: 'x' })).rejects.toThrow('نام کاربری را وارد کنید.');
  });

  it('slows password guessing per account: past the limit even the right password waits, from any address', async () => {
    const env = parseBffEnv({ GATEWAY_URL: gateway.url, SIGN_IN_RATE_LIMIT_PER_MINUTE: '3', LOG_LEVEL: 'silent' });
    const shared = { gatewayUrl: gateway.url, env, state: createAppState(env) };
    const attempt = (username: string, password: string, clientIp = '10.0.0.1') =>
      createTestCaller({ ...shared, clientIp }).auth.signIn({ username, password });
    for (let i = 0; i < 3; i += 1) await expect(attempt('staff2', 'bad')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(attempt('staff2', 'staff1234')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: SIGN_IN_RATE_LIMITED_MESSAGE });
    // Another address gains nothing for the same account; another account from here is not affected.
    await expect(attempt('STAFF2 ', 'staff1234', '10.0.0.2')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(attempt('viewer', 'viewer1234')).resolves.toMatchObject({ user: { username: 'viewer' } });
  });

  it("the interleaved attack: another account's successful sign-ins never clear the failures; the 11th is refused before the gateway", async () => {
    const env = parseBffEnv({ GATEWAY_URL: gateway.url, LOG_LEVEL: 'silent' });
    const shared = { gatewayUrl: gateway.url, env, state: createAppState(env), clientIp: '10.9.0.1' };
    const logins = () => gateway.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens').then((rows) => rows[0]!.n);
    const outcomes: string[] = [];
    for (let k = 0; k < 27; k += 1) {
      const guess = await createTestCaller(shared)
        .auth.signIn({ username: 'staff', password: `guess-${k}` })
        .then(() => 'in', (error: { code: string }) => error.code);
      outcomes.push(guess);
      await expect(createTestCaller(shared).auth.signIn({ username: 'viewer', password: 'viewer1234' })).resolves.toBeTruthy();
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('UNAUTHORIZED'));
    expect(outcomes.slice(10)).toEqual(Array(17).fill('TOO_MANY_REQUESTS'));
    // The refused guesses did not reach the gateway: only the viewer's sign-ins made sessions there.
    const before = await logins();
    await expect(createTestCaller(shared).auth.signIn({ username: 'staff', password: 'staff1234' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await logins()).toBe(before);
    // 38 sign-ins, each a scrypt of about 50 ms of one core: 2 s alone, past 30 s on a shared, loaded machine.
  }, 90_000);

  it('the address limit stops spraying one password over many accounts', async () => {
    const env = parseBffEnv({ GATEWAY_URL: gateway.url, SIGN_IN_ADDRESS_LIMIT_PER_MINUTE: '4', LOG_LEVEL: 'silent' });
    const shared = { gatewayUrl: gateway.url, env, state: createAppState(env), clientIp: '10.8.0.1' };
    for (let k = 0; k < 4; k += 1) {
      await expect(createTestCaller(shared).auth.signIn({ username: `user-${k}`, password: 'Password1' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(createTestCaller(shared).auth.signIn({ username: 'staff2', password: 'staff1234' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(createTestCaller({ ...shared, clientIp: '10.8.0.2' }).auth.signIn({ username: 'staff2', password: 'staff1234' })).resolves.toBeTruthy();
  });

  it.runIf(process.env.TEST_REDIS_URL)('replicas share the limit through Redis: guesses spread over two BFFs are counted together', async () => {
    const env = parseBffEnv({
      GATEWAY_URL: gateway.url,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: process.env.TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      LOG_LEVEL: 'silent',
    });
    const unavailable: unknown[] = [];
    const replicas = [0, 1].map(() => createAppState(env, { onRedisUnavailable: (error) => unavailable.push(error) }));
    try {
      for (const replica of replicas) await untilConnected(replica.signInLimiter, unavailable);
      const attempt = (k: number, password: string) =>
        createTestCaller({ gatewayUrl: gateway.url, env, state: replicas[k % 2], clientIp: '10.3.0.1' }).auth.signIn({ username: 'staff2', password });
      for (let k = 0; k < 3; k += 1) await expect(attempt(k, 'bad')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      // Neither replica saw three failures itself; together they did.
      for (const k of [0, 1]) await expect(attempt(k, 'staff1234')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: SIGN_IN_RATE_LIMITED_MESSAGE });
      expect(unavailable).toEqual([]);
    } finally {
      for (const replica of replicas) await replica.signInLimiter.close();
    }
  });

  it('refuses a signed-in user without the staff role with a clear Persian message', async () => {
    const { session, jar } = await signIn('viewer', 'viewer1234');
    expect(session.roles).not.toContain(ROLES.staff);
    const viewer = createTestCaller({ gatewayUrl: gateway.url, ...(await tokensOf(jar)) });
    await expect(viewer.auth.users({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'شما به این بخش دسترسی ندارید.' });
    await expect(viewer.auth.callerHistory()).resolves.toEqual({ callee_phone_number: null });
    await expect(viewer.auth.session()).resolves.toMatchObject({ user: { username: 'viewer' } });
    const guest = createTestCaller({ gatewayUrl: gateway.url });
    await expect(guest.auth.users({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(guest.auth.session()).resolves.toBeNull();
  });

  it('tells whom the staff member is talking with, or that nobody is on the line', async () => {
    const staff = createTestCaller({ gatewayUrl: gateway.url, ...(await tokensOf((await signIn('staff', 'staff1234')).jar)) });
    await expect(staff.auth.callerHistory()).resolves.toEqual({ callee_phone_number: '09121234567' });
    const staff2 = createTestCaller({ gatewayUrl: gateway.url, ...(await tokensOf((await signIn('staff2', 'staff1234')).jar)) });
    await expect(staff2.auth.callerHistory()).resolves.toEqual({ callee_phone_number: null });
    const users = await staff.auth.users({ search: 'staff' });
    expect(users.results.map((user) => user.username)).toEqual(['staff', 'staff2']);
    await expect(staff.auth.user({ id: users.results[1]!.id })).resolves.toMatchObject({ username: 'staff2' });
  });

  it('signs out: clears the cookies and revokes the refresh token upstream', async () => {
    const { jar } = await signIn('staff2', 'staff1234');
    const { refresh } = await tokensOf(jar);
    const { caller } = createTestSession({ gatewayUrl: gateway.url, jar });
    await expect(caller.auth.signOut()).resolves.toEqual({ ok: true });
    expect(jar.has(ACCESS_COOKIE)).toBe(false);
    expect(jar.has(REFRESH_COOKIE)).toBe(false);
    const upstream = await gateway.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh } });
    expect(upstream.statusCode).toBe(401);
  });

  it('clears an unreadable session and reports it signed out', async () => {
    // The spec's cookie shape in the clear, as a browser could write it: not sealed, so not read.
    const jar: CookieJar = new Map([[ACCESS_COOKIE, { value: '{"access":"garbage","roles":["backoffice#staff"]}' }]]);
    const { caller } = createTestSession({ gatewayUrl: gateway.url, jar });
    await expect(caller.auth.session()).resolves.toBeNull();
    expect(jar.size).toBe(0);
    const forgedRoles = createTestCaller({ gatewayUrl: gateway.url, access: 'garbage', roles: [ROLES.staff] });
    await expect(forgedRoles.auth.users({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  describe('the 401 flow of spec §4 over HTTP', () => {
    let bff: Awaited<ReturnType<typeof buildBff>>;
    beforeAll(async () => {
      bff = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url }));
    });
    afterAll(() => bff.close());

    const cookieHeader = (access: string, refresh: string) => sealedCookieHeader({ access, refresh, roles: [ROLES.staff] });
    const callUsers = (cookie: string) =>
      bff.inject({
        method: 'GET',
        url: `/trpc/auth.users?input=${encodeURIComponent(JSON.stringify({}))}`,
        headers: { 'x-panel-request': '1', cookie },
      });

    it('50 concurrent calls with an expired access token cause exactly one refresh, and all succeed', async () => {
      const { jar } = await signIn('staff', 'staff1234');
      const { access, refresh } = await tokensOf(jar);
      const claims = decodeJwt(access) as { user: object; roles_in_services: string[] };
      const expired = await expiredAccess({ user: claims.user, roles: claims.roles_in_services });
      const before = await refreshCount(refresh);

      const started = performance.now();
      const cookie = await cookieHeader(expired, refresh);
      const responses = await Promise.all(Array.from({ length: 50 }, () => callUsers(cookie)));
      const elapsed = performance.now() - started;

      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      expect((await refreshCount(refresh)) - before).toBe(1);
      // Every response stores the new access token and keeps the refresh token.
      const stored = new Set<string>();
      for (const response of responses) {
        const accessCookie = response.cookies.find((cookie) => cookie.name === ACCESS_COOKIE)!;
        expect(accessCookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
        stored.add((await openSealedCookie<{ access: string }>(ACCESS_COOKIE, accessCookie.value)).access);
        expect(response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined();
      }
      expect(stored.size).toBe(1);
      expect(decodeJwt([...stored][0]!).exp! * 1000).toBeGreaterThan(Date.now());
      // Generous bound for a shared 2-core machine; typically well under a second.
      expect(elapsed).toBeLessThan(10_000);
    });

    it('a refused refresh signs the browser out and rejects the original error', async () => {
      const { jar } = await signIn('staff2', 'staff1234');
      const { access, refresh } = await tokensOf(jar);
      await gateway.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh } });
      const claims = decodeJwt(access) as { user: object; roles_in_services: string[] };
      const expired = await expiredAccess({ user: claims.user, roles: claims.roles_in_services });

      const response = await callUsers(await cookieHeader(expired, refresh));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('توکن نامعتبر است یا منقضی شده است!');
      const cleared = response.cookies.filter((cookie) => cookie.name === ACCESS_COOKIE || cookie.name === REFRESH_COOKIE);
      expect(cleared.map((cookie) => cookie.name).sort()).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
      for (const cookie of cleared) expect(cookie.value).toBe('');
      expect((await refreshCount(refresh))).toBe(0);
    });

    it('answers 429 with Retry-After in whole seconds', async () => {
      const limited = await buildBff(testBffEnv({ GATEWAY_URL: gateway.url, SIGN_IN_RATE_LIMIT_PER_MINUTE: '1' }));
      try {
        const attempt = () =>
          limited.inject({ method: 'POST', url: '/trpc/auth.signIn', headers: { 'content-type': 'application/json' }, payload: { username: 'staff2', password: 'nope' } });
        expect((await attempt()).statusCode).toBe(401);
        const refused = await attempt();
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(refused.json().error.message).toBe(SIGN_IN_RATE_LIMITED_MESSAGE);
      } finally {
        await limited.close();
      }
    });

    it('a 401 with no tokens at all signs out without trying a refresh', async () => {
      const response = await bff.inject({ method: 'GET', url: '/trpc/auth.session', headers: { 'x-panel-request': '1' } });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.data).toBeNull();
    });
  });
});
