import { z } from 'zod';
import {
  ApplyBalanceInputSchema,
  AssignByHandInputSchema,
  AssistantActionInputSchema,
  AssistantActionResultSchema,
  AssistantBoardSchema,
  BalancePlanSchema,
  LedgerEntrySchema,
  LedgerFilterSchema,
  MovedResultSchema,
  PauseAssistantInputSchema,
  PriceBandInputSchema,
  QcReportSchema,
  QueueItemSchema,
  QueueSchema,
  ReturnOrderInputSchema,
  ReviewKindInputSchema,
  ReviewOrderInputSchema,
  ReviewQueueInputSchema,
  ReviewResultSchema,
  ReviewerActionInputSchema,
  ReviewerResultSchema,
  ReviewerSchema,
  SlotVerdictInputSchema,
  TurnLogEntrySchema,
  INSPECTION_ASSISTANTS_ACCESS,
} from '@panel/contracts/inspection-assistants';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as assistants from './inspection-assistants.service';

// Roles (README): the turn-assign page is the "inspection admin" of spec §6 with an empty role
// list, so anyone signed in reads the board, ledger, change log and balance plan; changing the
// rotation is staff's. The QC and pricing desks need backoffice#staff (their sidebar items);
// the gateway also requires the caller's active reviewer row of the desk for its actions.
const read = procedureFor(INSPECTION_ASSISTANTS_ACCESS.read);
const manage = procedureFor(INSPECTION_ASSISTANTS_ACCESS.manage);
const review = procedureFor(INSPECTION_ASSISTANTS_ACCESS.review);
const qcOrder = z.object({ pk: ReviewOrderInputSchema.shape.pk });

export const inspectionAssistantsRouter = router({
  board: read.meta({ summary: 'دستیاران کارشناسی: نوبت، بار باز، سفارش‌های امروز و آخرین تخصیص', output: AssistantBoardSchema }).query(({ ctx }) => assistants.board(ctx.gateway)),
  ledger: read.meta({ summary: 'دفتر نوبت: چرا هر سفارش به هر دستیار رسید', output: z.array(LedgerEntrySchema) }).input(LedgerFilterSchema).query(({ ctx, input }) => assistants.ledger(ctx.gateway, input)),
  changes: read.meta({ summary: 'سابقه تغییرهای نوبت‌دهی', output: z.array(TurnLogEntrySchema) }).query(({ ctx }) => assistants.changes(ctx.gateway)),
  balancePlan: read.meta({ summary: 'برنامه متعادل‌سازی سفارش‌های باز پیش از اجرا', output: BalancePlanSchema }).query(({ ctx }) => assistants.balancePlan(ctx.gateway)),
  applyBalance: manage.meta({ summary: 'اجرای برنامه متعادل‌سازی نمایش‌داده‌شده', output: MovedResultSchema }).input(ApplyBalanceInputSchema).mutation(({ ctx, input }) => assistants.applyBalance(ctx.gateway, input.fingerprint)),
  assign: manage.meta({ summary: 'دادن یک سفارش باز به دستیار به دست کارمند', output: MovedResultSchema }).input(AssignByHandInputSchema).mutation(({ ctx, input }) => assistants.assignByHand(ctx.gateway, input)),
  activate: manage.meta({ summary: 'فعال‌سازی دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.activate(ctx.gateway, input)),
  deactivate: manage.meta({ summary: 'غیرفعال‌سازی دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.deactivate(ctx.gateway, input)),
  pause: manage.meta({ summary: 'استراحت دستیار تا پایان شیفت، با دلیل', output: AssistantActionResultSchema }).input(PauseAssistantInputSchema).mutation(({ ctx, input }) => assistants.pause(ctx.gateway, input)),
  resume: manage.meta({ summary: 'پایان استراحت دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.resume(ctx.gateway, input)),
  clear: manage.meta({ summary: 'بازگرداندن سفارش‌های باز دستیار به صف', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.clear(ctx.gateway, input)),

  reviewers: review.meta({ summary: 'بررسی‌کنندگان کنترل کیفیت یا قیمت‌گذاری با شمارها', output: z.array(ReviewerSchema) }).input(ReviewKindInputSchema).query(({ ctx, input }) => assistants.reviewers(ctx.gateway, input.kind)),
  activateReviewer: review.meta({ summary: 'فعال‌سازی بررسی‌کننده', output: ReviewerResultSchema }).input(ReviewerActionInputSchema).mutation(({ ctx, input }) => assistants.activateReviewer(ctx.gateway, input)),
  deactivateReviewer: review.meta({ summary: 'غیرفعال‌سازی بررسی‌کننده (برداشته‌هایش به صف برمی‌گردد)', output: ReviewerResultSchema }).input(ReviewerActionInputSchema).mutation(({ ctx, input }) => assistants.deactivateReviewer(ctx.gateway, input)),
  queue: review.meta({ summary: 'صف سفارش‌های در انتظار کنترل کیفیت یا قیمت‌گذاری، قدیمی‌ترین اول، با صفحه‌بندی', output: QueueSchema }).input(ReviewQueueInputSchema).query(({ ctx, input }) => assistants.queue(ctx.gateway, input)),
  queueExport: review.meta({ summary: 'همه سفارش‌های فیلترشده صف (تا سقف خروجی) برای CSV', output: exportAnswer(QueueItemSchema) }).input(ReviewQueueInputSchema).query(({ ctx, input }) => assistants.queueExport(ctx.gateway, input)),
  report: review.meta({ summary: 'صفحه گزارش کنترل کیفیت: بخش‌ها، پنج عکس و نظرها', output: QcReportSchema }).input(ReviewOrderInputSchema).query(({ ctx, input }) => assistants.report(ctx.gateway, input)),
  claim: review.meta({ summary: 'برداشتن سفارش از صف یا تمدید برداشتن (صفحه هر ۳۰ ثانیه)', output: ReviewResultSchema }).input(ReviewOrderInputSchema).mutation(({ ctx, input }) => assistants.claim(ctx.gateway, input)),
  release: review.meta({ summary: 'برگرداندن سفارش برداشته‌شده به صف', output: ReviewResultSchema }).input(ReviewOrderInputSchema).mutation(({ ctx, input }) => assistants.release(ctx.gateway, input)),
  verdict: review.meta({ summary: 'نظر کنترل کیفیت برای یک جایگاه عکس', output: ReviewResultSchema }).input(SlotVerdictInputSchema).mutation(({ ctx, input }) => assistants.verdict(ctx.gateway, input)),
  approve: review.meta({ summary: 'تأیید کنترل کیفیت (به قیمت‌گذاری یا انجام‌شده)', output: ReviewResultSchema }).input(qcOrder).mutation(({ ctx, input }) => assistants.approve(ctx.gateway, input)),
  return: review.meta({ summary: 'بازگرداندن سفارش با یافته‌ها به کارشناس', output: ReviewResultSchema }).input(ReturnOrderInputSchema).mutation(({ ctx, input }) => assistants.returnOrder(ctx.gateway, input)),
  price: review.meta({ summary: 'ثبت بازه قیمت تخمینی و پایان سفارش', output: ReviewResultSchema }).input(PriceBandInputSchema).mutation(({ ctx, input }) => assistants.price(ctx.gateway, input)),
});
