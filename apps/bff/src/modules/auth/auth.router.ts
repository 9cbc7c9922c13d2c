import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, router, staffProcedure } from '../../trpc';
import {
  CallerHistorySchema,
  GatewayUserSchema,
  SessionSchema,
  SignInInputSchema,
  UserIdInputSchema,
  UsersListInputSchema,
  UsersListSchema,
} from './auth.schemas';
import { SignInRateLimitedError, callerHistory, getUser, listUsers, readSessionStatus, signIn, signOut } from './auth.service';

export const SIGN_IN_RATE_LIMITED_MESSAGE = 'تعداد تلاش‌های ناموفق ورود بیش از حد مجاز است. لطفا یک دقیقه دیگر دوباره تلاش کنید.';

export const authRouter = router({
  /** The signed-in user and roles, or null; never a token. */
  session: publicProcedure.output(SessionSchema.nullable()).query(({ ctx }) => readSessionStatus(ctx)),

  signIn: publicProcedure
    .input(SignInInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        return await signIn(ctx, ctx.signInLimiter, ctx.clientIp, input);
      } catch (error) {
        if (error instanceof SignInRateLimitedError) {
          throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: SIGN_IN_RATE_LIMITED_MESSAGE, cause: error });
        }
        throw error;
      }
    }),

  signOut: publicProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await signOut(ctx);
    return { ok: true as const };
  }),

  /** Whom the staff member is talking with now (the caller-history dialog). */
  callerHistory: staffProcedure.output(CallerHistorySchema).query(({ ctx }) => callerHistory(ctx)),

  users: staffProcedure.input(UsersListInputSchema).output(UsersListSchema).query(({ ctx, input }) => listUsers(ctx, input)),

  user: staffProcedure.input(UserIdInputSchema).output(GatewayUserSchema).query(({ ctx, input }) => getUser(ctx, input.id)),
});
