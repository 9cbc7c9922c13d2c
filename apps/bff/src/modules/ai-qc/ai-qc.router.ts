import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/ai-qc';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, review, submit } = gatewayProcedures(c.AI_QC_ACCESS, '/api/ai-qc');
const outcome = data(c.AiTextOutcomeSchema);
/** What a producing model sends, for the reference's examples. */
const fromModel = { model: 'karnameh-report-v3', text: 'خودروی پژو ۲۰۶ در بازدید کارشناسی بررسی شد. بدنه سالم است و موتور خوب کار می‌کند.' };

/** AI quality control (issue 33, decision 116): each procedure declared once, guarded by its line of the module's access table. */
export const aiQcRouter = router({
  ...read.list('/', c.aiQcListFilter, c.AiTextPageSchema, { list: 'فهرست متن‌های ماشینی با فیلتر، ترتیب و صفحه‌بندی (پیش‌فرض: صف بررسی)', export: 'همه متن‌های فیلترشده (تا سقف خروجی) برای CSV' }),
  detail: read.get('/:id/', c.AiTextIdInputSchema, c.AiTextSchema, 'یک متن با آنچه توصیف می‌کند'),
  history: read.get('/:id/history/', c.AiTextIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه بررسی یک متن'),
  next: read.get('/next/', c.NextAiTextInputSchema, result(c.AiTextSchema.nullable()), 'قدیمی‌ترین متن در انتظار بررسی پس از متن جاری'),
  models: read.get('/models/', results(z.array(c.AiModelSchema)), 'مدل‌هایی که متن نوشته‌اند'),
  approve: review.post('/:id/approve/', c.ApproveAiTextInputSchema, outcome, 'تأیید متن همان‌گونه که مدل نوشته'),
  editApprove: review.post('/:id/edit-approve/', c.EditApproveAiTextInputSchema, outcome, 'ویرایش متن مدل و تأیید آن (میزان تغییر نگه داشته می‌شود)'),
  reject: review.post('/:id/reject/', c.RejectAiTextInputSchema, outcome, 'رد متن با دلیلی از فهرست'),
  updateState: review.post('/:id/update-state/', c.AiTextStepInputSchema, outcome, 'ارسال برای تولید دوباره، یا بازگشت به صف بررسی (سرپرست)'),
  submit: submit.post('/', c.SubmitAiTextInputSchema, outcome, { summary: 'ثبت متن تازه مدل درباره یک سفارش بازدید یا آگهی', example: { kind: 'report_summary', subject_id: 1000048, ...fromModel } }),
  resubmit: submit.post('/:id/regenerated/', c.ResubmitAiTextInputSchema, outcome, { summary: 'متن تازه مدل برای متنی که به تولید دوباره برگشته', example: { id: 2401, version: 1, ...fromModel } }),
});
