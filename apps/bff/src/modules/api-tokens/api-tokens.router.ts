import { API_TOKENS_ACCESS, ApiTokenIdInputSchema, ApiTokenListSchema, ApiTokenSchema, CreateApiTokenInputSchema, CreatedApiTokenSchema } from '@panel/contracts/api-tokens';
import { inResult } from '@panel/contracts/common';
import { TRPCError } from '@trpc/server';
import { MachineSession } from '../../machine-session';
import { procedureFor, router } from '../../trpc';

export const TOKENS_BY_PEOPLE_ONLY = 'توکن‌ها را فقط کارکنان از پنل می‌سازند یا باطل می‌کنند، نه با توکن دیگری.';

/** Staff in the panel, never a token: a token that made tokens could outlive its own revocation. */
const peopleOnly = procedureFor(API_TOKENS_ACCESS.manage).meta({ peopleOnly: true }).use(({ ctx, next }) => {
  if (ctx.session instanceof MachineSession) throw new TRPCError({ code: 'FORBIDDEN', message: TOKENS_BY_PEOPLE_ONLY });
  return next();
});

// API tokens for machines (issue 18): staff create, list and revoke them in the panel. The
// gateway keeps them (hashed) and refuses a token that would outgrow its creator's roles, and
// refuses a token managing tokens.
export const apiTokensRouter = router({
  list: peopleOnly
    .meta({ summary: 'فهرست توکن‌های API با نقش‌ها، انقضا و آخرین استفاده (خود توکن هرگز)' })
    .output(ApiTokenListSchema)
    .query(({ ctx }) => ctx.gateway.get(ApiTokenListSchema, '/api/auth/api-tokens/')),

  create: peopleOnly
    .meta({ summary: 'ساخت توکن API؛ خود توکن فقط همین یک بار در پاسخ می‌آید' })
    .input(CreateApiTokenInputSchema)
    .output(CreatedApiTokenSchema)
    .mutation(({ ctx, input }) => ctx.gateway.send(inResult(CreatedApiTokenSchema), 'POST', '/api/auth/api-tokens/', input)),

  revoke: peopleOnly
    .meta({ summary: 'ابطال توکن API؛ درخواست بعدی آن و جریان‌های باز آن همان دم رد می‌شوند' })
    .input(ApiTokenIdInputSchema)
    .output(ApiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const revoked = await ctx.gateway.send(inResult(ApiTokenSchema), 'POST', `/api/auth/api-tokens/${input.id}/revoke/`);
      ctx.revocations.announce(revoked.id);
      return revoked;
    }),
});
