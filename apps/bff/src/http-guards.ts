import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@panel/contracts/common';
import { bearerOf } from './machine-session';
import { CSRF_MESSAGE, FORBIDDEN_ORIGIN_MESSAGE } from './messages';

// The request rules of DESIGN §4 for the typed API (CSRF header for HTTP, Origin for the
// websocket upgrade). They run as a hook of the API's own routes (app.ts), so whatever spelling
// of the path reached a route (`/%74rpc`, `//trpc`, `/trpc/../trpc`) met them first; the
// router's decoding can never route around a check of the URL text.

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

/** The panel's own origin as this request reached it (scheme and host behind TRUST_PROXY too). */
function ownOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

/**
 * A websocket may be opened only from the panel's own origin (scheme, host and port alike) or
 * one listed in ALLOWED_ORIGINS; a missing or `null` Origin is refused too.
 */
export function isAllowedOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = originOf(request.headers.origin);
  return origin !== undefined && (origin === ownOrigin(request) || allowed.has(origin));
}

export function apiRequestGuard(allowedOrigins: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      if (!isAllowedOrigin(request, allowedOrigins)) return reply.status(403).send({ message: FORBIDDEN_ORIGIN_MESSAGE });
      return;
    }
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
