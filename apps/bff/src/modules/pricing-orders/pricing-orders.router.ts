import { z } from 'zod';
import { ActionLogEntrySchema, ROLES } from '@panel/contracts/common';
import {
  EstimateInputSchema,
  EstimatorBandSchema,
  PricingActionInputSchema,
  PricingActionResultSchema,
  PricingOrderIdInputSchema,
  PricingOrderListFilterSchema,
  PricingOrderPageSchema,
  PricingOrderSchema,
} from '@panel/contracts/pricing-orders';
import { roleProcedure, router, staffProcedure } from '../../trpc';
import * as pricing from './pricing-orders.service';

// The sidebar item needs backoffice#staff (spec §6): staff read the requests and the estimator;
// taking, releasing and pricing one is the price expert's work (ROLES.priceExpert).
const priceExpertProcedure = roleProcedure(ROLES.priceExpert);

export const pricingOrdersRouter = router({
  list: staffProcedure.meta({ summary: 'فهرست درخواست‌های قیمت‌گذاری با وضعیت و صفحه‌بندی', output: PricingOrderPageSchema }).input(PricingOrderListFilterSchema).query(({ ctx, input }) => pricing.listPricingOrders(ctx.gateway, input)),
  detail: staffProcedure.meta({ summary: 'یک درخواست قیمت‌گذاری', output: PricingOrderSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingOrder(ctx.gateway, input.id)),
  estimator: staffProcedure.meta({ summary: 'بازه پیشنهادی قیمت از آخرین قیمت‌های همان مدل و سال، با توضیح', output: EstimatorBandSchema }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.estimatorBand(ctx.gateway, input.id)),
  history: staffProcedure.meta({ summary: 'سابقه اقدام‌های یک درخواست قیمت‌گذاری', output: z.array(ActionLogEntrySchema) }).input(PricingOrderIdInputSchema).query(({ ctx, input }) => pricing.pricingHistory(ctx.gateway, input.id)),
  take: priceExpertProcedure.meta({ summary: 'برداشتن درخواست برای قیمت‌گذاری (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.take(ctx.gateway, input)),
  release: priceExpertProcedure.meta({ summary: 'رها کردن درخواستی که برداشته شده (کارشناس قیمت)', output: PricingActionResultSchema }).input(PricingActionInputSchema).mutation(({ ctx, input }) => pricing.release(ctx.gateway, input)),
  estimate: priceExpertProcedure.meta({ summary: 'ثبت بازه قیمت و پایان درخواست (کارشناس قیمت)', output: PricingActionResultSchema }).input(EstimateInputSchema).mutation(({ ctx, input }) => pricing.submitEstimate(ctx.gateway, input)),
});
