import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { ACCESS_COOKIE, REFRESH_COOKIE, Session, readCookies } from './session';
import { createSealer } from './session-seal';

const key = new TextEncoder().encode('x'.repeat(32));
const staffUser = { id: 7, username: 'staff', first_name: 'سارا', last_name: 'محمدی' };
const token = (exp: number, user: unknown = staffUser) =>
  new SignJWT({ user, roles_in_services: ['backoffice#staff'] }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);
const now = () => Math.floor(Date.now() / 1000);
const sealer = createSealer('s'.repeat(40));
const sealed = async (access?: string, refresh?: string) => ({
  ...(access ? { [ACCESS_COOKIE]: await sealer.seal(ACCESS_COOKIE, { access, roles: ['backoffice#staff'] }) } : {}),
  ...(refresh ? { [REFRESH_COOKIE]: await sealer.seal(REFRESH_COOKIE, { refresh }) } : {}),
});
const opened = async (cookies: Record<string, string | undefined>) => {
  const session = new Session(cookies, undefined, false, sealer);
  await session.open();
  return session;
};

describe('session token status (spec §4)', () => {
  it('tells no, invalid, expired and valid tokens apart; expired still counts as signed in', async () => {
    expect((await opened({})).status).toBe('no-tokens');
    expect((await opened({ [ACCESS_COOKIE]: 'not sealed' })).status).toBe('invalid-tokens');
    expect((await opened(await sealed('a.b.c', 'r'))).status).toBe('invalid-tokens');
    expect((await opened(await sealed(await token(now() + 60)))).status).toBe('invalid-tokens');

    const expired = await opened(await sealed(await token(now() - 60), 'r'));
    expect(expired.status).toBe('expired-tokens');
    expect(expired.user?.username).toBe('staff');

    const valid = await opened(await sealed(await token(now() + 60), 'r'));
    expect(valid.status).toBe('valid-tokens');
    expect(valid.roles).toEqual(['backoffice#staff']);
  });

  it('accepts an upstream whose user claim is a bare id', async () => {
    const session = await opened(await sealed(await token(now() + 60, 42), 'r'));
    expect(session.user).toMatchObject({ id: 42 });
  });

  it('reads cookies from a websocket upgrade request, which has no parsed cookies', async () => {
    const cookies = await sealed(await token(now() + 60), 'r');
    const header = Object.entries(cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
    const session = await opened(readCookies({ headers: { cookie: header } }));
    expect(session.status).toBe('valid-tokens');
    // Without a reply to write on, saving still updates the session in memory.
    const fresh = await token(now() + 120);
    await session.save({ access: fresh });
    expect(session.get()).toEqual({ access: fresh, refresh: 'r' });
  });
});

describe('a session the browser cannot forge (issue 11)', () => {
  const forgedClaims = { user: 1, roles_in_services: ['backoffice#staff'], exp: 4102444800 };

  it('refuses the cookies of the spec shape in the clear: unsigned, badly signed, expired, edited', async () => {
    const unsigned = new UnsecuredJWT(forgedClaims).encode();
    const badlySigned = await new SignJWT(forgedClaims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('y'.repeat(32)));
    for (const access of [unsigned, badlySigned, await token(now() - 60)]) {
      const session = await opened({
        [ACCESS_COOKIE]: JSON.stringify({ access, roles: [] }),
        [REFRESH_COOKIE]: JSON.stringify({ refresh: 'anything' }),
      });
      expect(session.status).toBe('invalid-tokens');
      expect(session.user).toBeUndefined();
      expect(session.roles).toEqual([]);
    }
  });

  it('refuses a sealed value whose text was edited, sealed by another key, or sealed for the other cookie', async () => {
    const good = await sealed(await token(now() + 60), 'r');
    const text = good[ACCESS_COOKIE]!;
    const flipped = text.slice(0, -6) + (text.at(-6) === 'A' ? 'B' : 'A') + text.slice(-5);
    const otherKey = createSealer('o'.repeat(40));
    const cases = [
      { ...good, [ACCESS_COOKIE]: flipped },
      { ...good, [ACCESS_COOKIE]: await otherKey.seal(ACCESS_COOKIE, { access: await token(now() + 60), roles: [] }) },
      { [ACCESS_COOKIE]: good[REFRESH_COOKIE], [REFRESH_COOKIE]: good[ACCESS_COOKIE] },
    ];
    for (const cookies of cases) expect((await opened(cookies)).status).toBe('invalid-tokens');
  });

  it('keeps the tokens out of sight: the cookie text does not contain the token', async () => {
    const access = await token(now() + 60);
    const cookies = await sealed(access, 'refresh-token-value');
    expect(cookies[ACCESS_COOKIE]).not.toContain(access.split('.')[1]);
    expect(cookies[REFRESH_COOKIE]).not.toContain('refresh-token-value');
  });

  it('cannot be read before it is opened', () => {
    expect(() => new Session({}, undefined, false, sealer).status).toThrow(/open/);
  });
});
