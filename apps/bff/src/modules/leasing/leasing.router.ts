import { z } from 'zod';
import { ActionLogEntrySchema, INT4_MAX } from '@panel/contracts/common';
import * as c from '@panel/contracts/leasing';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// The leasing sidebar items need backoffice#staff (spec §6); every procedure is staff's (README).
const IdSchema = z.object({ id: z.number().int().positive().max(INT4_MAX) });
const labels = z.array(z.object({ key: z.string(), label: z.string() }));
const { read, act } = gatewayProcedures(c.LEASING_ACCESS, '/api');
const created = data(c.CreatedSchema);
const claimOutcome = data(c.ClaimOutcomeSchema);
const orders = read.list('/leasing/orders/', c.leasingOrderListFilter, c.LeasingOrderPageSchema, { list: 'فهرست سفارش‌های لیزینگ (جستجوی تلفن، کد یا نام)', export: 'همه سفارش‌های لیزینگ فیلترشده (تا سقف خروجی) برای CSV' });
const claims = read.list('/leasing/claims/', c.leasingClaimListFilter, c.LeasingClaimPageSchema, { list: 'فهرست مطالبات (۱۰ در صفحه)', export: 'همه مطالبات فیلترشده (تا سقف خروجی) برای CSV' }, {
  input: c.LeasingClaimListFilterSchema,
  query: (filter) => ({ ...c.leasingClaimListFilter.toQuery(filter), page: String(filter.page), pageSize: String(filter.pageSize) }),
});

export const leasingRouter = router({
  // Register (/panel/leasing-order).
  cities: read.get('/leasing/cities/', results(z.array(z.object({ id: z.number().int(), name: z.string() }))), 'شهرهای لیزینگ'),
  providers: read.get('/leasing/providers/', results(z.array(c.LeasingProviderSchema)), 'لیزینگ‌ها با شرایط و شهرهایشان'),
  providerPlans: read.get('/leasing/providers/:id/plans/', IdSchema, results(z.array(c.PaymentPlanSchema)), 'طرح‌های فعال یک لیزینگ با تعداد اقساطشان'),
  requestOtp: act.post('/leasing/otp/', c.RequestOtpInputSchema, data(c.OtpSentSchema), 'فرستادن کد تأیید به مشتری (کد هرگز در پاسخ نیست)'),
  previewSchedule: read.postQuery('/leasing/schedule/preview/', c.SchedulePreviewInputSchema, data(c.ScheduleSchema), 'پیش‌نمایش جدول اقساط پیش از ثبت'),
  register: act.post('/leasing/orders/register/', c.RegisterOrderInputSchema, data(c.RegisteredOrderSchema), 'ثبت سفارش لیزینگ با کد تأیید مشتری'),

  // Orders.
  orders: orders.list,
  exportOrders: orders.export,
  order: read.get('/leasing/orders/:id/', c.LeasingOrderIdInputSchema, c.LeasingOrderSchema, 'یک سفارش لیزینگ'),
  orderHistory: read.get('/leasing/orders/:id/history/', c.LeasingOrderIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک سفارش لیزینگ'),
  orderActions: read.get('/leasing/orders/:id/actions/', c.LeasingOrderIdInputSchema, results(z.array(c.OfferedActionSchema)), 'اقدام‌های سفارش، هر یک با دلیل ممکن بودن یا نبودن'),
  execute: act.post('/leasing/orders/:id/actions/execute/', c.ExecuteOrderActionInputSchema, data(c.ActionOutcomeSchema), 'اجرای یک اقدام سفارش با شناسه اقدام'),
  bulkUpdate: act.post('/leasing/orders/bulk-update/', c.BulkUpdateInputSchema, data(c.BulkUpdateResultSchema), {
    summary: 'یک اقدام روی چند سفارش، با نتیجه هر ردیف',
    example: { request_id: '3f1c2a9e-5b7d-4c21-9a8e-0d6b4f2e7c13', action: 'request_documents', ids: [12, 13, 14] },
  }),
  rejectReasons: read.get('/leasing/reject-reasons/', results(labels), 'دلیل‌های رد سفارش'),
  orderFiles: read.get('/leasing/orders/:id/files/', c.LeasingOrderIdInputSchema, results(z.array(c.OrderFileSchema)), 'مدارک یک سفارش'),
  attachFile: act.post('/leasing/orders/:id/files/', c.AttachOrderFileInputSchema, created, 'افزودن مدرک بارگذاری‌شده به سفارش'),
  orderNotes: read.get('/leasing/orders/:id/notes/', c.LeasingOrderIdInputSchema, results(z.array(c.OrderNoteSchema)), 'یادداشت‌های کارشناس روی سفارش'),
  addOrderNote: act.post('/leasing/orders/:id/notes/', c.AddOrderNoteInputSchema, created, 'ثبت یادداشت روی سفارش'),

  // Claims.
  claims: claims.list,
  exportClaims: claims.export,
  claim: read.get('/leasing/claims/:id/', c.LeasingClaimIdInputSchema, c.LeasingClaimDetailSchema, 'یک مطالبه با اقساط، پرداخت‌ها و یادداشت‌ها'),
  claimHistory: read.get('/leasing/claims/:id/history/', c.LeasingClaimIdInputSchema, results(z.array(c.ClaimHistoryEntrySchema)), 'سابقه یک مطالبه (تغییر اقساط با قبل و بعد، قول پرداخت با روزش)'),
  claimActions: read.get('/leasing/claims/:id/actions/', c.LeasingClaimIdInputSchema, results(z.array(c.ClaimOfferedActionSchema)), 'اقدام‌های مطالبه، هر یک با دلیل ممکن بودن یا نبودن'),
  pay: act.post('/leasing/claims/:id/payments/', c.SubmitPaymentInputSchema, claimOutcome, {
    summary: 'ثبت پرداخت (تقسیم روی قدیمی‌ترین اقساط)',
    example: { id: 7, request_id: '8a4d6e2f-1c3b-4f5a-9e7d-2b6c8a0f4d19', amount: 25_000_000, paid_on: '2026-11-25', receipt: 'RC-10452' },
  }),
  updateClaimState: act.post('/leasing/claims/:id/update-state/', c.ClaimStateInputSchema, claimOutcome, 'تغییر وضعیت و مرحله مطالبه (اجرای پرونده هم)'),
  changeSchedule: act.post('/leasing/claims/:id/schedule-change/', c.ScheduleChangeRequestSchema, data(c.SchedulePreviewSchema), 'تعویق، تغییر سررسید یا مبلغ قسط؛ پیش‌نمایش تا تأیید'),
  addPromise: act.post('/leasing/claims/:id/promises/', c.AddPromiseInputSchema, created, 'ثبت قول پرداخت؛ پس از روزش خودبه‌خود عمل‌شده یا عمل‌نشده'),
  addClaimNote: act.post('/leasing/claims/:id/notes/', c.AddClaimNoteInputSchema, created, 'ثبت یادداشت با دسته روی مطالبه'),

  // Payment plans.
  planGroups: read.get('/payments/plan-groups/', results(z.array(c.PaymentPlanGroupSchema)), 'گروه‌های طرح پرداخت با طرح‌هایشان'),
  planGroup: read.get('/payments/plan-groups/:id/', IdSchema, c.PaymentPlanGroupSchema, 'یک گروه طرح پرداخت'),
  matchingPlans: read.get('/payments/matching-plans/', c.PaymentPlanFiltersSchema, results(z.array(c.PaymentPlanSchema)), 'طرح‌های منطبق با فیلترهای پیش‌فرض §۹'),
  updateMatching: act.put('/payments/plans/:id/matching/', c.UpdatePlanMatchingInputSchema, data(c.PaymentPlanSchema.extend({ message: z.string() })), 'ویرایش خودروهای منطبق یک طرح'),
});
