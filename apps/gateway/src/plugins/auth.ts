import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '@panel/contracts/api-tokens';
import { SIGNED_IN, type Access } from '@panel/contracts/common';
import { tokenNotValid, unauthorized, forbidden } from '../errors';

export interface TokenUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

export interface AccessClaims {
  user: TokenUser;
  roles_in_services: string[];
  exp: number;
  type: 'access';
  /** Set when the request carries an API token (issue 18) instead of a person's access token. */
  api_token?: { id: number; name: string };
}

/** Turns an API token into the claims it stands for (the auth module's), or undefined. */
export type MachineTokenResolver = (token: string) => Promise<AccessClaims | undefined>;

/** API tokens are opaque strings with this prefix; JWTs never start with it. */
const MACHINE_TOKEN_PREFIX = API_TOKEN_PREFIX;

declare module 'fastify' {
  interface FastifyRequest {
    user?: AccessClaims;
  }
}

/** Signs and checks the gateway's JWTs (HS256); the only place that knows the secret. */
export function createTokens(options: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number }) {
  const key = new TextEncoder().encode(options.secret);
  const now = () => Math.floor(Date.now() / 1000);
  let machine: MachineTokenResolver | undefined;

  return {
    /** The auth module registers how API tokens resolve; until then none is accepted. */
    useMachineTokens(resolver: MachineTokenResolver) {
      machine = resolver;
    },
    /** The claims of a live API token, checked against the table on every request. */
    resolveMachine: (token: string) => (machine && token.startsWith(MACHINE_TOKEN_PREFIX) ? machine(token) : Promise.resolve(undefined)),
    signAccess: (user: TokenUser, roles: string[]) =>
      new SignJWT({ user, roles_in_services: roles, type: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(now() + options.accessTtlSeconds)
        .sign(key),
    signRefresh: (userId: number, jti: string) =>
      new SignJWT({ type: 'refresh' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(now() + options.refreshTtlSeconds)
        .sign(key),
    /** Returns the claims, or undefined for a bad, expired or wrong-type token. */
    verify: async <T>(token: string, type: 'access' | 'refresh'): Promise<(T & { sub?: string; jti?: string; exp: number }) | undefined> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.type !== type) return undefined;
        return payload as never;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;

/** preHandler: a valid Bearer access token is required; sets `request.user`. */
export function requireAuth(tokens: Tokens) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthorized();
    // A machine's API token (issue 18) or a person's access token; both name who acts.
    const claims = token.startsWith(MACHINE_TOKEN_PREFIX) ? await tokens.resolveMachine(token) : await tokens.verify<AccessClaims>(token, 'access');
    if (!claims) throw tokenNotValid();
    request.user = claims;
  };
}

/**
 * The access rules of routes, from the module's access table in contracts (decision 094): a route
 * names the operation it serves (`app.get(path, read, handler)` with
 * `const { read, act } = routeAccess(tokens).guards(ORDERS_ACCESS)`). An empty role list needs
 * only a signed-in user (spec §6).
 */
export function routeAccess(tokens: Tokens) {
  const signedIn = requireAuth(tokens);
  /** The preHandlers of a route that needs `access`. */
  const guard = (access: Access) => ({ preHandler: access.length === 0 ? [signedIn] : [signedIn, requireRole(...access)] });
  return {
    /** A valid access token, any roles. */
    signedIn: guard(SIGNED_IN),
    guard,
    /** A guard for each operation of an access table. */
    guards: <T extends Record<string, Access>>(table: T) => Object.fromEntries(Object.entries(table).map(([op, access]) => [op, guard(access)])) as Record<keyof T, ReturnType<typeof guard>>,
  };
}
export type RouteAccess = ReturnType<typeof routeAccess>;

/** preHandler after `requireAuth`: one of `roles` is needed. */
export function requireRole(...roles: string[]) {
  return async (request: FastifyRequest) => {
    const held = request.user?.roles_in_services ?? [];
    if (!roles.some((role) => held.includes(role))) throw forbidden();
  };
}
