import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { contextFactory, createAppState } from './context';
import { dispatchLivePlugin } from './modules/dispatch/dispatch.plugin';
import { dispatchWireEncoder } from './modules/dispatch/dispatch.wire';
import type { BffEnv } from './env';
import { appRouter, type AppRouter } from './router';

export const TRPC_PREFIX = '/trpc';
/** Browsers send this header on every tRPC HTTP call; a cross-site form cannot. */
export const CSRF_HEADER = 'x-panel-request';

/** Builds the BFF as a plugin tree; `server.ts` only listens. */
export async function buildBff(env: BffEnv): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
  });
  let lastRedisWarning = 0;
  const state = createAppState(env, {
    onRedisUnavailable(error) {
      // Once a minute at most: while Redis is down every sign-in would say it again.
      if (Date.now() - lastRedisWarning < 60_000) return;
      lastRedisWarning = Date.now();
      app.log.warn({ err: error }, 'Redis unavailable: sign-in limits counted by this BFF alone');
    },
  });
  app.addHook('onClose', () => state.signInLimiter.close());
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  const allowedOrigins = new Set(env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(TRPC_PREFIX)) return;
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (isUpgrade) {
      const origin = request.headers.origin;
      const sameHost = origin && new URL(origin).host === request.headers.host;
      if (origin && !sameHost && !allowedOrigins.has(origin)) {
        return reply.status(403).send({ message: 'مبدا درخواست مجاز نیست.' });
      }
      return;
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!request.headers[CSRF_HEADER] && !contentType.startsWith('application/json')) {
      return reply.status(403).send({ message: 'درخواست نامعتبر است.' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    useWSS: true,
    trpcOptions: {
      keepAlive: { enabled: true, pingMs: 15_000, pongWaitMs: 5_000 },
      // Live dispatch deltas are serialized once for every browser (decision 060).
      experimental_encoder: dispatchWireEncoder,
      router: appRouter,
      createContext: contextFactory(env, state),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  await app.register(dispatchLivePlugin);

  app.get('/healthz', async () => ({ status: 'ok' }));

  const webDist = env.WEB_DIST;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith(TRPC_PREFIX)) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ message: 'یافت نشد.' });
    });
  }
  return app;
}
