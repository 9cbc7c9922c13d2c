import { describe, expect, it } from 'vitest';
import { AccessTokenCookieSchema, AuthInfoSchema, DecodedAccessTokenSchema, RefreshTokenCookieSchema } from './tokens';

describe('auth entities', () => {
  it('parses cookies, auth info and a decoded token', () => {
    expect(AccessTokenCookieSchema.parse({ access: 'eyJ.a.b', roles: ['backoffice#staff'] }).roles).toEqual([
      'backoffice#staff',
    ]);
    expect(RefreshTokenCookieSchema.parse({ refresh: 'eyJ.r.t' }).refresh).toBe('eyJ.r.t');
    expect(AuthInfoSchema.parse({ access: 'a', refresh: 'r', roles: [] })).toEqual({ access: 'a', refresh: 'r', roles: [] });

    const token = DecodedAccessTokenSchema.parse({
      token_type: 'access',
      exp: 1742515200,
      iat: 1742511600,
      jti: '9f1c',
      user: 1207,
      roles_in_services: ['backoffice#staff', 'backoffice#supervisor', 'dealers#admin'],
    });
    expect(token.exp).toBe(1742515200);
    expect(token.token_type).toBe('access');
  });

  it('refuses an empty access token', () => {
    expect(AccessTokenCookieSchema.safeParse({ access: '', roles: [] }).success).toBe(false);
  });
});
