import type {} from '@fastify/cookie';
import { decodeJwt } from 'jose';
import type { FastifyRequest } from 'fastify';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

export interface SessionUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** The session as read from the request's cookies. The browser never sees the tokens. */
export interface Session {
  get(): { access?: string; refresh?: string };
  user?: SessionUser;
  roles: string[];
}

export function readSession(req: FastifyRequest): Session {
  const access = req.cookies?.[ACCESS_COOKIE];
  const refresh = req.cookies?.[REFRESH_COOKIE];
  let user: SessionUser | undefined;
  let roles: string[] = [];
  if (access) {
    try {
      const claims = decodeJwt(access) as { user?: SessionUser; roles_in_services?: string[] };
      user = claims.user;
      roles = claims.roles_in_services ?? [];
    } catch {
      user = undefined;
    }
  }
  return { get: () => ({ access, refresh }), user, roles };
}
