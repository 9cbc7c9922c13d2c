import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/inspection-orders';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// Spec §6: the order list carries no role (anyone signed in reads it and its history); creating
// and every action on an order need staff. The order's actions (decision 032) answer the order's
// new state and what the person must see; the gateway enforces the workflow and logs the action.
const { read, act } = gatewayProcedures(c.INSPECTION_ORDERS_ACCESS, '/api/inspection/orders');
const pk = c.OrderPkInputSchema;
const step = c.OrderPkActionInputSchema;
const outcome = data(c.OrderActionResultSchema);

export const inspectionOrdersRouter = router({
  ...read.list('', c.orderListFilter, c.OrderListPageSchema, {
    list: 'فهرست سفارش‌های کارشناسی با فیلتر، مرتب‌سازی و صفحه‌بندی',
    export: 'همه سفارش‌های فیلترشده (تا سقف خروجی) برای CSV',
  }),
  filterOptions: read.get('/filter-options', c.OrderFilterOptionsSchema, 'گزینه‌های فیلتر فهرست سفارش‌ها'),
  detail: read.get('/:pk', pk, c.OrderDetailSchema, 'جزئیات یک سفارش'),
  actionLog: read.get('/:pk/action-log/', pk, results(z.array(ActionLogEntrySchema)), 'سابقه اقدام‌های یک سفارش (چه کسی، کی، چه)'),
  conversation: read.get('/:pk/conversation/', pk, results(z.array(c.OrderMessageSchema)), 'آنچه مشتری درباره سفارش گرفته است: گفتگوی سفارش و پیامک‌ها'),
  create: act.post('', c.CreateOrderInputSchema, c.CreatedOrderSchema, 'ثبت سفارش کارشناسی تازه'),

  hold: act.post('/:pk/hold/', c.HoldOrderInputSchema, outcome, 'نگه‌داشتن سفارش تا زمانی با دلیل'),
  releaseHold: act.post('/:pk/release-hold/', step, outcome, 'پایان نگه‌داشتن سفارش'),
  sendToOffer: act.post('/:pk/send-to-offer/', step, outcome, 'ارسال سفارش به پیشنهاد کارشناسان'),
  removeOffer: act.post('/:pk/remove-offer/', step, outcome, 'برداشتن پیشنهاد باز سفارش'),
  changePackage: act.patch('/:pk/package/', c.ChangePackageInputSchema, outcome, 'تغییر بسته کارشناسی سفارش'),
  changePricing: act.patch('/:pk/price-calculation/', c.ChangePricingInputSchema, outcome, 'تغییر شرایط قیمت‌گذاری سفارش'),
  settlementLink: act.post('/:pk/settlement-payment-url/', step, outcome, 'ساخت پیوند پرداخت تسویه سفارش'),
  reportDifferences: act.post('/:pk/report-differences/', c.ReportDifferencesInputSchema, outcome, 'گزارش مغایرت خودرو با سفارش'),
  setVin: act.post('/:pk/vin/', c.SetOrderVinInputSchema, outcome, 'ثبت یا اصلاح شماره شاسی (VIN) خودروی سفارش'),
  cancel: act.post('/:pk/cancel/', c.CancelOrderInputSchema, outcome, 'لغو سفارش با دلیل و روش بازپرداخت'),
});
