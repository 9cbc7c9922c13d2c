import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
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
  PRICING_ORDERS_ACCESS,
} from '@panel/contracts/pricing-orders';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as pricing from './pricing-orders.service';

// The access table (decision 094): staff read the requests and the estimator; taking, releasing
// and pricing one is the price expert's work.
const price = procedureFor(PRICING_ORDERS_ACCESS.price);
const read = procedureFor(PRICING_ORDERS_ACCESS.read);

export const pricingOrdersRouter = router({
  list: read.meta({ summary: 'فهرست درخواست‌های قیمت‌گذاری با فیلتر، ترتیب و صفحه‌بندی', output: PricingOrderPageSchema }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.listPricingOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: read.meta({ summary: 'همه درخواست‌های قیمت‌گذاری فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(PricingOrderSchema) }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.exportPricingOrders(ctx.gateway, input)),
  counts: read.meta({ summary: 'شمار درخواست‌های قیمت‌گذاری در هر وضعیت برای زبانه‌ها', output: PricingStatusCountsSchema }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.statusCounts(ctx.gateway, input)),
  experts: read.meta({ summary: 'کارشناسان قیمت برای فیلتر فهرست', output: PricingExpertsSchema }).query(({ ctx }) => pricing.pricingExperts(ctx.gateway)),
  detail: read.meta({ summary: 'یک درخواست قیمت‌گذاری', output: PricingOrderSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingOrder(ctx.gateway, input.id)),
  estimator: read.meta({ summary: 'بازه پیشنهادی قیمت از آخرین قیمت‌های همان مدل و سال، با توضیح', output: EstimatorBandSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.estimatorBand(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه اقدام‌های یک درخواست قیمت‌گذاری', output: z.array(ActionLogEntrySchema) }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingHistory(ctx.gateway, input.id)),
  take: price.meta({ summary: 'برداشتن درخواست برای قیمت‌گذاری (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.take(ctx.gateway, input)),
  release: price.meta({ summary: 'رها کردن درخواستی که برداشته شده (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.release(ctx.gateway, input)),
  estimate: price.meta({ summary: 'ثبت بازه قیمت و پایان درخواست (کارشناس قیمت)', output: PricingActionResultSchema }).input(EstimateInputSchema).mutation(({ ctx, input }) => pricing.submitEstimate(ctx.gateway, input)),
});
