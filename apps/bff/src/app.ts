import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { contextFactory, createAppState } from './context';
import { serveTrpcSocket } from './trpc-socket';
import { livePlugin } from './live/live-plugin';
import type { BffEnv } from './env';
import { appRouter, type AppRouter } from './router';
import { apiRequestGuard, normalisedPath, originOf, type TrustProxy } from './http-guards';
import { referencePlugin } from './openapi/reference-plugin';
import { clientErrorHandler, errorHandler } from './http-errors';
import { persianMessageFor } from './messages';
import { mediaProxy } from './media';
import { traceLogFields, traceRequests } from '@panel/observability';
import { operationsPlugin } from './operations';

export const TRPC_PREFIX = '/trpc';
export { CSRF_HEADER } from './http-guards';
/** Procedures per batched HTTP call; the web's batch link sends at most this many. */
export const MAX_BATCH_SIZE = 25;

/** Fastify's `trustProxy` from TRUST_PROXY: `true` (any hop), or the proxies' addresses/CIDRs. */
function trustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** A file of the build's `assets/` folder: its name holds its content's hash. */
const isHashedAsset = (path: string) => /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/.test(path);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the BFF as a plugin tree; `server.ts` only listens. */
export async function buildBff(env: BffEnv): Promise<FastifyInstance> {
  // With tracing on, each log line carries its trace id (decision 121).
  const mixin = traceLogFields();
  const proxies = trustProxy(env.TRUST_PROXY);
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'], ...(mixin ? { mixin } : {}) },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    trustProxy: proxies,
    clientErrorHandler,
  });
  app.setErrorHandler(errorHandler);
  // First, so every route and hook after it is in the request's trace; nothing while tracing is off.
  await traceRequests(app);
  // Shedding, liveness, readiness and `/metrics` (decision 121), before the routes they cover.
  await app.register(operationsPlugin, { env });
  if (!env.SESSION_SECRET) app.log.warn('SESSION_SECRET is not set: sessions are sealed with a key of this process and end when it stops');
  let lastRedisWarning = 0;
  const state = createAppState(env, {
    log: app.log,
    onRedisUnavailable(error) {
      // Once a minute at most: while Redis is down every sign-in would say it again.
      if (Date.now() - lastRedisWarning < 60_000) return;
      lastRedisWarning = Date.now();
      app.log.warn({ err: error }, 'Redis unavailable: sign-in limits counted, and API token revocations heard, by this BFF alone');
    },
  });
  app.addHook('onClose', () => state.signInLimiter.close());
  app.addHook('onClose', () => state.apiTokenLimiter.close());
  app.addHook('onClose', () => state.revocations.close());
  app.addHook('onClose', () => state.refresher.close());
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (Chakra) writes its generated rules into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(env.COOKIE_SECURE ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: env.COOKIE_SECURE ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(cookie);
  // Before the API's websocket: watching browsers are told to reconnect before their sockets
  // close (hooks run in the order they were added).
  await app.register(livePlugin, { live: state.live });

  const allowedOrigins = new Set(
    env.ALLOWED_ORIGINS.split(',')
      .map((origin) => originOf(origin.trim()))
      .filter((origin): origin is string => origin !== undefined),
  );
  const trpcOptions = {
    router: appRouter,
    onError({ error, path }: { error: { code: string }; path?: string }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
    },
  };
  // The API's routes in a scope of their own, so its request rules hold for every spelling of its path.
  await app.register(async (api) => {
    api.addHook('onRequest', apiRequestGuard());
    await api.register(fastifyTRPCPlugin, {
      prefix: TRPC_PREFIX,
      trpcOptions: { ...trpcOptions, maxBatchSize: MAX_BATCH_SIZE, createContext: contextFactory(env, state) },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });
  // The API's websocket, off fastify's request path (decision 143).
  serveTrpcSocket(app, {
    env,
    state,
    path: TRPC_PREFIX,
    allowedOrigins,
    trustProxy: proxies,
    // Live events of every feed are serialized once for every browser (decisions 060, 062, 145).
    protocol: { ...trpcOptions, keepAlive: { pingMs: 15_000, pongWaitMs: 5_000 } },
  });

  // The API's reference for integrators (issue 18): `/api/openapi.json` and `/api/reference`.
  await app.register(referencePlugin, { router: appRouter });
  await app.register(mediaProxy, { env, state });

  const webDist = env.WEB_DIST;
  const servesWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: ['index.html'],
      // The build writes Brotli and gzip beside each file; the smaller one the browser accepts goes out.
      preCompressed: true,
      // Hashed files never change under their name; the document is asked for afresh each load, so
      // a new build is picked up at once (issue 36).
      setHeaders: (reply, path) => void reply.header('cache-control', isHashedAsset(path) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = normalisedPath(request.url);
    const isApi = path === TRPC_PREFIX || path.startsWith(`${TRPC_PREFIX}/`);
    // Any other page address is a route of the single-page app.
    if (servesWeb && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: persianMessageFor(404) });
  });
  return app;
}
