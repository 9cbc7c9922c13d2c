import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  NPS_ACCESS,
  NpsAnswerDetailSchema,
  NpsAnswerSchema,
  NpsIdInputSchema,
  NpsListFilterSchema,
  NpsOutcomeSchema,
  NpsPageSchema,
  NpsStepInputSchema,
  NpsTrendSchema,
  RecordNpsAnswerInputSchema,
} from '@panel/contracts/nps';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './nps.service';

const read = procedureFor(NPS_ACCESS.read);
const act = procedureFor(NPS_ACCESS.act);

/** NPS (issue 33, decision 115): the procedures, each guarded by its line of the module's access table. */
export const npsRouter = router({
  list: read.meta({ summary: 'پاسخ‌های نظرسنجی با فیلتر، ترتیب و صفحه‌بندی و شاخص NPS مجموعه فیلترشده', output: NpsPageSchema }).input(NpsListFilterSchema).query(({ ctx, input }) => service.listNps(ctx.gateway, input)),
  export: read.meta({ summary: 'همه پاسخ‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(NpsAnswerSchema) }).input(NpsListFilterSchema).query(({ ctx, input }) => service.exportNps(ctx.gateway, input)),
  trend: read.meta({ summary: 'شاخص NPS هفتگی همان مجموعه فیلترشده برای نمودار', output: NpsTrendSchema }).input(NpsListFilterSchema).query(({ ctx, input }) => service.trend(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک پاسخ نظرسنجی با سفارش مرتبط', output: NpsAnswerDetailSchema }).input(NpsIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه پیگیری یک پاسخ', output: z.array(ActionLogEntrySchema) }).input(NpsIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  record: act.meta({ summary: 'ثبت پاسخ نظرسنجی (از سامانه نظرسنجی یا تماس تلفنی)', output: NpsOutcomeSchema }).input(RecordNpsAnswerInputSchema).mutation(({ ctx, input }) => service.record(ctx.gateway, input)),
  updateState: act.meta({ summary: 'اقدام پیگیری (تماس، ارجاع، رسیدگی، بستن با علت ریشه‌ای، …)', output: NpsOutcomeSchema, example: { id: 12, version: 2, action: 'close', reason: '', root_cause: 'expert_delay' } }).input(NpsStepInputSchema).mutation(({ ctx, input }) => service.updateState(ctx.gateway, input)),
});
