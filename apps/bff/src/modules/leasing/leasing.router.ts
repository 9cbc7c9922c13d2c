import { z } from 'zod';
import { ActionLogEntrySchema, INT4_MAX } from '@panel/contracts/common';
import {
  ActionOutcomeSchema,
  AddClaimNoteInputSchema,
  AddPromiseInputSchema,
  AddOrderNoteInputSchema,
  AttachOrderFileInputSchema,
  BulkUpdateInputSchema,
  BulkUpdateResultSchema,
  ClaimHistoryEntrySchema,
  ClaimOfferedActionSchema,
  ClaimOutcomeSchema,
  ClaimStateInputSchema,
  CreatedSchema,
  ExecuteOrderActionInputSchema,
  LeasingClaimDetailSchema,
  LeasingClaimIdInputSchema,
  LeasingClaimListFilterSchema,
  LeasingClaimPageSchema,
  LeasingClaimSchema,
  LeasingOrderIdInputSchema,
  LeasingOrderListFilterSchema,
  LeasingOrderPageSchema,
  LeasingOrderSchema,
  LeasingProviderSchema,
  OfferedActionSchema,
  OrderFileSchema,
  OrderNoteSchema,
  OtpSentSchema,
  PaymentPlanFiltersSchema,
  PaymentPlanGroupSchema,
  PaymentPlanSchema,
  RegisterOrderInputSchema,
  RegisteredOrderSchema,
  RequestOtpInputSchema,
  ScheduleChangeRequestSchema,
  SchedulePreviewInputSchema,
  SchedulePreviewSchema,
  ScheduleSchema,
  SubmitPaymentInputSchema,
  UpdatePlanMatchingInputSchema,
  LEASING_ACCESS,
} from '@panel/contracts/leasing';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as leasing from './leasing.service';

// The leasing sidebar items need backoffice#staff (spec §6); every procedure is staff's (README).
const IdSchema = z.object({ id: z.number().int().positive().max(INT4_MAX) });
const labels = z.array(z.object({ key: z.string(), label: z.string() }));

const read = procedureFor(LEASING_ACCESS.read);
const act = procedureFor(LEASING_ACCESS.act);

export const leasingRouter = router({
  // Register (/panel/leasing-order).
  cities: read.meta({ summary: 'شهرهای لیزینگ', output: z.array(z.object({ id: z.number(), name: z.string() })) }).query(({ ctx }) => leasing.cities(ctx.gateway)),
  providers: read.meta({ summary: 'لیزینگ‌ها با شرایط و شهرهایشان', output: z.array(LeasingProviderSchema) }).query(({ ctx }) => leasing.providers(ctx.gateway)),
  providerPlans: read.meta({ summary: 'طرح‌های فعال یک لیزینگ با تعداد اقساطشان', output: z.array(PaymentPlanSchema) }).input(IdSchema).query(({ ctx, input }) => leasing.providerPlans(ctx.gateway, input.id)),
  requestOtp: act.meta({ summary: 'فرستادن کد تأیید به مشتری (کد هرگز در پاسخ نیست)', output: OtpSentSchema }).input(RequestOtpInputSchema).mutation(({ ctx, input }) => leasing.requestOtp(ctx.gateway, input)),
  previewSchedule: read.meta({ summary: 'پیش‌نمایش جدول اقساط پیش از ثبت', output: ScheduleSchema }).input(SchedulePreviewInputSchema).query(({ ctx, input }) => leasing.previewSchedule(ctx.gateway, input)),
  register: act.meta({ summary: 'ثبت سفارش لیزینگ با کد تأیید مشتری', output: RegisteredOrderSchema }).input(RegisterOrderInputSchema).mutation(({ ctx, input }) => leasing.register(ctx.gateway, input)),

  // Orders.
  orders: read.meta({ summary: 'فهرست سفارش‌های لیزینگ (جستجوی تلفن، کد یا نام)', output: LeasingOrderPageSchema }).input(LeasingOrderListFilterSchema).query(({ ctx, input }) => leasing.listOrders(ctx.gateway, input)),
  exportOrders: read.meta({ summary: 'همه سفارش‌های لیزینگ فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(LeasingOrderSchema) }).input(LeasingOrderListFilterSchema).query(({ ctx, input }) => leasing.exportOrders(ctx.gateway, input)),
  order: read.meta({ summary: 'یک سفارش لیزینگ', output: LeasingOrderSchema }).input(LeasingOrderIdInputSchema).query(({ ctx, input }) => leasing.order(ctx.gateway, input.id)),
  orderHistory: read.meta({ summary: 'سابقه یک سفارش لیزینگ', output: z.array(ActionLogEntrySchema) }).input(LeasingOrderIdInputSchema).query(({ ctx, input }) => leasing.orderHistory(ctx.gateway, input.id)),
  orderActions: read.meta({ summary: 'اقدام‌های سفارش، هر یک با دلیل ممکن بودن یا نبودن', output: z.array(OfferedActionSchema) }).input(LeasingOrderIdInputSchema).query(({ ctx, input }) => leasing.offeredActions(ctx.gateway, input.id)),
  execute: act.meta({ summary: 'اجرای یک اقدام سفارش با شناسه اقدام', output: ActionOutcomeSchema }).input(ExecuteOrderActionInputSchema).mutation(({ ctx, input }) => leasing.execute(ctx.gateway, input)),
  bulkUpdate: act.meta({ summary: 'یک اقدام روی چند سفارش، با نتیجه هر ردیف', output: BulkUpdateResultSchema, example: { request_id: '3f1c2a9e-5b7d-4c21-9a8e-0d6b4f2e7c13', action: 'request_documents', ids: [12, 13, 14] } }).input(BulkUpdateInputSchema).mutation(({ ctx, input }) => leasing.bulkUpdate(ctx.gateway, input)),
  rejectReasons: read.meta({ summary: 'دلیل‌های رد سفارش', output: labels }).query(({ ctx }) => leasing.rejectReasons(ctx.gateway)),
  orderFiles: read.meta({ summary: 'مدارک یک سفارش', output: z.array(OrderFileSchema) }).input(LeasingOrderIdInputSchema).query(({ ctx, input }) => leasing.orderFiles(ctx.gateway, input.id)),
  attachFile: act.meta({ summary: 'افزودن مدرک بارگذاری‌شده به سفارش', output: CreatedSchema }).input(AttachOrderFileInputSchema).mutation(({ ctx, input }) => leasing.attachFile(ctx.gateway, input)),
  orderNotes: read.meta({ summary: 'یادداشت‌های کارشناس روی سفارش', output: z.array(OrderNoteSchema) }).input(LeasingOrderIdInputSchema).query(({ ctx, input }) => leasing.orderNotes(ctx.gateway, input.id)),
  addOrderNote: act.meta({ summary: 'ثبت یادداشت روی سفارش', output: CreatedSchema }).input(AddOrderNoteInputSchema).mutation(({ ctx, input }) => leasing.addOrderNote(ctx.gateway, input)),

  // Claims.
  claims: read.meta({ summary: 'فهرست مطالبات (۱۰ در صفحه)', output: LeasingClaimPageSchema }).input(LeasingClaimListFilterSchema).query(({ ctx, input }) => leasing.listClaims(ctx.gateway, input)),
  exportClaims: read.meta({ summary: 'همه مطالبات فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(LeasingClaimSchema) }).input(LeasingClaimListFilterSchema).query(({ ctx, input }) => leasing.exportClaims(ctx.gateway, input)),
  claim: read.meta({ summary: 'یک مطالبه با اقساط، پرداخت‌ها و یادداشت‌ها', output: LeasingClaimDetailSchema }).input(LeasingClaimIdInputSchema).query(({ ctx, input }) => leasing.claim(ctx.gateway, input.id)),
  claimHistory: read.meta({ summary: 'سابقه یک مطالبه (تغییر اقساط با قبل و بعد، قول پرداخت با روزش)', output: z.array(ClaimHistoryEntrySchema) }).input(LeasingClaimIdInputSchema).query(({ ctx, input }) => leasing.claimHistory(ctx.gateway, input.id)),
  claimActions: read.meta({ summary: 'اقدام‌های مطالبه، هر یک با دلیل ممکن بودن یا نبودن', output: z.array(ClaimOfferedActionSchema) }).input(LeasingClaimIdInputSchema).query(({ ctx, input }) => leasing.claimActions(ctx.gateway, input.id)),
  pay: act.meta({ summary: 'ثبت پرداخت (تقسیم روی قدیمی‌ترین اقساط)', output: ClaimOutcomeSchema, example: { id: 7, request_id: '8a4d6e2f-1c3b-4f5a-9e7d-2b6c8a0f4d19', amount: 25_000_000, paid_on: '2026-11-25', receipt: 'RC-10452' } }).input(SubmitPaymentInputSchema).mutation(({ ctx, input }) => leasing.pay(ctx.gateway, input)),
  updateClaimState: act.meta({ summary: 'تغییر وضعیت و مرحله مطالبه (اجرای پرونده هم)', output: ClaimOutcomeSchema }).input(ClaimStateInputSchema).mutation(({ ctx, input }) => leasing.updateClaimState(ctx.gateway, input)),
  changeSchedule: act.meta({ summary: 'تعویق، تغییر سررسید یا مبلغ قسط؛ پیش‌نمایش تا تأیید', output: SchedulePreviewSchema }).input(ScheduleChangeRequestSchema).mutation(({ ctx, input }) => leasing.changeSchedule(ctx.gateway, input)),
  addPromise: act.meta({ summary: 'ثبت قول پرداخت؛ پس از روزش خودبه‌خود عمل‌شده یا عمل‌نشده', output: CreatedSchema }).input(AddPromiseInputSchema).mutation(({ ctx, input }) => leasing.addPromise(ctx.gateway, input)),
  addClaimNote: act.meta({ summary: 'ثبت یادداشت با دسته روی مطالبه', output: CreatedSchema }).input(AddClaimNoteInputSchema).mutation(({ ctx, input }) => leasing.addClaimNote(ctx.gateway, input)),

  // Payment plans.
  planGroups: read.meta({ summary: 'گروه‌های طرح پرداخت با طرح‌هایشان', output: z.array(PaymentPlanGroupSchema) }).query(({ ctx }) => leasing.planGroups(ctx.gateway)),
  planGroup: read.meta({ summary: 'یک گروه طرح پرداخت', output: PaymentPlanGroupSchema }).input(IdSchema).query(({ ctx, input }) => leasing.planGroup(ctx.gateway, input.id)),
  matchingPlans: read.meta({ summary: 'طرح‌های منطبق با فیلترهای پیش‌فرض §۹', output: z.array(PaymentPlanSchema) }).input(PaymentPlanFiltersSchema).query(({ ctx, input }) => leasing.matchingPlans(ctx.gateway, input)),
  updateMatching: act.meta({ summary: 'ویرایش خودروهای منطبق یک طرح', output: PaymentPlanSchema.extend({ message: z.string() }) }).input(UpdatePlanMatchingInputSchema).mutation(({ ctx, input }) => leasing.updateMatching(ctx.gateway, input)),
});
