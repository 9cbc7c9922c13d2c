import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { procedureFor, publicProcedure, router } from '../../trpc';
import { SIGN_IN_RATE_LIMITED_MESSAGE } from '../../messages';
import {
  CallerHistorySchema,
  GatewayUserSchema,
  SessionSchema,
  SignInInputSchema,
  UserIdInputSchema,
  UsersListInputSchema,
  UsersListSchema,
  AUTH_ACCESS,
} from '@panel/contracts/auth';
import { SignInRateLimitedError, callerHistory, getUser, listUsers, readSessionStatus, signIn, signOut } from './auth.service';

const self = procedureFor(AUTH_ACCESS.self);
const users = procedureFor(AUTH_ACCESS.users);

export const authRouter = router({
  /** The signed-in user and roles, or null; never a token. */
  session: publicProcedure.meta({ summary: 'کاربر واردشده و نقش‌هایش، یا null؛ هرگز توکن' }).output(SessionSchema.nullable()).query(({ ctx }) => readSessionStatus(ctx)),

  signIn: publicProcedure.meta({ summary: 'ورود با نام کاربری و رمز عبور (برای مرورگر؛ ماشین‌ها توکن API دارند)' })
    .input(SignInInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        const limits = { perAccount: ctx.env.SIGN_IN_RATE_LIMIT_PER_MINUTE, perAddress: ctx.env.SIGN_IN_ADDRESS_LIMIT_PER_MINUTE };
        return await signIn(ctx, ctx.signInLimiter, limits, ctx.clientIp, input);
      } catch (error) {
        if (error instanceof SignInRateLimitedError) {
          // Over HTTP the reply says when to come back; over a websocket there is no reply.
          const reply = ctx.res as { header?: (name: string, value: string) => unknown };
          if (typeof reply.header === 'function') reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
          throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: SIGN_IN_RATE_LIMITED_MESSAGE, cause: error });
        }
        throw error;
      }
    }),

  signOut: publicProcedure.meta({ summary: 'خروج و ابطال نشست مرورگر' }).output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await signOut(ctx);
    return { ok: true as const };
  }),

  /** Whom the signed-in user is talking with now: the caller-history dialog is in every user's footer (spec §2). */
  callerHistory: self.meta({ summary: 'تماس‌گیرنده‌ای که کاربر هم‌اکنون با او صحبت می‌کند' }).output(CallerHistorySchema).query(({ ctx }) => callerHistory(ctx)),

  users: users.meta({ summary: 'فهرست کاربران' }).input(UsersListInputSchema).output(UsersListSchema).query(({ ctx, input }) => listUsers(ctx, input)),

  user: users.meta({ summary: 'یک کاربر' }).input(UserIdInputSchema).output(GatewayUserSchema).query(({ ctx, input }) => getUser(ctx, input.id)),
});
