import type {} from '@fastify/cookie';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  AccessTokenCookieSchema,
  DecodedAccessTokenSchema,
  RefreshTokenCookieSchema,
} from '@panel/contracts/auth';
import { COOKIE_PATH, COOKIE_SAME_SITE, LEGACY_COOKIE, ROLES, cookieExpiresAt } from '@panel/contracts/common';
import type { Sealer } from './session-seal';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

export interface SessionUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** Spec §4: a user counts as signed in for valid or expired tokens. */
export type TokenStatus = 'no-tokens' | 'invalid-tokens' | 'expired-tokens' | 'valid-tokens';

export interface CookieOptions {
  httpOnly: true;
  path: string;
  sameSite: typeof COOKIE_SAME_SITE;
  secure: boolean;
  expires: Date;
}

/** Where the session writes its cookies: the HTTP reply, or nowhere (a websocket). */
export interface CookieWriter {
  set(name: string, value: string, options: CookieOptions): void;
  clear(name: string, options: { path: string }): void;
}

/** The browser's cookies as a plain map, for an HTTP request or a websocket upgrade alike. */
export function readCookies(req: { cookies?: Record<string, string | undefined>; headers: Record<string, unknown> }) {
  if (req.cookies) return req.cookies;
  const header = req.headers.cookie;
  return typeof header === 'string' ? parseCookieHeader(header) : {};
}

// @fastify/cookie's parser is only loaded once the plugin registers; a websocket upgrade
// needs the same result without depending on that order.
function parseCookieHeader(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

interface Claims {
  user: SessionUser;
  roles: string[];
  exp: number;
}

// Contracts read `user` as an id; the reference gateway puts the user's names there too. Both
// are accepted: an id alone still identifies the session (names come from `/api/auth/me/`).
const ClaimsSchema = DecodedAccessTokenSchema.extend({
  user: z.union([
    z.looseObject({ id: z.number().int(), username: z.string(), first_name: z.string(), last_name: z.string() }),
    z.number().int(),
    z.string().min(1),
  ]),
});

/** The panel's role names, one copy each: a watching browser's session holds its roles as long as its socket. */
const ROLE_NAMES = new Map<string, string>(Object.values(ROLES).map((role) => [role, role]));

function decode(access: string | undefined): Claims | undefined {
  if (!access) return undefined;
  try {
    const claims = ClaimsSchema.safeParse(decodeJwt(access));
    if (!claims.success) return undefined;
    const { user, roles_in_services: roles, exp } = claims.data;
    const sessionUser: SessionUser =
      typeof user === 'object'
        ? { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name }
        : { id: Number(user), username: String(user), first_name: '', last_name: '' };
    return { user: sessionUser, roles: roles.map((role) => ROLE_NAMES.get(role) ?? role), exp };
  } catch {
    return undefined;
  }
}

function tokenExpiry(token: string, fallback: number): Date {
  try {
    const exp = decodeJwt(token).exp;
    return new Date((typeof exp === 'number' ? exp : fallback) * 1000);
  } catch {
    return new Date(fallback * 1000);
  }
}

/**
 * One browser's session: the gateway tokens kept in httpOnly cookies (spec §3: an access
 * cookie holding access and roles, a refresh cookie), each sealed with the BFF's own key
 * (session-seal.ts). The browser never reads them; it asks the `auth.session` procedure.
 * A cookie the BFF did not seal counts as invalid, so what the session says of the user comes
 * only from tokens the gateway issued to this BFF. `open()` reads the cookies; every procedure
 * awaits it before it runs (trpc.ts).
 */
export class Session {
  #access: string | undefined;
  #refresh: string | undefined;
  #claims: Claims | undefined;
  #malformed = false;
  #opened: Promise<void> | undefined;
  #isOpen = false;
  /** The sealed cookies until they are opened: a watching browser's session lives as long as its socket. */
  #cookies: Record<string, string | undefined> | Promise<Record<string, string | undefined>> | undefined;

  constructor(
    cookies: Record<string, string | undefined> | Promise<Record<string, string | undefined>>,
    private readonly writer: CookieWriter | undefined,
    private readonly secure: boolean,
    private readonly sealer: Sealer,
  ) {
    this.#cookies = cookies;
  }

  /** Opens the sealed cookies once; later calls share the first. */
  open(): Promise<void> {
    this.#opened ??= this.#read();
    return this.#opened;
  }

  async #read(): Promise<void> {
    const cookies = (await this.#cookies) ?? {};
    this.#cookies = undefined;
    const rawAccess = cookies[ACCESS_COOKIE];
    const rawRefresh = cookies[REFRESH_COOKIE];
    const accessCookie = AccessTokenCookieSchema.safeParse(rawAccess ? await this.sealer.open(ACCESS_COOKIE, rawAccess) : undefined);
    const refreshCookie = RefreshTokenCookieSchema.safeParse(rawRefresh ? await this.sealer.open(REFRESH_COOKIE, rawRefresh) : undefined);
    // A save() that ran meanwhile (sign-in on this request) wins over what the browser sent.
    if (this.#isOpen) return;
    this.#access = accessCookie.success ? accessCookie.data.access : undefined;
    this.#refresh = refreshCookie.success ? refreshCookie.data.refresh : undefined;
    this.#claims = decode(this.#access);
    // A cookie is present but does not open, or the token in it is not a token.
    this.#malformed = (rawAccess !== undefined && !this.#claims) || (rawRefresh !== undefined && !this.#refresh);
    this.#isOpen = true;
  }

  #ensureOpen(): void {
    if (!this.#isOpen) throw new Error('the session was read before open()');
  }

  get(): { access?: string; refresh?: string } {
    this.#ensureOpen();
    return { access: this.#access, refresh: this.#refresh };
  }

  get status(): TokenStatus {
    this.#ensureOpen();
    if (!this.#access && !this.#refresh && !this.#malformed) return 'no-tokens';
    if (this.#malformed || !this.#claims || !this.#refresh) return 'invalid-tokens';
    return this.#claims.exp * 1000 <= Date.now() ? 'expired-tokens' : 'valid-tokens';
  }

  get user(): SessionUser | undefined {
    const status = this.status;
    return status === 'valid-tokens' || status === 'expired-tokens' ? this.#claims?.user : undefined;
  }

  /** Taken from the access token's claims, which the gateway signed and the BFF sealed. */
  get roles(): string[] {
    return this.user ? (this.#claims?.roles ?? []) : [];
  }

  /** When the access token expires (ms since the epoch), or undefined without one. */
  get accessExpiresAt(): number | undefined {
    this.#ensureOpen();
    return this.#claims ? this.#claims.exp * 1000 : undefined;
  }

  /**
   * After sign-in (both tokens, and the roles fetched with them) or a refresh (access only;
   * the refresh token is kept, roles re-read from the new access token).
   */
  async save(tokens: { access: string; refresh?: string; roles?: string[] }): Promise<void> {
    const claims = decode(tokens.access);
    if (!claims) throw new Error('the gateway issued an access token without exp, user and roles_in_services');
    this.#access = tokens.access;
    this.#claims = claims;
    if (tokens.refresh) this.#refresh = tokens.refresh;
    this.#malformed = false;
    this.#isOpen = true;
    if (!this.writer) return;
    const base = { httpOnly: true as const, path: COOKIE_PATH, sameSite: COOKIE_SAME_SITE, secure: this.secure };
    const access = await this.sealer.seal(ACCESS_COOKIE, { access: tokens.access, roles: tokens.roles ?? claims.roles });
    this.writer.set(ACCESS_COOKIE, access, { ...base, expires: cookieExpiresAt(new Date(claims.exp * 1000)) });
    if (tokens.refresh) {
      const refresh = await this.sealer.seal(REFRESH_COOKIE, { refresh: tokens.refresh });
      this.writer.set(REFRESH_COOKIE, refresh, { ...base, expires: cookieExpiresAt(tokenExpiry(tokens.refresh, claims.exp)) });
    }
    this.writer.clear(LEGACY_COOKIE, { path: COOKIE_PATH });
  }

  /**
   * Calls `listener` when something this BFF did ends the session early (a machine token revoked
   * here); open streams then confirm it upstream at once. Browser sessions end by the checks alone.
   */
  onEnd(_listener: () => void): () => void {
    return () => {};
  }

  /** Signs the browser out: both cookies go, and this request continues as a guest. */
  clear(): void {
    this.#isOpen = true;
    this.#access = undefined;
    this.#refresh = undefined;
    this.#claims = undefined;
    this.#malformed = false;
    this.writer?.clear(ACCESS_COOKIE, { path: COOKIE_PATH });
    this.writer?.clear(REFRESH_COOKIE, { path: COOKIE_PATH });
  }
}

/** Cookies are written on the HTTP reply; a websocket has none, so its session lives in memory. */
export function replyCookieWriter(res: unknown): CookieWriter | undefined {
  const reply = res as { setCookie?: unknown; clearCookie?: unknown };
  if (typeof reply.setCookie !== 'function' || typeof reply.clearCookie !== 'function') return undefined;
  return {
    set: (name, value, options) => (reply.setCookie as (n: string, v: string, o: CookieOptions) => void).call(res, name, value, options),
    clear: (name, options) => (reply.clearCookie as (n: string, o: { path: string }) => void).call(res, name, options),
  };
}
