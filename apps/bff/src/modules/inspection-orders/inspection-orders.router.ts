import {
  CancelOrderInputSchema,
  ChangePackageInputSchema,
  ChangePricingInputSchema,
  CreateOrderInputSchema,
  HoldOrderInputSchema,
  OrderListFilterSchema,
  OrderPkActionInputSchema,
  OrderPkInputSchema,
  ReportDifferencesInputSchema,
} from '@panel/contracts/inspection-orders';
import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  CreatedOrderSchema,
  OrderActionResultSchema,
  OrderDetailSchema,
  OrderFilterOptionsSchema,
  OrderListItemSchema,
  OrderMessageSchema,
  OrderListPageSchema,
} from '@panel/contracts/inspection-orders';
import { exportAnswer } from '../../gateway/export-all';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import * as orders from './inspection-orders.service';

// Spec §6: the order list carries no role (anyone signed in reads it and its history); creating
// and every action on an order need staff.
export const inspectionOrdersRouter = router({
  list: authedProcedure.meta({ summary: 'فهرست سفارش‌های کارشناسی با فیلتر، مرتب‌سازی و صفحه‌بندی', output: OrderListPageSchema }).input(OrderListFilterSchema).query(({ ctx, input }) => orders.listOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: authedProcedure.meta({ summary: 'همه سفارش‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(OrderListItemSchema) }).input(OrderListFilterSchema).query(({ ctx, input }) => orders.exportOrders(ctx.gateway, input)),
  filterOptions: authedProcedure.meta({ summary: 'گزینه‌های فیلتر فهرست سفارش‌ها', output: OrderFilterOptionsSchema }).query(({ ctx }) => orders.orderFilterOptions(ctx.gateway)),
  detail: authedProcedure.meta({ summary: 'جزئیات یک سفارش', output: OrderDetailSchema }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderDetail(ctx.gateway, input.pk)),
  actionLog: authedProcedure.meta({ summary: 'سابقه اقدام‌های یک سفارش (چه کسی، کی، چه)', output: z.array(ActionLogEntrySchema) }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderActionLog(ctx.gateway, input.pk)),
  conversation: authedProcedure.meta({ summary: 'آنچه مشتری درباره سفارش گرفته است: گفتگوی سفارش و پیامک‌ها', output: z.array(OrderMessageSchema) }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderConversation(ctx.gateway, input.pk)),
  create: staffProcedure.meta({ summary: 'ثبت سفارش کارشناسی تازه', output: CreatedOrderSchema }).input(CreateOrderInputSchema).mutation(({ ctx, input }) => orders.createOrder(ctx.gateway, input)),

  hold: staffProcedure.meta({ summary: 'نگه‌داشتن سفارش تا زمانی با دلیل', output: OrderActionResultSchema }).input(HoldOrderInputSchema).mutation(({ ctx, input }) => orders.holdOrder(ctx.gateway, input)),
  releaseHold: staffProcedure.meta({ summary: 'پایان نگه‌داشتن سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.releaseHold(ctx.gateway, input)),
  sendToOffer: staffProcedure.meta({ summary: 'ارسال سفارش به پیشنهاد کارشناسان', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.sendToOffer(ctx.gateway, input)),
  removeOffer: staffProcedure.meta({ summary: 'برداشتن پیشنهاد باز سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.removeOffer(ctx.gateway, input)),
  changePackage: staffProcedure.meta({ summary: 'تغییر بسته کارشناسی سفارش', output: OrderActionResultSchema }).input(ChangePackageInputSchema).mutation(({ ctx, input }) => orders.changePackage(ctx.gateway, input)),
  changePricing: staffProcedure.meta({ summary: 'تغییر شرایط قیمت‌گذاری سفارش', output: OrderActionResultSchema }).input(ChangePricingInputSchema).mutation(({ ctx, input }) => orders.changePricing(ctx.gateway, input)),
  settlementLink: staffProcedure.meta({ summary: 'ساخت پیوند پرداخت تسویه سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.settlementLink(ctx.gateway, input)),
  reportDifferences: staffProcedure.meta({ summary: 'گزارش مغایرت خودرو با سفارش', output: OrderActionResultSchema }).input(ReportDifferencesInputSchema).mutation(({ ctx, input }) => orders.reportDifferences(ctx.gateway, input)),
  cancel: staffProcedure.meta({ summary: 'لغو سفارش با دلیل و روش بازپرداخت', output: OrderActionResultSchema }).input(CancelOrderInputSchema).mutation(({ ctx, input }) => orders.cancelOrder(ctx.gateway, input)),
});
