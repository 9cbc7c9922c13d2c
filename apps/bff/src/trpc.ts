import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ROLES, buildErrorMessage, type Role } from '@panel/contracts/common';
import type { Context } from './context';
import { GatewayError, GatewayUnavailableError } from './gateway/gateway-error';

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
export function toTRPCError(error: GatewayError | GatewayUnavailableError): TRPCError {
  if (error instanceof GatewayError) {
    const message = buildErrorMessage({ status: error.status, body: error.text, contentType: error.contentType });
    const code = statusToCode[error.status] ?? (error.status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST');
    return new TRPCError({ code, message, cause: error });
  }
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'ارتباط با سرور برقرار نشد. لطفا دوباره تلاش کنید.', cause: error });
}

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    // Input validation: the first zod message is already Persian (contracts write them so).
    const zodIssues = (error.cause as { issues?: { message: string; path: PropertyKey[] }[] } | undefined)?.issues;
    const hidden = error.code === 'INTERNAL_SERVER_ERROR';
    const message = hidden
      ? 'ظاهرا مشکلی پیش آمده است - کد خطا: 500'
      : error.code === 'BAD_REQUEST' && zodIssues?.[0]
        ? zodIssues[0].message
        : shape.message;
    const status = error.cause instanceof GatewayError ? error.cause.status : shape.data.httpStatus;
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        status,
        path: shape.data.path,
        fields: zodIssues?.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
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
    const isGateway = cause instanceof GatewayError || cause instanceof GatewayUnavailableError;
    throw isGateway ? toTRPCError(cause) : result.error;
  }
  return result;
});

export const publicProcedure = t.procedure.use(gatewayErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'لطفا دوباره وارد شوید.' });
  }
  return next({ ctx: { ...ctx, user: ctx.session.user } });
});

export const NO_ACCESS_MESSAGE = 'شما به این بخش دسترسی ندارید.';

/** Signed in and holding at least one of `roles` (spec §6); roles come from the access token. */
export function roleProcedure(...roles: Role[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.some((role) => ctx.session.roles.includes(role))) {
      throw new TRPCError({ code: 'FORBIDDEN', message: NO_ACCESS_MESSAGE });
    }
    return next();
  });
}

/** Most of the panel needs 'backoffice#staff'. */
export const staffProcedure = roleProcedure(ROLES.staff);
