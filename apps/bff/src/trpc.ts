import { initTRPC, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { allows, buildErrorMessage, type Access, type Role } from '@panel/contracts/common';
import type { Context } from './context';
import { GatewayError, GatewayShapeError, GatewayTimeoutError, isGatewayFailure, type GatewayFailure } from './gateway/gateway-error';
import {
  API_TOKEN_RATE_LIMITED_MESSAGE,
  FRAMEWORK_MESSAGES,
  GATEWAY_SHAPE_MESSAGE,
  GATEWAY_TIMEOUT_MESSAGE,
  GATEWAY_UNAVAILABLE_MESSAGE,
  NO_ACCESS_MESSAGE,
  SERVER_ERROR_MESSAGE,
  SIGN_IN_AGAIN_MESSAGE,
  persianMessageFor,
} from './messages';
import { MachineSession } from './machine-session';
import { procedureDuration } from './metrics';

const statusToCode: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** The one place gateway failures become transport errors carrying the §8 Persian message. */
export function toTRPCError(error: GatewayFailure): TRPCError {
  if (error instanceof GatewayError) {
    const message = buildErrorMessage({ status: error.status, body: error.text, contentType: error.contentType });
    const code = statusToCode[error.status] ?? (error.status === 504 ? 'GATEWAY_TIMEOUT' : error.status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST');
    return new TRPCError({ code, message, cause: error });
  }
  if (error instanceof GatewayTimeoutError) {
    return new TRPCError({ code: 'GATEWAY_TIMEOUT', message: GATEWAY_TIMEOUT_MESSAGE, cause: error });
  }
  if (error instanceof GatewayShapeError) {
    return new TRPCError({ code: 'BAD_GATEWAY', message: GATEWAY_SHAPE_MESSAGE, cause: error });
  }
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: GATEWAY_UNAVAILABLE_MESSAGE, cause: error });
}

const PERSIAN = /[\u0600-\u06FF]/;
const NOT_A_FIELD = new Set(['message', 'detail', 'none_field_errors', 'non_field_errors']);

/**
 * The fields a gateway's 400 names (`{field: ['message']}`), as the zod issues are given, so a
 * form shows each message beside its field (the form kit's `fields`), not only in the toast.
 */
export function gatewayFields(error: GatewayError): { path: string; message: string }[] | undefined {
  if (error.status !== 400 || typeof error.body !== 'object' || error.body === null || Array.isArray(error.body)) return undefined;
  const fields = Object.entries(error.body as Record<string, unknown>).flatMap(([path, value]) => {
    if (NOT_A_FIELD.has(path)) return [];
    const message = [value].flat().find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return message ? [{ path, message }] : [];
  });
  return fields.length > 0 ? fields : undefined;
}

/**
 * What a procedure says of itself for the API reference (`/api/openapi.json`, issue 18). The
 * access is set by `publicProcedure`/`procedureFor` themselves; a procedure
 * adds its one-line Persian `summary` (a test fails without one) and, when it declares no
 * `.output()`, the contract schema of its answer as `output` (the reference's only: the answer is
 * already checked by the gateway client, and the contract test checks it against the document).
 */
export interface ProcedureMeta {
  summary?: string;
  /** More than a line, in Persian Markdown. */
  description?: string;
  output?: z.ZodType;
  /** A sample input the reference shows and the contract test sends; derived from the input schema when absent. */
  example?: unknown;
  access?: ProcedureAccess;
  /** Only a person's session may call it; a token is refused with 403 (API tokens themselves). */
  peopleOnly?: boolean;
}

export type ProcedureAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'roles'; roles: Role[] };

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    // Input validation: the first zod message is already Persian (contracts write them so).
    const zodIssues = (error.cause as { issues?: { message: string; path: PropertyKey[] }[] } | undefined)?.issues;
    const hidden = error.code === 'INTERNAL_SERVER_ERROR';
    const chosen = hidden ? SERVER_ERROR_MESSAGE : error.code === 'BAD_REQUEST' && zodIssues?.[0] ? zodIssues[0].message : shape.message;
    // tRPC's own failures (a body that is not JSON, an unknown procedure, a batch too large) speak English.
    const message = PERSIAN.test(chosen) ? chosen : (FRAMEWORK_MESSAGES[error.code] ?? persianMessageFor(shape.data.httpStatus));
    const status = error.cause instanceof GatewayError ? error.cause.status : shape.data.httpStatus;
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        status,
        path: shape.data.path,
        fields: zodIssues?.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) ?? (error.cause instanceof GatewayError ? gatewayFields(error.cause) : undefined),
        // Refused by the BFF's own check of the input, before any gateway call (the fuzz holds it to that).
        ...(zodIssues ? { input: true } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const gatewayErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    throw isGatewayFailure(cause) ? toTRPCError(cause) : result.error;
  }
  return result;
});

/**
 * Every procedure reads the sealed session cookies before it runs; a machine call (an API token,
 * issue 18) is counted against its token's own limit first, then resolved by the gateway.
 */
const openSession = t.middleware(async ({ ctx, next }) => {
  if (ctx.session instanceof MachineSession) {
    const wait = await ctx.apiTokenLimiter.retryAfter(ctx.session.key);
    if (wait > 0) {
      const reply = ctx.res as { header?: (name: string, value: string) => unknown };
      if (typeof reply.header === 'function') reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: API_TOKEN_RATE_LIMITED_MESSAGE });
    }
    await ctx.apiTokenLimiter.fail(ctx.session.key);
  }
  try {
    await ctx.session.open();
  } catch (error) {
    throw isGatewayFailure(error) ? toTRPCError(error) : error;
  }
  return next();
});

/** Every call timed by its procedure and outcome for `/metrics` (decision 121): the outermost step, so refusals count too. */
const measured = t.middleware(async ({ path, type, next }) => {
  const started = performance.now();
  const result = await next();
  procedureDuration.observe({ procedure: path, type, code: result.ok ? 'OK' : result.error.code }, (performance.now() - started) / 1000);
  return result;
});

export const publicProcedure = t.procedure.meta({ access: { kind: 'public' } }).use(measured).use(openSession).use(gatewayErrors);

export const authedProcedure = publicProcedure.meta({ access: { kind: 'signed-in' } }).use(({ ctx, next }) => {
  if (!ctx.session.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN_MESSAGE });
  }
  return next({ ctx: { ...ctx, user: ctx.session.user } });
});

/** Signed in and holding at least one of `roles` (spec §6); roles come from the access token. */
function roleProcedure(roles: readonly Role[]) {
  return authedProcedure.meta({ access: { kind: 'roles', roles: [...roles] } }).use(({ ctx, next }) => {
    if (!allows(roles, ctx.session.roles)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: NO_ACCESS_MESSAGE });
    }
    return next();
  });
}

/**
 * The procedure of one operation of a module's access table in contracts (decision 094):
 * `procedureFor(PRICING_ORDERS_ACCESS.price)`. An empty list needs only a signed-in user.
 */
export function procedureFor(access: Access): typeof authedProcedure {
  return access.length === 0 ? authedProcedure : roleProcedure(access);
}
