import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  CampaignSchema,
  CheckAnswerSchema,
  CheckDiscountInputSchema,
  CreateCampaignInputSchema,
  CreateDiscountInputSchema,
  DISCOUNTS_ACCESS,
  DiscountCodeSchema,
  DiscountDetailSchema,
  DiscountIdInputSchema,
  DiscountOutcomeSchema,
  DiscountPageSchema,
  DiscountStepInputSchema,
  DiscountsListFilterSchema,
  RedeemDiscountInputSchema,
  RedemptionIdInputSchema,
  RedemptionOutcomeSchema,
} from '@panel/contracts/discounts';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './discounts.service';

const read = procedureFor(DISCOUNTS_ACCESS.read);
const act = procedureFor(DISCOUNTS_ACCESS.act);
/** Examples for the reference (codes are Latin capitals, which a generated example is not). */
const rules = { kind: 'percent', value: 15, max_discount: 150_000, min_order: 500_000, valid_from: '2026-11-22', valid_until: '2026-12-21', usage_limit: 1, per_user_limit: 1, services: ['inspection'], city_id: 1 };
const examples = {
  create: { code: 'PAYIZ15', ...rules, usage_limit: 500 },
  campaign: { name: 'جشنواره پاییز', prefix: 'PAYIZ', count: 100, ...rules },
  redeem: { code: 'PAYIZ15', phone: '09121234567', amount: 890_000, service: 'inspection', city_id: 1, order_ref: '1000231', hold: false },
};

/** کدهای تخفیف (issue 33, decision 117): the procedures, each guarded by its line of the module's access table. */
export const discountsRouter = router({
  list: read.meta({ summary: 'فهرست کدهای تخفیف با فیلتر، ترتیب و صفحه‌بندی', output: DiscountPageSchema }).input(DiscountsListFilterSchema).query(({ ctx, input }) => service.listDiscounts(ctx.gateway, input)),
  export: read.meta({ summary: 'همه کدهای فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(DiscountCodeSchema) }).input(DiscountsListFilterSchema).query(({ ctx, input }) => service.exportDiscounts(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک کد تخفیف با آخرین استفاده‌هایش', output: DiscountDetailSchema }).input(DiscountIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه یک کد تخفیف', output: z.array(ActionLogEntrySchema) }).input(DiscountIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  check: read.meta({ summary: 'بررسی یک کد برای یک سفارش: معتبر است یا به چه دلیل نیست', output: CheckAnswerSchema }).input(CheckDiscountInputSchema).query(({ ctx, input }) => service.check(ctx.gateway, input)),
  create: act.meta({ summary: 'ثبت کد تخفیف', output: DiscountOutcomeSchema, example: examples.create }).input(CreateDiscountInputSchema).mutation(({ ctx, input }) => service.create(ctx.gateway, input)),
  updateState: act.meta({ summary: 'توقف، فعال‌سازی دوباره یا غیرفعال‌سازی کد', output: DiscountOutcomeSchema }).input(DiscountStepInputSchema).mutation(({ ctx, input }) => service.updateState(ctx.gateway, input)),
  redeem: act.meta({ summary: 'ثبت استفاده از کد برای یک سفارش (یا رزرو آن)', output: RedemptionOutcomeSchema, example: examples.redeem }).input(RedeemDiscountInputSchema).mutation(({ ctx, input }) => service.redeem(ctx.gateway, input)),
  confirmRedemption: act.meta({ summary: 'قطعی کردن استفاده رزروشده', output: RedemptionOutcomeSchema }).input(RedemptionIdInputSchema).mutation(({ ctx, input }) => service.settle(ctx.gateway, input.id, 'confirm')),
  releaseRedemption: act.meta({ summary: 'آزاد کردن استفاده رزروشده', output: RedemptionOutcomeSchema }).input(RedemptionIdInputSchema).mutation(({ ctx, input }) => service.settle(ctx.gateway, input.id, 'release')),
  campaigns: read.meta({ summary: 'آخرین کمپین‌ها با پیشرفت ساخت کدها', output: z.array(CampaignSchema) }).query(({ ctx }) => service.campaigns(ctx.gateway)),
  campaign: read.meta({ summary: 'یک کمپین و پیشرفت ساخت کدهایش', output: CampaignSchema }).input(DiscountIdInputSchema).query(({ ctx, input }) => service.campaign(ctx.gateway, input.id)),
  campaignCodes: read.meta({ summary: 'همه کدهای یک کمپین برای CSV', output: z.array(z.string()) }).input(DiscountIdInputSchema).query(({ ctx, input }) => service.campaignCodes(ctx.gateway, input.id)),
  createCampaign: act.meta({ summary: 'ساخت کمپین کدهای یکتا (بزرگ‌ها در پس‌زمینه)', output: service.CampaignStartedSchema, example: examples.campaign }).input(CreateCampaignInputSchema).mutation(({ ctx, input }) => service.createCampaign(ctx.gateway, input)),
});
