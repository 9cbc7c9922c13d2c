import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ROLES } from '@panel/contracts/common';
import { startTestGateway } from '../../testing';
import { ASSISTANT_USERS, DEMO_USERS } from './auth.seed';
import { hashPassword, verifyPassword } from './password';
import { SINGLE_DRIVER } from '../../test-drivers';

const SEEDED = [...DEMO_USERS, ...ASSISTANT_USERS];

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one; hashes are salted', async () => {
    const hash = await hashPassword('staff1234');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('staff1234');
    expect(await verifyPassword('staff1234', hash)).toBe(true);
    expect(await verifyPassword('staff12345', hash)).toBe(false);
    expect(await hashPassword('staff1234')).not.toBe(hash);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe.each(SINGLE_DRIVER)('auth on $name', ({ usePostgres }) => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, options: { body?: unknown; access?: string } = {}) =>
    gateway.app.inject({
      method,
      url,
      payload: options.body as never,
      headers: options.access ? { authorization: `Bearer ${options.access}` } : {},
    });
  const login = async (username: string, password: string) => {
    const response = await inject('POST', '/api/auth/login/', { body: { username, password } });
    expect(response.statusCode).toBe(200);
    return response.json() as { access: string; refresh: string };
  };

  beforeAll(async () => {
    gateway = await startTestGateway({ ACCESS_TOKEN_TTL_SECONDS: '120' }, { usePostgres, seed: 'small' });
  });
  afterAll(() => gateway.close());

  it('stores only scrypt hashes of the seeded passwords', async () => {
    const rows = await gateway.deps.db.query<{ username: string; password_hash: string }>(
      'SELECT username, password_hash FROM users ORDER BY id',
    );
    expect(rows.map((row) => row.username)).toEqual(SEEDED.map((user) => user.username));
    for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('signs the staff user in with access and refresh tokens carrying exp, user and roles', async () => {
    const { access, refresh } = await login('staff', 'staff1234');
    const claims = decodeJwt(access) as { exp: number; user: { username: string }; roles_in_services: string[] };
    expect(claims.user.username).toBe('staff');
    expect(claims.roles_in_services).toContain(ROLES.staff);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(100);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(120);
    expect(decodeJwt(refresh).exp! - claims.exp).toBeGreaterThan(60 * 60);

    const roles = await inject('GET', '/api/auth/roles/', { access });
    expect(roles.json()).toEqual({ roles_in_services: Object.values(ROLES) });
    const me = await inject('GET', '/api/auth/me/', { access });
    expect(me.json()).toMatchObject({ username: 'staff', full_name: 'سارا محمدی' });
    expect(me.json()).not.toHaveProperty('password_hash');
  });

  it('answers a wrong password and an unknown user alike, with a 401 detail', async () => {
    for (const body of [
      { username: 'staff', password: 'wrong' },
      { username: 'nobody', password: 'staff1234' },
    ]) {
      const response = await inject('POST', '/api/auth/login/', { body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'نام کاربری یا رمز عبور اشتباه است' });
    }
  });

  it('answers missing credentials with a field map', async () => {
    const response = await inject('POST', '/api/auth/login/', { body: { username: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['این فیلد الزامی است.'], password: ['این فیلد الزامی است.'] });
  });

  it('refreshes with current roles, counts the use, and refuses a revoked or bogus token', async () => {
    const { refresh } = await login('staff2', 'staff1234');
    const first = await inject('POST', '/api/auth/token/refresh/', { body: { refresh } });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json())).toEqual(['access']);
    await gateway.deps.db.query(`UPDATE users SET roles = $1 WHERE username = 'staff2'`, [[ROLES.staff, ROLES.assistant]]);
    const second = await inject('POST', '/api/auth/token/refresh/', { body: { refresh } });
    expect((decodeJwt(second.json().access) as { roles_in_services: string[] }).roles_in_services).toEqual([
      ROLES.staff,
      ROLES.assistant,
    ]);
    const [row] = await gateway.deps.db.query<{ refresh_count: number }>(
      'SELECT refresh_count FROM refresh_tokens WHERE jti = $1',
      [decodeJwt(refresh).jti],
    );
    expect(row!.refresh_count).toBe(2);

    expect((await inject('POST', '/api/auth/logout/', { body: { refresh } })).statusCode).toBe(204);
    const revoked = await inject('POST', '/api/auth/token/refresh/', { body: { refresh } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: 'توکن نامعتبر است یا منقضی شده است' });

    const { access } = await login('staff2', 'staff1234');
    // An access token is not a refresh token.
    expect((await inject('POST', '/api/auth/token/refresh/', { body: { refresh: access } })).statusCode).toBe(401);
  });

  it('requires a valid bearer token and the staff role where it should', async () => {
    expect((await inject('GET', '/api/auth/me/')).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/me/', { access: 'not.a.token' })).statusCode).toBe(401);
    const viewer = await login('viewer', 'viewer1234');
    expect((await inject('GET', '/api/auth/me/', { access: viewer.access })).statusCode).toBe(200);
    const refused = await inject('GET', '/api/users/', { access: viewer.access });
    expect(refused.statusCode).toBe(403);
    // Spec §2 puts the caller history in every user's sidebar footer.
    expect((await inject('GET', '/api/call-center/staff/callee/', { access: viewer.access })).statusCode).not.toBe(403);
  });

  it('lists users page by page and finds one', async () => {
    const { access } = await login('staff', 'staff1234');
    const page = await inject('GET', '/api/users/?page_size=2', { access });
    expect(page.json()).toMatchObject({ count: SEEDED.length, next: 2, previous: null });
    expect(page.json().results).toHaveLength(2);
    const search = await inject('GET', '/api/users/?search=viewer', { access });
    expect(search.json().results.map((u: { username: string }) => u.username)).toEqual(['viewer']);
    // A wildcard typed into the search is a character to find, not "everyone".
    expect((await inject('GET', '/api/users/?search=%25', { access })).json()).toMatchObject({ count: 0, results: [] });
    expect(page.json().results[0]).toMatchObject({ date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/), last_login: expect.any(String) });
    const id = page.json().results[0].id;
    expect((await inject('GET', `/api/users/${id}/`, { access })).json()).toMatchObject({ id, username: 'staff' });
    expect((await inject('GET', '/api/users/999999/', { access })).statusCode).toBe(404);
    expect((await inject('GET', '/api/users/abc/', { access })).statusCode).toBe(400);
  });

  it('says whom the staff member is talking with, and puts a user on and off a call', async () => {
    const staff = await login('staff', 'staff1234');
    const staff2 = await login('staff2', 'staff1234');
    const callee = await inject('GET', '/api/call-center/staff/callee/', { access: staff.access });
    expect(callee.json()).toEqual({ data: { callee_phone_number: '09121234567' } });
    expect((await inject('GET', '/api/call-center/staff/callee/', { access: staff2.access })).json()).toEqual({
      data: { callee_phone_number: null },
    });

    const id = (decodeJwt(staff2.access) as { user: { id: number } }).user.id;
    const on = await inject('PUT', `/api/call-center/staff/${id}/call/`, {
      access: staff.access,
      body: { callee_phone_number: '۰۹۱۲۷۶۵۴۳۲۱' },
    });
    expect(on.json()).toEqual({ data: { callee_phone_number: '09127654321' } });
    const bad = await inject('PUT', `/api/call-center/staff/${id}/call/`, {
      access: staff.access,
      body: { callee_phone_number: '123' },
    });
    expect(bad.statusCode).toBe(400);
    const off = await inject('PUT', `/api/call-center/staff/${id}/call/`, {
      access: staff.access,
      body: { callee_phone_number: null },
    });
    expect(off.json()).toEqual({ data: { callee_phone_number: null } });
  });
});
