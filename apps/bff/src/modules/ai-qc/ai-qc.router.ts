import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  AI_QC_ACCESS,
  AiModelSchema,
  AiQcListFilterSchema,
  AiTextIdInputSchema,
  AiTextOutcomeSchema,
  AiTextPageSchema,
  AiTextSchema,
  AiTextStepInputSchema,
  ApproveAiTextInputSchema,
  EditApproveAiTextInputSchema,
  NextAiTextInputSchema,
  RejectAiTextInputSchema,
  ResubmitAiTextInputSchema,
  SubmitAiTextInputSchema,
} from '@panel/contracts/ai-qc';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './ai-qc.service';

const read = procedureFor(AI_QC_ACCESS.read);
const review = procedureFor(AI_QC_ACCESS.review);
const submit = procedureFor(AI_QC_ACCESS.submit);
const outcome = AiTextOutcomeSchema;
/** What a producing model sends, for the reference's examples. */
const fromModel = { model: 'karnameh-report-v3', text: 'خودروی پژو ۲۰۶ در بازدید کارشناسی بررسی شد. بدنه سالم است و موتور خوب کار می‌کند.' };

/** AI quality control (issue 33, decision 116): the procedures, each guarded by its line of the module's access table. */
export const aiQcRouter = router({
  list: read.meta({ summary: 'فهرست متن‌های ماشینی با فیلتر، ترتیب و صفحه‌بندی (پیش‌فرض: صف بررسی)', output: AiTextPageSchema }).input(AiQcListFilterSchema).query(({ ctx, input }) => service.listAiTexts(ctx.gateway, input)),
  export: read.meta({ summary: 'همه متن‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(AiTextSchema) }).input(AiQcListFilterSchema).query(({ ctx, input }) => service.exportAiTexts(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک متن با آنچه توصیف می‌کند', output: AiTextSchema }).input(AiTextIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه بررسی یک متن', output: z.array(ActionLogEntrySchema) }).input(AiTextIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  next: read.meta({ summary: 'قدیمی‌ترین متن در انتظار بررسی پس از متن جاری', output: AiTextSchema.nullable() }).input(NextAiTextInputSchema).query(({ ctx, input }) => service.next(ctx.gateway, input)),
  models: read.meta({ summary: 'مدل‌هایی که متن نوشته‌اند', output: z.array(AiModelSchema) }).query(({ ctx }) => service.models(ctx.gateway)),
  approve: review.meta({ summary: 'تأیید متن همان‌گونه که مدل نوشته', output: outcome }).input(ApproveAiTextInputSchema).mutation(({ ctx, input }) => service.approve(ctx.gateway, input)),
  editApprove: review.meta({ summary: 'ویرایش متن مدل و تأیید آن (میزان تغییر نگه داشته می‌شود)', output: outcome }).input(EditApproveAiTextInputSchema).mutation(({ ctx, input }) => service.editApprove(ctx.gateway, input)),
  reject: review.meta({ summary: 'رد متن با دلیلی از فهرست', output: outcome }).input(RejectAiTextInputSchema).mutation(({ ctx, input }) => service.reject(ctx.gateway, input)),
  updateState: review.meta({ summary: 'ارسال برای تولید دوباره، یا بازگشت به صف بررسی (سرپرست)', output: outcome }).input(AiTextStepInputSchema).mutation(({ ctx, input }) => service.updateState(ctx.gateway, input)),
  submit: submit.meta({ summary: 'ثبت متن تازه مدل درباره یک سفارش بازدید یا آگهی', output: outcome, example: { kind: 'report_summary', subject_id: 1000048, ...fromModel } }).input(SubmitAiTextInputSchema).mutation(({ ctx, input }) => service.submit(ctx.gateway, input)),
  resubmit: submit.meta({ summary: 'متن تازه مدل برای متنی که به تولید دوباره برگشته', output: outcome, example: { id: 2401, version: 1, ...fromModel } }).input(ResubmitAiTextInputSchema).mutation(({ ctx, input }) => service.resubmit(ctx.gateway, input)),
});
