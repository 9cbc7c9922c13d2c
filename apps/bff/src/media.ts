import type { FastifyPluginAsync } from 'fastify';
import { createContext, type AppState } from './context';
import type { BffEnv } from './env';
import { persianMessageFor } from './messages';

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

export const mediaProxy: FastifyPluginAsync<{ env: BffEnv; state: AppState }> = async (app, { env, state }) => {
  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    if (!/^\d{1,15}$/.test(request.params.id)) return reply.status(404).send({ message: persianMessageFor(404) });
    const ctx = createContext(env, state, { req: request as never, res: reply as never });
    await ctx.session.open();
    const { access, refresh } = ctx.session.get();
    if (!access) return reply.status(401).send({ message: persianMessageFor(401) });
    const fetchMedia = (token: string) =>
      fetch(new URL(`/api/media/${request.params.id}/`, state.upstream.url), {
        headers: { authorization: `Bearer ${token}`, ...(request.headers['if-none-match'] ? { 'if-none-match': String(request.headers['if-none-match']) } : {}) },
        signal: AbortSignal.timeout(state.upstream.timeoutMs ?? 10_000),
      });
    let response = await fetchMedia(access);
    if (response.status === 401 && refresh) {
      const fresh = await state.refresher.refresh(refresh, access).catch(() => undefined);
      if (fresh) {
        await ctx.session.save({ access: fresh });
        response = await fetchMedia(fresh);
      }
    }
    for (const header of PASSED_HEADERS) {
      const value = response.headers.get(header);
      if (value) reply.header(header, value);
    }
    if (!response.ok && response.status !== 304) return reply.status(response.status).send({ message: persianMessageFor(response.status) });
    return reply.status(response.status).send(response.status === 304 ? undefined : Buffer.from(await response.arrayBuffer()));
  });
};
