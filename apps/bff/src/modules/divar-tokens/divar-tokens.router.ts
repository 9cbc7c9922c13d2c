import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  DivarLinkInputSchema,
  DivarTokenActionResultSchema,
  DivarTokenIdInputSchema,
  DivarTokenListFilterSchema,
  DivarTokenLookupInputSchema,
  DivarTokenPageSchema,
  DivarTokenSchema,
  DivarUnlinkInputSchema,
} from '@panel/contracts/divar-tokens';
import { exportAnswer } from '../../gateway/export-all';
import { router, staffProcedure } from '../../trpc';
import * as tokens from './divar-tokens.service';

// The sidebar item needs backoffice#staff (spec §6); the sale team's staff read, link and unlink.
export const divarTokensRouter = router({
  list: staffProcedure.meta({ summary: 'فهرست توکن‌های دیوار با فیلترها و صفحه‌بندی', output: DivarTokenPageSchema }).input(DivarTokenListFilterSchema).query(({ ctx, input }) => tokens.listDivarTokens(ctx.gateway, input)),
  export: staffProcedure.meta({ summary: 'همه توکن‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(DivarTokenSchema) }).input(DivarTokenListFilterSchema).query(({ ctx, input }) => tokens.exportDivarTokens(ctx.gateway, input)),
  lookup: staffProcedure.meta({ summary: 'جستجوی یک توکن دیوار و آنچه به آن متصل است', output: DivarTokenSchema.nullable() }).input(DivarTokenLookupInputSchema).query(({ ctx, input }) => tokens.lookupDivarToken(ctx.gateway, input.token)),
  detail: staffProcedure.meta({ summary: 'یک توکن دیوار و اتصال آن', output: DivarTokenSchema }).input(DivarTokenIdInputSchema).query(({ ctx, input }) => tokens.divarToken(ctx.gateway, input.id)),
  history: staffProcedure.meta({ summary: 'سابقه اتصال و برداشتن اتصال یک توکن', output: z.array(ActionLogEntrySchema) }).input(DivarTokenIdInputSchema).query(({ ctx, input }) => tokens.divarTokenHistory(ctx.gateway, input.id)),
  link: staffProcedure.meta({ summary: 'اتصال توکن دیوار به آگهی خودرو یا فروش همراه', output: DivarTokenActionResultSchema }).input(DivarLinkInputSchema).mutation(({ ctx, input }) => tokens.linkDivarToken(ctx.gateway, input)),
  unlink: staffProcedure.meta({ summary: 'برداشتن اتصال توکن دیوار با ذکر دلیل', output: DivarTokenActionResultSchema }).input(DivarUnlinkInputSchema).mutation(({ ctx, input }) => tokens.unlinkDivarToken(ctx.gateway, input)),
});
