import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/discounts';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, act } = gatewayProcedures(c.DISCOUNTS_ACCESS, '/api/discounts');
const redemption = data(c.RedemptionOutcomeSchema);
const CampaignStartedSchema = c.CampaignSchema.extend({ message: z.string() });
/** Examples for the reference (codes are Latin capitals, which a generated example is not). */
const rules = { kind: 'percent', value: 15, max_discount: 150_000, min_order: 500_000, valid_from: '2026-11-22', valid_until: '2026-12-21', usage_limit: 1, per_user_limit: 1, services: ['inspection'], city_id: 1 };
const examples = {
  create: { code: 'PAYIZ15', ...rules, usage_limit: 500 },
  campaign: { name: 'جشنواره پاییز', prefix: 'PAYIZ', count: 100, ...rules },
  redeem: { code: 'PAYIZ15', phone: '09121234567', amount: 890_000, service: 'inspection', city_id: 1, order_ref: '1000231', hold: false },
};

/** کدهای تخفیف (issue 33, decision 117): each procedure declared once, guarded by its line of the module's access table. */
export const discountsRouter = router({
  ...read.list('/', c.discountsListFilter, c.DiscountPageSchema, { list: 'فهرست کدهای تخفیف با فیلتر، ترتیب و صفحه‌بندی', export: 'همه کدهای فیلترشده (تا سقف خروجی) برای CSV' }),
  detail: read.get('/:id/', c.DiscountIdInputSchema, c.DiscountDetailSchema, 'یک کد تخفیف با آخرین استفاده‌هایش'),
  history: read.get('/:id/history/', c.DiscountIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک کد تخفیف'),
  check: read.postQuery('/check/', c.CheckDiscountInputSchema, data(c.CheckAnswerSchema), 'بررسی یک کد برای یک سفارش: معتبر است یا به چه دلیل نیست'),
  create: act.post('/', c.CreateDiscountInputSchema, data(c.DiscountOutcomeSchema), { summary: 'ثبت کد تخفیف', example: examples.create }),
  updateState: act.post('/:id/update-state/', c.DiscountStepInputSchema, data(c.DiscountOutcomeSchema), 'توقف، فعال‌سازی دوباره یا غیرفعال‌سازی کد'),
  redeem: act.post('/redeem/', c.RedeemDiscountInputSchema, redemption, { summary: 'ثبت استفاده از کد برای یک سفارش (یا رزرو آن)', example: examples.redeem }),
  confirmRedemption: act.post('/redemptions/:id/confirm/', c.RedemptionIdInputSchema, redemption, 'قطعی کردن استفاده رزروشده'),
  releaseRedemption: act.post('/redemptions/:id/release/', c.RedemptionIdInputSchema, redemption, 'آزاد کردن استفاده رزروشده'),
  campaigns: read.get('/campaigns/', results(z.array(c.CampaignSchema)), 'آخرین کمپین‌ها با پیشرفت ساخت کدها'),
  campaign: read.get('/campaigns/:id/', c.DiscountIdInputSchema, c.CampaignSchema, 'یک کمپین و پیشرفت ساخت کدهایش'),
  campaignCodes: read.get('/campaigns/:id/codes/', c.DiscountIdInputSchema, results(z.array(z.string())), 'همه کدهای یک کمپین برای CSV'),
  createCampaign: act.post('/campaigns/', c.CreateCampaignInputSchema, data(CampaignStartedSchema), { summary: 'ساخت کمپین کدهای یکتا (بزرگ‌ها در پس‌زمینه)', example: examples.campaign }),
});
