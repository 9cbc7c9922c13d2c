import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { CSRF_HEADER } from '@panel/contracts/common';
import { bearerOf } from './machine-session';
import { CSRF_MESSAGE } from './messages';

// The request rules of DESIGN §4 for the typed API (CSRF header for HTTP, Origin for the
// websocket upgrade). The HTTP rule runs as a hook of the API's own routes (app.ts), so whatever
// spelling of the path reached a route (`/%74rpc`, `//trpc`, `/trpc/../trpc`) met it first; the
// router's decoding can never route around a check of the URL text. The upgrade's rule runs on
// the server's `upgrade` event (trpc-socket.ts) for every upgrade, whatever its path.

export { CSRF_HEADER } from '@panel/contracts/common';

/** `scheme://host[:port]` of an origin, normalised (default ports dropped), or undefined. */
export function originOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Fastify's `trustProxy` setting: `true` (any hop), or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | string[];

/** Whether the hop at `address` is a trusted proxy, as fastify decides it for `request.ip`. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function proxyTrust(setting: TrustProxy): ProxyTrust {
  if (setting === true) return () => true;
  return proxyAddr.compile(setting === false ? [] : setting);
}

/**
 * The panel's own origin as an HTTP request reached it, taken as fastify takes `protocol` and
 * `host`: from X-Forwarded-Proto/-Host only when the peer is a trusted proxy (the last entry).
 */
export function ownOriginOf(raw: IncomingMessage, trust: ProxyTrust): string | undefined {
  const address = raw.socket.remoteAddress;
  const trusted = address !== undefined && trust(address, 0);
  const forwarded = (name: 'x-forwarded-proto' | 'x-forwarded-host') => {
    const value = trusted ? raw.headers[name] : undefined;
    return typeof value === 'string' && value ? value.slice(value.lastIndexOf(',') + 1).trim() : undefined;
  };
  const protocol = forwarded('x-forwarded-proto') ?? ('encrypted' in raw.socket && raw.socket.encrypted ? 'https' : 'http');
  return originOf(`${protocol}://${forwarded('x-forwarded-host') ?? raw.headers.host ?? ''}`);
}

/**
 * A websocket may be opened only from the panel's own origin (scheme, host and port alike) or
 * one listed in ALLOWED_ORIGINS; a missing or `null` Origin is refused too.
 */
export function isAllowedOrigin(origin: string | undefined, own: string | undefined, allowed: ReadonlySet<string>): boolean {
  const from = originOf(origin);
  return from !== undefined && (from === own || allowed.has(from));
}

export function apiRequestGuard() {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A machine's call carries its API token (issue 18) and no cookie is read for it (context.ts):
    // there is no ambient credential for a forged request to borrow, and a browser cannot set
    // this header cross-site without a CORS preflight the BFF never grants.
    if (bearerOf(request.headers)) return;
    const contentType = request.headers['content-type'] ?? '';
    if (!request.headers[CSRF_HEADER] && !contentType.startsWith('application/json')) {
      return reply.status(403).send({ message: CSRF_MESSAGE });
    }
  };
}

/** A URL's path as the router sees it: percent-decoded, dot segments resolved, slashes collapsed. */
export function normalisedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const parts: string[] = [];
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}
