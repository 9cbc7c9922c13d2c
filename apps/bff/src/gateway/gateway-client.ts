import type { z } from 'zod';
import { GatewayError, GatewayShapeError, GatewayTimeoutError, GatewayUnavailableError } from './gateway-error';
import { isUnauthorized, type TokenRefresher } from './token-refresher';

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface GatewayRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
}

/** Where a session's gateway tokens are kept; `Session` implements it over cookies. */
export interface TokenStore {
  get(): { access?: string; refresh?: string };
  /** Stores a refreshed access token; the refresh token is kept. */
  save(tokens: { access: string }): void | Promise<void>;
  clear(): void;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/** Where the gateway is, how long a call may take, and who hears of outages. */
export interface Upstream {
  url: string;
  /** A call that has not answered by then fails with `GatewayTimeoutError` (the browser gets 504). */
  timeoutMs?: number;
  health?: UpstreamHealth;
}

/** Default deadline of a gateway call; `GATEWAY_TIMEOUT_MS` in the BFF's environment. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;

/**
 * One upstream call with the Bearer header; failures become `GatewayError` with the raw body,
 * `GatewayUnavailableError` when nothing answered, `GatewayTimeoutError` past the deadline.
 */
export async function callGateway<T>(upstream: string | Upstream, path: string, request: GatewayRequest, access?: string): Promise<T> {
  const { url: baseUrl, timeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS, health } = typeof upstream === 'string' ? { url: upstream } : upstream;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (access) headers.authorization = `Bearer ${access}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  // A deadline let go once the answer is read: `AbortSignal.timeout` kept the signal, fetch's
  // listeners on it and its timer for the whole deadline after every call (decision 143).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(baseUrl, path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: deadline.signal,
    });
    text = await response.text();
  } catch (error) {
    if (deadline.signal.aborted) {
      health?.failed(`no answer within ${timeoutMs} ms`);
      throw new GatewayTimeoutError(`gateway did not answer within ${timeoutMs} ms`, { cause: error });
    }
    health?.failed(error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error));
    throw new GatewayUnavailableError('gateway unreachable', { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) health?.failed(`answered ${response.status}`);
  else health?.succeeded();
  if (!response.ok) {
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown = text;
    if (contentType.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    throw new GatewayError(response.status, body, text, contentType);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface GatewayClient {
  /** GET as the signed-in user; the answer is checked against `schema` once, here. */
  get<S extends z.ZodType>(schema: S, path: string, query?: Query): Promise<z.output<S>>;
  /** A change as the signed-in user; the answer is checked against `schema` once, here. */
  send<S extends z.ZodType>(schema: S, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<z.output<S>>;
  /** A call as the signed-in user, with the spec §4 401 flow; the answer unchecked. */
  request<T>(path: string, request?: GatewayRequest): Promise<T>;
  /** A call outside the session, with the given token if any and without the 401 flow (sign-in). */
  direct<T>(path: string, request?: GatewayRequest, access?: string): Promise<T>;
}

/**
 * A client bound to one session's tokens, running the 401 flow of spec §4:
 * - no tokens: the session is cleared (signed out) and the 401 is rejected;
 * - with tokens: one refresh shared by every concurrent request of the session, the new access
 *   token stored (roles re-read from it), the refresh token kept, the request retried once;
 * - the retried request, and the refresh itself, are never retried;
 * - a refused refresh clears the session and rejects the ORIGINAL 401.
 */
export function createGatewayClient(baseUrl: string | Upstream, tokens: TokenStore, refresher?: TokenRefresher): GatewayClient {
  return new SessionGatewayClient(baseUrl, tokens, refresher);
}

// A class, not an object of closures: a watching browser's context, and so its client, lives as
// long as its socket (decision 143).
class SessionGatewayClient implements GatewayClient {
  constructor(
    private readonly baseUrl: string | Upstream,
    private readonly tokens: TokenStore,
    private readonly refresher: TokenRefresher | undefined,
  ) {}

  async get<S extends z.ZodType>(schema: S, path: string, query?: Query): Promise<z.output<S>> {
    return checked(schema, path, await this.request(path, { query }));
  }

  async send<S extends z.ZodType>(schema: S, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<z.output<S>> {
    return checked(schema, path, await this.request(path, { method, body }));
  }

  direct<T>(path: string, request: GatewayRequest = {}, access?: string): Promise<T> {
    return callGateway<T>(this.baseUrl, path, request, access);
  }

  async request<T>(path: string, request: GatewayRequest = {}): Promise<T> {
    const { baseUrl, tokens, refresher } = this;
    const { access, refresh } = tokens.get();
    try {
      return await callGateway<T>(baseUrl, path, request, access);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      if (!refresh || !refresher) {
        tokens.clear();
        throw error;
      }
      let fresh: string;
      try {
        fresh = await refresher.refresh(refresh, access);
      } catch (refreshError) {
        // The gateway could not be reached: the session may still be good; do not sign out.
        if (refreshError instanceof GatewayUnavailableError || refreshError instanceof GatewayTimeoutError) throw refreshError;
        tokens.clear();
        throw error;
      }
      await tokens.save({ access: fresh });
      return callGateway<T>(baseUrl, path, request, fresh);
    }
  }
}

function checked<S extends z.ZodType>(schema: S, path: string, answer: unknown): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new GatewayShapeError(`gateway answer of ${path} does not match its contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`, {
    cause: result.error,
  });
}

/**
 * Tells operators once when the gateway is lost and once when it is back, with how long the
 * outage lasted, instead of one line per failed call (or none at all).
 */
export interface UpstreamHealth {
  failed(reason: string): void;
  succeeded(): void;
}

export function createUpstreamHealth(log: { warn(details: object, message: string): void }, name = 'gateway'): UpstreamHealth {
  let downSince: number | undefined;
  return {
    failed(reason) {
      if (downSince !== undefined) return;
      downSince = Date.now();
      log.warn({ upstream: name, reason }, `${name} lost`);
    },
    succeeded() {
      if (downSince === undefined) return;
      const downMs = Date.now() - downSince;
      downSince = undefined;
      log.warn({ upstream: name, downMs }, `${name} back after ${(downMs / 1000).toFixed(1)} s`);
    },
  };
}
