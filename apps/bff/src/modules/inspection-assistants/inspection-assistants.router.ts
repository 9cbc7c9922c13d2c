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
  QueueSchema,
  ReturnOrderInputSchema,
  ReviewKindInputSchema,
  ReviewOrderInputSchema,
  ReviewResultSchema,
  ReviewerActionInputSchema,
  ReviewerResultSchema,
  ReviewerSchema,
  SlotVerdictInputSchema,
  TurnLogEntrySchema,
} from '@panel/contracts/inspection-assistants';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import * as assistants from './inspection-assistants.service';

// Roles (README): the turn-assign page is the "inspection admin" of spec §6 with an empty role
// list, so anyone signed in reads the board, ledger, change log and balance plan; changing the
// rotation is staff's. The QC and pricing desks need backoffice#staff (their sidebar items);
// the gateway also requires the caller's active reviewer row of the desk for its actions.
const qcOrder = z.object({ pk: ReviewOrderInputSchema.shape.pk });

export const inspectionAssistantsRouter = router({
  board: authedProcedure.meta({ summary: 'دستیاران کارشناسی: نوبت، بار باز، سفارش‌های امروز و آخرین تخصیص', output: AssistantBoardSchema }).query(({ ctx }) => assistants.board(ctx.gateway)),
  ledger: authedProcedure.meta({ summary: 'دفتر نوبت: چرا هر سفارش به هر دستیار رسید', output: z.array(LedgerEntrySchema) }).input(LedgerFilterSchema).query(({ ctx, input }) => assistants.ledger(ctx.gateway, input)),
  changes: authedProcedure.meta({ summary: 'سابقه تغییرهای نوبت‌دهی', output: z.array(TurnLogEntrySchema) }).query(({ ctx }) => assistants.changes(ctx.gateway)),
  balancePlan: authedProcedure.meta({ summary: 'برنامه متعادل‌سازی سفارش‌های باز پیش از اجرا', output: BalancePlanSchema }).query(({ ctx }) => assistants.balancePlan(ctx.gateway)),
  applyBalance: staffProcedure.meta({ summary: 'اجرای برنامه متعادل‌سازی نمایش‌داده‌شده', output: MovedResultSchema }).input(ApplyBalanceInputSchema).mutation(({ ctx, input }) => assistants.applyBalance(ctx.gateway, input.fingerprint)),
  assign: staffProcedure.meta({ summary: 'دادن یک سفارش باز به دستیار به دست کارمند', output: MovedResultSchema }).input(AssignByHandInputSchema).mutation(({ ctx, input }) => assistants.assignByHand(ctx.gateway, input)),
  activate: staffProcedure.meta({ summary: 'فعال‌سازی دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.activate(ctx.gateway, input)),
  deactivate: staffProcedure.meta({ summary: 'غیرفعال‌سازی دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.deactivate(ctx.gateway, input)),
  pause: staffProcedure.meta({ summary: 'استراحت دستیار تا پایان شیفت، با دلیل', output: AssistantActionResultSchema }).input(PauseAssistantInputSchema).mutation(({ ctx, input }) => assistants.pause(ctx.gateway, input)),
  resume: staffProcedure.meta({ summary: 'پایان استراحت دستیار', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.resume(ctx.gateway, input)),
  clear: staffProcedure.meta({ summary: 'بازگرداندن سفارش‌های باز دستیار به صف', output: AssistantActionResultSchema }).input(AssistantActionInputSchema).mutation(({ ctx, input }) => assistants.clear(ctx.gateway, input)),

  reviewers: staffProcedure.meta({ summary: 'بررسی‌کنندگان کنترل کیفیت یا قیمت‌گذاری با شمارها', output: z.array(ReviewerSchema) }).input(ReviewKindInputSchema).query(({ ctx, input }) => assistants.reviewers(ctx.gateway, input.kind)),
  activateReviewer: staffProcedure.meta({ summary: 'فعال‌سازی بررسی‌کننده', output: ReviewerResultSchema }).input(ReviewerActionInputSchema).mutation(({ ctx, input }) => assistants.activateReviewer(ctx.gateway, input)),
  deactivateReviewer: staffProcedure.meta({ summary: 'غیرفعال‌سازی بررسی‌کننده (برداشته‌هایش به صف برمی‌گردد)', output: ReviewerResultSchema }).input(ReviewerActionInputSchema).mutation(({ ctx, input }) => assistants.deactivateReviewer(ctx.gateway, input)),
  queue: staffProcedure.meta({ summary: 'صف سفارش‌های در انتظار کنترل کیفیت یا قیمت‌گذاری', output: QueueSchema }).input(ReviewKindInputSchema).query(({ ctx, input }) => assistants.queue(ctx.gateway, input.kind)),
  report: staffProcedure.meta({ summary: 'صفحه گزارش کنترل کیفیت: بخش‌ها، پنج عکس و نظرها', output: QcReportSchema }).input(ReviewOrderInputSchema).query(({ ctx, input }) => assistants.report(ctx.gateway, input)),
  claim: staffProcedure.meta({ summary: 'برداشتن سفارش از صف یا تمدید برداشتن (صفحه هر ۳۰ ثانیه)', output: ReviewResultSchema }).input(ReviewOrderInputSchema).mutation(({ ctx, input }) => assistants.claim(ctx.gateway, input)),
  release: staffProcedure.meta({ summary: 'برگرداندن سفارش برداشته‌شده به صف', output: ReviewResultSchema }).input(ReviewOrderInputSchema).mutation(({ ctx, input }) => assistants.release(ctx.gateway, input)),
  verdict: staffProcedure.meta({ summary: 'نظر کنترل کیفیت برای یک جایگاه عکس', output: ReviewResultSchema }).input(SlotVerdictInputSchema).mutation(({ ctx, input }) => assistants.verdict(ctx.gateway, input)),
  approve: staffProcedure.meta({ summary: 'تأیید کنترل کیفیت (به قیمت‌گذاری یا انجام‌شده)', output: ReviewResultSchema }).input(qcOrder).mutation(({ ctx, input }) => assistants.approve(ctx.gateway, input)),
  return: staffProcedure.meta({ summary: 'بازگرداندن سفارش با یافته‌ها به کارشناس', output: ReviewResultSchema }).input(ReturnOrderInputSchema).mutation(({ ctx, input }) => assistants.returnOrder(ctx.gateway, input)),
  price: staffProcedure.meta({ summary: 'ثبت بازه قیمت تخمینی و پایان سفارش', output: ReviewResultSchema }).input(PriceBandInputSchema).mutation(({ ctx, input }) => assistants.price(ctx.gateway, input)),
});
