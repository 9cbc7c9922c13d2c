import { z } from 'zod';
import { ActionLogEntrySchema, ROLES } from '@panel/contracts/common';
import {
  EstimateInputSchema,
  EstimatorBandSchema,
  PricingActionInputSchema,
  PricingActionResultSchema,
  PricingExpertsSchema,
  PricingOrderIdInputSchema,
  PricingOrderListFilterSchema,
  PricingOrderPageSchema,
  PricingOrderSchema,
  PricingStatusCountsSchema,
} from '@panel/contracts/pricing-orders';
import { exportAnswer } from '../../gateway/export-all';
import { roleProcedure, router, staffProcedure } from '../../trpc';
import * as pricing from './pricing-orders.service';

// The sidebar item needs backoffice#staff (spec §6): staff read the requests and the estimator;
// taking, releasing and pricing one is the price expert's work (ROLES.priceExpert).
const priceExpertProcedure = roleProcedure(ROLES.priceExpert);

export const pricingOrdersRouter = router({
  list: staffProcedure.meta({ summary: 'فهرست درخواست‌های قیمت‌گذاری با فیلتر، ترتیب و صفحه‌بندی', output: PricingOrderPageSchema }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.listPricingOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: staffProcedure.meta({ summary: 'همه درخواست‌های قیمت‌گذاری فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(PricingOrderSchema) }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.exportPricingOrders(ctx.gateway, input)),
  counts: staffProcedure.meta({ summary: 'شمار درخواست‌های قیمت‌گذاری در هر وضعیت برای زبانه‌ها', output: PricingStatusCountsSchema }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.statusCounts(ctx.gateway, input)),
  experts: staffProcedure.meta({ summary: 'کارشناسان قیمت برای فیلتر فهرست', output: PricingExpertsSchema }).query(({ ctx }) => pricing.pricingExperts(ctx.gateway)),
  detail: staffProcedure.meta({ summary: 'یک درخواست قیمت‌گذاری', output: PricingOrderSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingOrder(ctx.gateway, input.id)),
  estimator: staffProcedure.meta({ summary: 'بازه پیشنهادی قیمت از آخرین قیمت‌های همان مدل و سال، با توضیح', output: EstimatorBandSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.estimatorBand(ctx.gateway, input.id)),
  history: staffProcedure.meta({ summary: 'سابقه اقدام‌های یک درخواست قیمت‌گذاری', output: z.array(ActionLogEntrySchema) }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingHistory(ctx.gateway, input.id)),
  take: priceExpertProcedure.meta({ summary: 'برداشتن درخواست برای قیمت‌گذاری (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.take(ctx.gateway, input)),
  release: priceExpertProcedure.meta({ summary: 'رها کردن درخواستی که برداشته شده (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.release(ctx.gateway, input)),
  estimate: priceExpertProcedure.meta({ summary: 'ثبت بازه قیمت و پایان درخواست (کارشناس قیمت)', output: PricingActionResultSchema }).input(EstimateInputSchema).mutation(({ ctx, input }) => pricing.submitEstimate(ctx.gateway, input)),
});
