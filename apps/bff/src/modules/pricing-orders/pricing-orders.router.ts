import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/pricing-orders';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// The access table (decision 094): staff read the requests and the estimator; taking, releasing
// and pricing one is the price expert's work.
const { read, price } = gatewayProcedures(c.PRICING_ORDERS_ACCESS, '/api/price-estimator');
const action = data(c.PricingActionResultSchema);

export const pricingOrdersRouter = router({
  /** The list and the whole filtered list for a CSV export; the web picks the columns. */
  ...read.list('/orders/', c.pricingOrderListFilter, c.PricingOrderPageSchema, {
    list: 'فهرست درخواست‌های قیمت‌گذاری با فیلتر، ترتیب و صفحه‌بندی',
    export: 'همه درخواست‌های قیمت‌گذاری فیلترشده (تا سقف خروجی) برای CSV',
  }),
  counts: read.get('/orders/counts/', c.PricingOrderListFilterSchema, results(c.PricingStatusCountsSchema), 'شمار درخواست‌های قیمت‌گذاری در هر وضعیت برای زبانه‌ها', { query: c.pricingOrderListFilter.toQuery }),
  experts: read.get('/experts/', results(c.PricingExpertsSchema), 'کارشناسان قیمت برای فیلتر فهرست'),
  detail: read.get('/orders/:id/', c.PricingOrderIdInputSchema, c.PricingOrderSchema, 'یک درخواست قیمت‌گذاری'),
  estimator: read.get('/orders/:id/estimate/', c.PricingOrderIdInputSchema, data(c.EstimatorBandSchema), 'بازه پیشنهادی قیمت از آخرین قیمت‌های همان مدل و سال، با توضیح'),
  history: read.get('/orders/:id/history/', c.PricingOrderIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه اقدام‌های یک درخواست قیمت‌گذاری'),
  take: price.post('/orders/:id/take/', c.PricingActionInputSchema, action, 'برداشتن درخواست برای قیمت‌گذاری (کارشناس قیمت)'),
  release: price.post('/orders/:id/release/', c.PricingActionInputSchema, action, 'رها کردن درخواستی که برداشته شده (کارشناس قیمت)'),
  estimate: price.post('/orders/:id/estimate/', c.EstimateInputSchema, action, 'ثبت بازه قیمت و پایان درخواست (کارشناس قیمت)'),
});
