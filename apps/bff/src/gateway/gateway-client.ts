import { GatewayError, GatewayUnavailableError } from './gateway-error';

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface GatewayRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
}

/** Where a session's gateway tokens are kept; the auth module implements it over cookies. */
export interface TokenStore {
  get(): { access?: string; refresh?: string };
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/** One upstream call with the Bearer header; failures become `GatewayError` with the raw body. */
export async function callGateway<T>(baseUrl: string, path: string, request: GatewayRequest, access?: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (access) headers.authorization = `Bearer ${access}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(baseUrl, path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    throw new GatewayUnavailableError('gateway unreachable', { cause: error });
  }
  const text = await response.text();
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
  request<T>(path: string, request?: GatewayRequest): Promise<T>;
}

/** A client bound to one session's tokens. The auth module wraps it with the 401 refresh flow. */
export function createGatewayClient(baseUrl: string, tokens: TokenStore): GatewayClient {
  return {
    request: (path, request = {}) => callGateway(baseUrl, path, request, tokens.get().access),
  };
}
