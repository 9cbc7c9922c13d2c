import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ACCESS_COOKIE, REFRESH_COOKIE, Session, readCookies } from './session';

const key = new TextEncoder().encode('x'.repeat(32));
const token = (exp: number, user: unknown = { id: 7, username: 'staff', first_name: 'سارا', last_name: 'محمدی' }) =>
  new SignJWT({ user, roles_in_services: ['backoffice#staff'] }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);
const now = () => Math.floor(Date.now() / 1000);
const cookies = (access?: string, refresh?: string) => ({
  ...(access ? { [ACCESS_COOKIE]: JSON.stringify({ access, roles: ['forged#role'] }) } : {}),
  ...(refresh ? { [REFRESH_COOKIE]: JSON.stringify({ refresh }) } : {}),
});

describe('session token status (spec §4)', () => {
  it('tells no, invalid, expired and valid tokens apart; expired still counts as signed in', async () => {
    expect(new Session({}, undefined, false).status).toBe('no-tokens');
    expect(new Session({ [ACCESS_COOKIE]: 'not json' }, undefined, false).status).toBe('invalid-tokens');
    expect(new Session(cookies('a.b.c', 'r'), undefined, false).status).toBe('invalid-tokens');
    expect(new Session(cookies(await token(now() + 60)), undefined, false).status).toBe('invalid-tokens');

    const expired = new Session(cookies(await token(now() - 60), 'r'), undefined, false);
    expect(expired.status).toBe('expired-tokens');
    expect(expired.user?.username).toBe('staff');

    const valid = new Session(cookies(await token(now() + 60), 'r'), undefined, false);
    expect(valid.status).toBe('valid-tokens');
    // Roles come from the token, never from the cookie's editable copy.
    expect(valid.roles).toEqual(['backoffice#staff']);
  });

  it('accepts an upstream whose user claim is a bare id', async () => {
    const session = new Session(cookies(await token(now() + 60, 42), 'r'), undefined, false);
    expect(session.user).toMatchObject({ id: 42 });
  });

  it('reads cookies from a websocket upgrade request, which has no parsed cookies', async () => {
    const access = await token(now() + 60);
    const header = `${ACCESS_COOKIE}=${encodeURIComponent(JSON.stringify({ access, roles: [] }))}; ${REFRESH_COOKIE}=${encodeURIComponent(JSON.stringify({ refresh: 'r' }))}`;
    const session = new Session(readCookies({ headers: { cookie: header } }), undefined, false);
    expect(session.status).toBe('valid-tokens');
    // Without a reply to write on, saving still updates the session in memory.
    const fresh = await token(now() + 120);
    session.save({ access: fresh });
    expect(session.get()).toEqual({ access: fresh, refresh: 'r' });
  });
});
