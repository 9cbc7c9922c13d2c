import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  AFFIDAVITS_ACCESS,
  AddAffidavitInputSchema,
  AffidavitDetailSchema,
  AffidavitIdInputSchema,
  AffidavitListFilterSchema,
  AffidavitOutcomeSchema,
  AffidavitPageSchema,
  AffidavitSchema,
  AffidavitStepInputSchema,
  AttachAffidavitDocumentInputSchema,
  PriceAffidavitInputSchema,
  PurchaseAffidavitInputSchema,
  SendAffidavitLinkInputSchema,
  UpdateAffidavitInputSchema,
} from '@panel/contracts/affidavits';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './affidavits.service';

const read = procedureFor(AFFIDAVITS_ACCESS.read);
const act = procedureFor(AFFIDAVITS_ACCESS.act);
const outcome = AffidavitOutcomeSchema;
/** A request id as the screen makes one (a UUID), for the reference's examples. */
const once = { id: 81, request_id: '3f2b8c1e-5d4a-4b6f-9e2d-7a1c0b9e8f10' };

/** Affidavits (issue 31, decision 104): the procedures, each guarded by its line of the module's access table. */
export const affidavitsRouter = router({
  list: read.meta({ summary: 'فهرست قولنامه‌ها با فیلتر، ترتیب و صفحه‌بندی', output: AffidavitPageSchema }).input(AffidavitListFilterSchema).query(({ ctx, input }) => service.listAffidavits(ctx.gateway, input)),
  export: read.meta({ summary: 'همه قولنامه‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(AffidavitSchema) }).input(AffidavitListFilterSchema).query(({ ctx, input }) => service.exportAffidavits(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک قولنامه با مدارک و لینک‌های فرستاده‌شده', output: AffidavitDetailSchema }).input(AffidavitIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه یک قولنامه', output: z.array(ActionLogEntrySchema) }).input(AffidavitIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  add: act.meta({ summary: 'ثبت قولنامه', output: outcome }).input(AddAffidavitInputSchema).mutation(({ ctx, input }) => service.add(ctx.gateway, input)),
  update: act.meta({ summary: 'ویرایش قولنامه پیش از خرید (به پیش‌نویس برمی‌گردد)', output: outcome }).input(UpdateAffidavitInputSchema).mutation(({ ctx, input }) => service.update(ctx.gateway, input)),
  price: act.meta({ summary: 'محاسبه کارمزد قولنامه', output: outcome }).input(PriceAffidavitInputSchema).mutation(({ ctx, input }) => service.price(ctx.gateway, input)),
  purchase: act.meta({ summary: 'خرید قولنامه (یک بار برای هر شناسه درخواست)', output: outcome, example: once }).input(PurchaseAffidavitInputSchema).mutation(({ ctx, input }) => service.purchase(ctx.gateway, input)),
  sendPaymentLink: act.meta({ summary: 'ارسال لینک پرداخت کارمزد به خریدار', output: outcome, example: once }).input(SendAffidavitLinkInputSchema).mutation(({ ctx, input }) => service.sendPaymentLink(ctx.gateway, input)),
  sendDownloadLink: act.meta({ summary: 'ارسال لینک دانلود قولنامه به خریدار و فروشنده', output: outcome, example: once }).input(SendAffidavitLinkInputSchema).mutation(({ ctx, input }) => service.sendDownloadLink(ctx.gateway, input)),
  updateState: act.meta({ summary: 'تکمیل پرونده یا لغو قولنامه', output: outcome }).input(AffidavitStepInputSchema).mutation(({ ctx, input }) => service.updateState(ctx.gateway, input)),
  attachDocument: act.meta({ summary: 'افزودن مدرک بارگذاری‌شده به قولنامه', output: z.object({ id: z.number().int(), message: z.string() }) }).input(AttachAffidavitDocumentInputSchema).mutation(({ ctx, input }) => service.attachDocument(ctx.gateway, input)),
});
