import { inData } from '@panel/contracts/common';
import { GatewayError } from '../../gateway/gateway-error';
import type { GatewayClient } from '../../gateway/gateway-client';
import type { Session } from '../../session';
import { CallerHistorySchema, GatewayUserSchema, UsersListSchema, type SessionDto, type SignInInput } from '@panel/contracts/auth';
import type { SignInLimiter } from '../../sign-in-limiter';

/** Upstream paths (the reference gateway's README lists them). */
const PATHS = {
  login: '/api/auth/login/',
  logout: '/api/auth/logout/',
  roles: '/api/auth/roles/',
  me: '/api/auth/me/',
  users: '/api/users/',
  callee: '/api/call-center/staff/callee/',
} as const;

export class SignInRateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('too many failed sign-in attempts');
  }
}

export interface AuthDeps {
  gateway: GatewayClient;
  session: Session;
}

function toSessionDto(user: { id: number; username: string; first_name: string; last_name: string }, roles: string[]): SessionDto {
  return {
    user: {
      id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      full_name: `${user.first_name} ${user.last_name}`.trim() || user.username,
    },
    roles,
  };
}

/** Failed sign-ins allowed in a sliding minute, per account and per client address. */
export interface SignInLimits {
  perAccount: number;
  perAddress: number;
}

/**
 * Spec §7 Auth: the login call yields access and refresh, then roles_in_services is read
 * with the bearer access token. Only then are the cookies written, so a half-finished
 * sign-in leaves the browser signed out. Guessing is limited per account and per address:
 * a failure counts against both, and a success clears only its own account's failures, so
 * signing in correctly as one user never buys more guesses at another (issue 11).
 */
export async function signIn(
  { gateway, session }: AuthDeps,
  limiter: SignInLimiter,
  limits: SignInLimits,
  clientAddress: string,
  input: SignInInput,
): Promise<SessionDto> {
  const account = `account:${input.username.trim().toLowerCase()}`;
  const address = `address:${clientAddress}`;
  const [accountWait, addressWait] = await Promise.all([limiter.retryAfter(account, limits.perAccount), limiter.retryAfter(address, limits.perAddress)]);
  const wait = Math.max(accountWait, addressWait);
  if (wait > 0) throw new SignInRateLimitedError(wait);
  let tokens: { access: string; refresh: string };
  try {
    tokens = await gateway.direct<{ access: string; refresh: string }>(PATHS.login, { method: 'POST', body: input });
  } catch (error) {
    if (error instanceof GatewayError && error.status >= 400 && error.status < 500) await Promise.all([limiter.fail(account), limiter.fail(address)]);
    throw error;
  }
  await limiter.succeed(account);
  const { roles_in_services } = await gateway.direct<{ roles_in_services: string[] }>(PATHS.roles, {}, tokens.access);
  await session.save({ ...tokens, roles: roles_in_services });
  return toSessionDto(session.user!, roles_in_services);
}

/** Signing out always succeeds locally; revoking the refresh token upstream is best effort. */
export async function signOut({ gateway, session }: AuthDeps): Promise<void> {
  const { refresh } = session.get();
  session.clear();
  if (!refresh) return;
  await gateway.direct(PATHS.logout, { method: 'POST', body: { refresh } }).catch(() => undefined);
}

/**
 * The account status for the web's guard. Valid or expired tokens are checked with the
 * gateway (an expired token is refreshed on the way); invalid tokens are cleared.
 */
export async function readSessionStatus({ gateway, session }: AuthDeps): Promise<SessionDto | null> {
  const status = session.status;
  if (status === 'no-tokens') return null;
  if (status === 'invalid-tokens') {
    session.clear();
    return null;
  }
  try {
    const me = await gateway.get(GatewayUserSchema, PATHS.me);
    return toSessionDto(me, session.roles);
  } catch (error) {
    // The 401 flow already cleared the cookies when the session could not be renewed.
    if (error instanceof GatewayError && error.status === 401) return null;
    throw error;
  }
}

export async function callerHistory({ gateway }: AuthDeps) {
  return gateway.get(inData(CallerHistorySchema), PATHS.callee);
}

export async function listUsers({ gateway }: AuthDeps, input: { search?: string; page: number; pageSize: number }) {
  return gateway.get(UsersListSchema, PATHS.users, { search: input.search || undefined, page: input.page, page_size: input.pageSize });
}

export async function getUser({ gateway }: AuthDeps, id: number) {
  return gateway.get(GatewayUserSchema, `${PATHS.users}${id}/`);
}
