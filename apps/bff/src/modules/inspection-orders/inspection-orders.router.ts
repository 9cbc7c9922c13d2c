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
  INSPECTION_ORDERS_ACCESS,
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
import { procedureFor, router } from '../../trpc';
import * as orders from './inspection-orders.service';

// Spec §6: the order list carries no role (anyone signed in reads it and its history); creating
// and every action on an order need staff.
const act = procedureFor(INSPECTION_ORDERS_ACCESS.act);
const read = procedureFor(INSPECTION_ORDERS_ACCESS.read);

export const inspectionOrdersRouter = router({
  list: read.meta({ summary: 'فهرست سفارش‌های کارشناسی با فیلتر، مرتب‌سازی و صفحه‌بندی', output: OrderListPageSchema }).input(OrderListFilterSchema).query(({ ctx, input }) => orders.listOrders(ctx.gateway, input)),
  /** The whole filtered list for a CSV export; the web picks the columns. */
  export: read.meta({ summary: 'همه سفارش‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(OrderListItemSchema) }).input(OrderListFilterSchema).query(({ ctx, input }) => orders.exportOrders(ctx.gateway, input)),
  filterOptions: read.meta({ summary: 'گزینه‌های فیلتر فهرست سفارش‌ها', output: OrderFilterOptionsSchema }).query(({ ctx }) => orders.orderFilterOptions(ctx.gateway)),
  detail: read.meta({ summary: 'جزئیات یک سفارش', output: OrderDetailSchema }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderDetail(ctx.gateway, input.pk)),
  actionLog: read.meta({ summary: 'سابقه اقدام‌های یک سفارش (چه کسی، کی، چه)', output: z.array(ActionLogEntrySchema) }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderActionLog(ctx.gateway, input.pk)),
  conversation: read.meta({ summary: 'آنچه مشتری درباره سفارش گرفته است: گفتگوی سفارش و پیامک‌ها', output: z.array(OrderMessageSchema) }).input(OrderPkInputSchema).query(({ ctx, input }) => orders.orderConversation(ctx.gateway, input.pk)),
  create: act.meta({ summary: 'ثبت سفارش کارشناسی تازه', output: CreatedOrderSchema }).input(CreateOrderInputSchema).mutation(({ ctx, input }) => orders.createOrder(ctx.gateway, input)),

  hold: act.meta({ summary: 'نگه‌داشتن سفارش تا زمانی با دلیل', output: OrderActionResultSchema }).input(HoldOrderInputSchema).mutation(({ ctx, input }) => orders.holdOrder(ctx.gateway, input)),
  releaseHold: act.meta({ summary: 'پایان نگه‌داشتن سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.releaseHold(ctx.gateway, input)),
  sendToOffer: act.meta({ summary: 'ارسال سفارش به پیشنهاد کارشناسان', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.sendToOffer(ctx.gateway, input)),
  removeOffer: act.meta({ summary: 'برداشتن پیشنهاد باز سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.removeOffer(ctx.gateway, input)),
  changePackage: act.meta({ summary: 'تغییر بسته کارشناسی سفارش', output: OrderActionResultSchema }).input(ChangePackageInputSchema).mutation(({ ctx, input }) => orders.changePackage(ctx.gateway, input)),
  changePricing: act.meta({ summary: 'تغییر شرایط قیمت‌گذاری سفارش', output: OrderActionResultSchema }).input(ChangePricingInputSchema).mutation(({ ctx, input }) => orders.changePricing(ctx.gateway, input)),
  settlementLink: act.meta({ summary: 'ساخت پیوند پرداخت تسویه سفارش', output: OrderActionResultSchema }).input(OrderPkActionInputSchema).mutation(({ ctx, input }) => orders.settlementLink(ctx.gateway, input)),
  reportDifferences: act.meta({ summary: 'گزارش مغایرت خودرو با سفارش', output: OrderActionResultSchema }).input(ReportDifferencesInputSchema).mutation(({ ctx, input }) => orders.reportDifferences(ctx.gateway, input)),
  cancel: act.meta({ summary: 'لغو سفارش با دلیل و روش بازپرداخت', output: OrderActionResultSchema }).input(CancelOrderInputSchema).mutation(({ ctx, input }) => orders.cancelOrder(ctx.gateway, input)),
});
