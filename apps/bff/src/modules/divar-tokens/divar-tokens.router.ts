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
  DIVAR_TOKENS_ACCESS,
} from '@panel/contracts/divar-tokens';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as tokens from './divar-tokens.service';

// The sidebar item needs backoffice#staff (spec §6); the sale team's staff read, link and unlink.
const link = procedureFor(DIVAR_TOKENS_ACCESS.link);
const read = procedureFor(DIVAR_TOKENS_ACCESS.read);

export const divarTokensRouter = router({
  list: read.meta({ summary: 'فهرست توکن‌های دیوار با فیلترها و صفحه‌بندی', output: DivarTokenPageSchema }).input(DivarTokenListFilterSchema).query(({ ctx, input }) => tokens.listDivarTokens(ctx.gateway, input)),
  export: read.meta({ summary: 'همه توکن‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(DivarTokenSchema) }).input(DivarTokenListFilterSchema).query(({ ctx, input }) => tokens.exportDivarTokens(ctx.gateway, input)),
  lookup: read.meta({ summary: 'جستجوی یک توکن دیوار و آنچه به آن متصل است', output: DivarTokenSchema.nullable() }).input(DivarTokenLookupInputSchema).query(({ ctx, input }) => tokens.lookupDivarToken(ctx.gateway, input.token)),
  detail: read.meta({ summary: 'یک توکن دیوار و اتصال آن', output: DivarTokenSchema }).input(DivarTokenIdInputSchema).query(({ ctx, input }) => tokens.divarToken(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه اتصال و برداشتن اتصال یک توکن', output: z.array(ActionLogEntrySchema) }).input(DivarTokenIdInputSchema).query(({ ctx, input }) => tokens.divarTokenHistory(ctx.gateway, input.id)),
  link: link.meta({ summary: 'اتصال توکن دیوار به آگهی خودرو یا فروش همراه', output: DivarTokenActionResultSchema }).input(DivarLinkInputSchema).mutation(({ ctx, input }) => tokens.linkDivarToken(ctx.gateway, input)),
  unlink: link.meta({ summary: 'برداشتن اتصال توکن دیوار با ذکر دلیل', output: DivarTokenActionResultSchema }).input(DivarUnlinkInputSchema).mutation(({ ctx, input }) => tokens.unlinkDivarToken(ctx.gateway, input)),
});
