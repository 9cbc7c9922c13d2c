import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@panel/contracts/common';
import { createContext, type AppState } from './context';
import type { BffEnv } from './env';
import { CSRF_MESSAGE, persianMessageFor } from './messages';

// The media store's files (gateway `/api/media/:id/`) for the browser: an <img> cannot send the
// gateway's bearer token, so the BFF serves `/media/:id` with the session's token (refreshed once
// when the gateway refuses an expired one), passing through the content type and the cache
// headers. Modules answer image addresses through `publicMediaUrl`.

const GATEWAY_MEDIA = /^\/api\/media\/(\d+)\/$/;

/** The browser's address of a gateway media address; any other address stays as it is. */
export function publicMediaUrl(url: string): string {
  const match = GATEWAY_MEDIA.exec(url);
  return match ? `/media/${match[1]}` : url;
}

const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'content-disposition'] as const;

/** The types and size the gateway's media store takes (apps/gateway/src/media/media.ts); it checks them again. */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const mediaProxy: FastifyPluginAsync<{ env: BffEnv; state: AppState }> = async (app, { env, state }) => {
  /** One gateway call with the session's token, refreshed once when the gateway refuses an expired one; undefined when signed out. */
  const asSession = async (request: FastifyRequest, reply: FastifyReply, call: (token: string) => Promise<Response>) => {
    const ctx = createContext(env, state, { req: request as never, res: reply as never });
    await ctx.session.open();
    const { access, refresh } = ctx.session.get();
    if (!access) return undefined;
    let response = await call(access);
    if (response.status === 401 && refresh) {
      const fresh = await state.refresher.refresh(refresh, access).catch(() => undefined);
      if (fresh) {
        await ctx.session.save({ access: fresh });
        response = await call(fresh);
      }
    }
    return response;
  };

  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    if (!/^\d{1,15}$/.test(request.params.id)) return reply.status(404).send({ message: persianMessageFor(404) });
    const response = await asSession(request, reply, (token) =>
      fetch(new URL(`/api/media/${request.params.id}/`, state.upstream.url), {
        headers: { authorization: `Bearer ${token}`, ...(request.headers['if-none-match'] ? { 'if-none-match': String(request.headers['if-none-match']) } : {}) },
        signal: AbortSignal.timeout(state.upstream.timeoutMs ?? 10_000),
      }),
    );
    if (!response) return reply.status(401).send({ message: persianMessageFor(401) });
    for (const header of PASSED_HEADERS) {
      const value = response.headers.get(header);
      if (value) reply.header(header, value);
    }
    if (!response.ok && response.status !== 304) return reply.status(response.status).send({ message: persianMessageFor(response.status) });
    return reply.status(response.status).send(response.status === 304 ? undefined : Buffer.from(await response.arrayBuffer()));
  });

  // An upload to the media store (the file itself as the body, `?name=` naming it), for a screen
  // that then attaches the answered id to its entity (a leasing order's documents). A browser
  // sends it with the API's CSRF header, as every other write (DESIGN §4).
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
  app.post<{ Querystring: { name?: string } }>('/media', { bodyLimit: UPLOAD_MAX_BYTES + 1 }, async (request, reply) => {
    if (!request.headers[CSRF_HEADER]) return reply.status(403).send({ message: CSRF_MESSAGE });
    const name = typeof request.query.name === 'string' && request.query.name.trim() !== '' ? request.query.name.trim().slice(0, 200) : 'file';
    const response = await asSession(request, reply, (token) =>
      fetch(new URL(`/api/media/?name=${encodeURIComponent(name)}`, state.upstream.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': request.headers['content-type'] ?? 'application/octet-stream' },
        body: Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array(),
        signal: AbortSignal.timeout(state.upstream.timeoutMs ?? 10_000),
      }),
    );
    if (!response) return reply.status(401).send({ message: persianMessageFor(401) });
    const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!response.ok) return reply.status(response.status).send({ message: uploadRefusal(answer) ?? persianMessageFor(response.status) });
    return reply.status(201).send({ ...answer, url: publicMediaUrl(String(answer?.url ?? '')) });
  });
};

/** The gateway's Persian reason for a refused upload, whichever of its shapes it has. */
function uploadRefusal(answer: Record<string, unknown> | undefined): string | undefined {
  if (!answer) return undefined;
  if (typeof answer.message === 'string') return answer.message;
  if (typeof answer.detail === 'string') return answer.detail;
  const texts = Object.values(answer).flat().filter((v): v is string => typeof v === 'string');
  return texts.length > 0 ? texts.join('، ') : undefined;
}
