import type { IncomingMessage } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { WebSocket } from 'ws';
import proxyAddr from '@fastify/proxy-addr';
import type { BffEnv } from './env';
import { callGateway, createGatewayClient, createUpstreamHealth, type GatewayClient, type Upstream } from './gateway/gateway-client';
import { REFRESH_PATH, createTokenRefresher, type TokenRefresher } from './gateway/token-refresher';
import { createSignInLimiter, type SignInLimiter } from './sign-in-limiter';
import { ACCESS_COOKIE, REFRESH_COOKIE, Session, readCookies, replyCookieWriter, type CookieWriter } from './session';
import { createSealer, ephemeralSecret, type Sealer } from './session-seal';
import { MachineSession, bearerOf } from './machine-session';
import { createTokenRevocations, type TokenRevocations } from './token-revocations';
import { GatewayTimeoutError, GatewayUnavailableError } from './gateway/gateway-error';
import { rateLimited, tokenRefreshes } from './metrics';
import { createLiveShare, type LiveShare } from './live/live-share';
import type { ProxyTrust } from './http-guards';
import { createSharedRefresh, type SharedRefresh } from './session-refresh';

export interface Context {
  /** The HTTP call's request; a websocket keeps nothing of its upgrade request (decision 143). */
  req?: CreateFastifyContextOptions['req'];
  /** The HTTP call's reply, or the websocket itself. */
  res: CreateFastifyContextOptions['res'] | WebSocket;
  env: BffEnv;
  session: Session;
  gateway: GatewayClient;
  /** The caller's address, for per-client limits such as sign-in attempts. */
  clientIp: string;
  signInLimiter: SignInLimiter;
  /** Calls per API token in a sliding minute (machine calls, issue 18). */
  apiTokenLimiter: SignInLimiter;
  /** Revoked API tokens, heard by every replica: their open streams end at once. */
  revocations: TokenRevocations;
  /** Where operators read of upstream outages (the app's logger; silent in caller tests). */
  log?: { warn(details: object, message: string): void };
  /** BFF replicas sharing Redis: this replica's share of the live numbering (decision 129). */
  live?: LiveShare;
}

/** State that outlives a request and is shared by all requests of one BFF instance. */
export interface AppState {
  refresher: TokenRefresher;
  signInLimiter: SignInLimiter;
  apiTokenLimiter: SignInLimiter;
  revocations: TokenRevocations;
  /** Seals the session cookies with the BFF's key (SESSION_SECRET, or one for this process). */
  sealer: Sealer;
  /** The gateway as every call of this BFF reaches it: address, deadline, outage log. */
  upstream: Upstream;
  /** With REDIS_URL: the live feeds' one numbering across replicas (decision 129); connects on first use. */
  live?: LiveShare;
  log?: { warn(details: object, message: string): void };
}

export function createAppState(
  env: BffEnv,
  hooks: { onRedisUnavailable?: (error: unknown) => void; log?: { warn(details: object, message: string): void } } = {},
): AppState {
  const health = hooks.log ? createUpstreamHealth(hooks.log) : undefined;
  const upstream: Upstream = { url: env.GATEWAY_URL, timeoutMs: env.GATEWAY_TIMEOUT_MS, health };
  const sealer = createSealer(env.SESSION_SECRET ?? ephemeralSecret());
  return {
    log: hooks.log,
    upstream,
    live: env.REDIS_URL
      ? createLiveShare({
          url: env.REDIS_URL,
          prefix: env.REDIS_KEY_PREFIX,
          leaseMs: env.LIVE_LEASE_MS,
          maxLen: env.LIVE_STREAM_MAXLEN,
          health: hooks.log ? createUpstreamHealth(hooks.log, 'Redis of the live feeds') : undefined,
        })
      : undefined,
    sealer,
    // Replicas sharing Redis refresh a session once between them (decision 129).
    refresher: createRefresher(
      upstream,
      env.REDIS_URL
        ? (call) =>
            createSharedRefresh(call, {
              url: env.REDIS_URL!,
              prefix: env.REDIS_KEY_PREFIX,
              sealer,
              lockMs: env.GATEWAY_TIMEOUT_MS + 1_000,
              onUnavailable: hooks.onRedisUnavailable,
            })
        : undefined,
    ),
    // Sign-in keys are `account:<name>` and `address:<ip>`: each limit hit is counted by its kind.
    signInLimiter: countedLimits(
      createSignInLimiter(env.SIGN_IN_RATE_LIMIT_PER_MINUTE, env.REDIS_URL, { prefix: env.REDIS_KEY_PREFIX, onUnavailable: hooks.onRedisUnavailable }),
      (client) => `sign-in-${SIGN_IN_KEY_KINDS.find((kind) => client.startsWith(`${kind}:`)) ?? 'other'}`,
    ),
    apiTokenLimiter: countedLimits(
      createSignInLimiter(env.API_TOKEN_RATE_LIMIT_PER_MINUTE, env.REDIS_URL, { prefix: `${env.REDIS_KEY_PREFIX}api-token:`, onUnavailable: hooks.onRedisUnavailable }),
      () => 'api-token',
    ),
    revocations: createTokenRevocations(env.REDIS_URL, { prefix: env.REDIS_KEY_PREFIX, onUnavailable: hooks.onRedisUnavailable }),
  };
}

/** The kinds of key the sign-in limiter is asked about; anything else is `other` (never a name in a label). */
const SIGN_IN_KEY_KINDS = ['account', 'address'] as const;

/** A limiter whose every refusal (a wait above 0) is counted under `limit(client)` for `/metrics`. */
function countedLimits(limiter: SignInLimiter, limit: (client: string) => string): SignInLimiter {
  return {
    ...limiter,
    async retryAfter(client, perMinute) {
      const wait = await limiter.retryAfter(client, perMinute);
      if (wait > 0) rateLimited.inc({ limit: limit(client) });
      return wait;
    },
  };
}

/**
 * The app-wide refresher: concurrent requests of one session share one refresh (each counted once
 * for `/metrics`); with `shared`, so do the replicas sharing Redis.
 */
export function createRefresher(upstream: Upstream, shared?: (call: (refresh: string) => Promise<{ access: string }>) => SharedRefresh): TokenRefresher {
  const call = async (refresh: string) => {
    try {
      const answer = await callGateway<{ access: string }>(upstream, REFRESH_PATH, { method: 'POST', body: { refresh } });
      tokenRefreshes.inc({ outcome: 'ok' });
      return answer;
    } catch (error) {
      const unreachable = error instanceof GatewayUnavailableError || error instanceof GatewayTimeoutError;
      tokenRefreshes.inc({ outcome: unreachable ? 'unavailable' : 'refused' });
      throw error;
    }
  };
  if (!shared) return createTokenRefresher(call);
  const across = shared(call);
  return createTokenRefresher(async (refresh, failedAccess) => ({ access: await across.refresh(refresh, failedAccess) }), { close: () => across.close() });
}

/** Who calls, and where the session's cookies go: all a context needs of its transport. */
interface Caller {
  /** `Authorization: Bearer <API token>`: a machine's call (issue 18). */
  token: string | undefined;
  cookies: Record<string, string | undefined>;
  writer: CookieWriter | undefined;
  clientIp: string;
}

function contextOf(env: BffEnv, state: AppState, caller: Caller, transport: Pick<Context, 'req' | 'res'>): Context {
  // A machine's cookies, if any, are not read, so a browser's session never rides along with a token.
  const { token } = caller;
  const session = token
    ? new MachineSession(token, state.upstream, state.sealer, state.revocations)
    : new Session(caller.cookies, caller.writer, env.COOKIE_SECURE, state.sealer);
  return {
    ...transport,
    env,
    session,
    clientIp: caller.clientIp,
    signInLimiter: state.signInLimiter,
    apiTokenLimiter: state.apiTokenLimiter,
    revocations: state.revocations,
    log: state.log,
    live: state.live,
    gateway: createGatewayClient(state.upstream, session, token ? undefined : state.refresher),
  };
}

/** The context of an HTTP call: cookies read from the request, and written on its reply. */
export function createContext(
  env: BffEnv,
  state: AppState,
  { req, res }: Pick<CreateFastifyContextOptions, 'req' | 'res'>,
): Context {
  const token = bearerOf((req as { headers: Record<string, unknown> }).headers);
  const clientIp = (req as { ip?: string }).ip ?? (req as { socket?: { remoteAddress?: string } }).socket?.remoteAddress ?? 'unknown';
  return contextOf(env, state, { token, cookies: token ? {} : readCookies(req as never), writer: replyCookieWriter(res), clientIp }, { req, res });
}

export function contextFactory(env: BffEnv, state: AppState) {
  return ({ req, res }: CreateFastifyContextOptions): Context => createContext(env, state, { req, res });
}

/**
 * What a websocket's calls need of its upgrade request, copied off it at the upgrade: the
 * request itself (with its every header) is not kept for the socket's life (decision 143).
 */
export type SocketCaller = Omit<Caller, 'writer'>;

/** `trust` is fastify's `trustProxy` rule: the caller's address is taken as fastify's `request.ip`. */
export function socketCallerOf(req: IncomingMessage, trust: ProxyTrust): SocketCaller {
  const token = bearerOf(req.headers);
  const cookies = token ? {} : readCookies(req);
  return {
    token,
    // Only the session's two: whatever else the browser sends stays with the request.
    cookies: { [ACCESS_COOKIE]: cookies[ACCESS_COOKIE], [REFRESH_COOKIE]: cookies[REFRESH_COOKIE] },
    clientIp: proxyAddr(req, trust) ?? 'unknown',
  };
}

/** The context of a websocket's calls: the copied caller, and the socket; no cookie can be written. */
export function createSocketContext(env: BffEnv, state: AppState, caller: SocketCaller, socket: WebSocket): Context {
  return contextOf(env, state, { ...caller, writer: undefined }, { res: socket });
}
