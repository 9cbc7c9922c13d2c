import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  AudienceCountSchema,
  CreateTemplateInputSchema,
  EditTemplateInputSchema,
  ExpertAudienceSchema,
  ExpertChoiceSchema,
  ExpertMessageListFilterSchema,
  ExpertMessagePageSchema,
  ExpertMessageSchema,
  ExpertSearchInputSchema,
  OutboxListFilterSchema,
  OutboxMessageSchema,
  OutboxPageSchema,
  SendExpertMessageInputSchema,
  SendExpertMessageResultSchema,
  SendSmsInputSchema,
  SendSmsResultSchema,
  SmsTemplatePageSchema,
  SmsTemplateSchema,
  TemplateActionResultSchema,
  TemplateIdInputSchema,
  TemplateListFilterSchema,
  TemplateMoveInputSchema,
} from '@panel/contracts/notifications';
import { exportAnswer } from '../../gateway/export-all';
import { authedProcedure, router, staffProcedure } from '../../trpc';
import * as notifications from './notifications.service';

// The SMS panel's sidebar item has an empty role list (spec §6): every signed-in user reads the
// history and the templates. Sending, editing templates and the message to experts (an item of
// "inspection management", backoffice#staff) are staff's. The table is in this folder's README.
export const notificationsRouter = router({
  history: authedProcedure.meta({ summary: 'تاریخچه پیامک‌ها (یا اعلان‌های کارشناسان) با فیلتر و صفحه‌بندی', output: OutboxPageSchema }).input(OutboxListFilterSchema).query(({ ctx, input }) => notifications.listOutbox(ctx.gateway, input)),
  exportHistory: authedProcedure.meta({ summary: 'همه پیام‌های فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(OutboxMessageSchema) }).input(OutboxListFilterSchema).query(({ ctx, input }) => notifications.exportOutbox(ctx.gateway, input)),
  templates: authedProcedure.meta({ summary: 'فهرست قالب‌های پیامک', output: SmsTemplatePageSchema }).input(TemplateListFilterSchema).query(({ ctx, input }) => notifications.listTemplates(ctx.gateway, input)),
  exportTemplates: authedProcedure.meta({ summary: 'همه قالب‌های فیلترشده برای CSV', output: exportAnswer(SmsTemplateSchema) }).input(TemplateListFilterSchema).query(({ ctx, input }) => notifications.exportTemplates(ctx.gateway, input)),
  template: authedProcedure.meta({ summary: 'یک قالب پیامک', output: SmsTemplateSchema }).input(TemplateIdInputSchema).query(({ ctx, input }) => notifications.template(ctx.gateway, input.id)),
  templateHistory: authedProcedure.meta({ summary: 'سابقه یک قالب پیامک', output: z.array(ActionLogEntrySchema) }).input(TemplateIdInputSchema).query(({ ctx, input }) => notifications.templateHistory(ctx.gateway, input.id)),
  createTemplate: staffProcedure.meta({ summary: 'ساخت قالب پیامک', output: TemplateActionResultSchema }).input(CreateTemplateInputSchema).mutation(({ ctx, input }) => notifications.createTemplate(ctx.gateway, input)),
  editTemplate: staffProcedure.meta({ summary: 'ویرایش قالب پیامک (با نسخه)', output: TemplateActionResultSchema }).input(EditTemplateInputSchema).mutation(({ ctx, input }) => notifications.editTemplate(ctx.gateway, input)),
  moveTemplate: staffProcedure.meta({ summary: 'فعال یا غیرفعال کردن قالب پیامک', output: TemplateActionResultSchema }).input(TemplateMoveInputSchema).mutation(({ ctx, input }) => notifications.moveTemplate(ctx.gateway, input)),
  sendSms: staffProcedure.meta({ summary: 'ثبت پیامک دستی به یک شماره همراه (متن آزاد یا قالب)', output: SendSmsResultSchema }).input(SendSmsInputSchema).mutation(({ ctx, input }) => notifications.sendSms(ctx.gateway, input)),
  audienceCount: staffProcedure.meta({ summary: 'تعداد کارشناسان مخاطب پیام', output: AudienceCountSchema }).input(ExpertAudienceSchema).query(({ ctx, input }) => notifications.audienceCount(ctx.gateway, input)),
  experts: staffProcedure.meta({ summary: 'جستجوی کارشناسان برای انتخاب مخاطب', output: z.array(ExpertChoiceSchema) }).input(ExpertSearchInputSchema).query(({ ctx, input }) => notifications.searchExperts(ctx.gateway, input.q)),
  expertMessages: staffProcedure.meta({ summary: 'پیام‌های فرستاده‌شده به کارشناسان', output: ExpertMessagePageSchema }).input(ExpertMessageListFilterSchema).query(({ ctx, input }) => notifications.listExpertMessages(ctx.gateway, input)),
  exportExpertMessages: staffProcedure.meta({ summary: 'همه پیام‌های به کارشناسان برای CSV', output: exportAnswer(ExpertMessageSchema) }).input(ExpertMessageListFilterSchema).query(({ ctx, input }) => notifications.exportExpertMessages(ctx.gateway, input)),
  sendExpertMessage: staffProcedure.meta({ summary: 'پیام به کارشناسان مخاطب (یک اعلان برای هر کارشناس)', output: SendExpertMessageResultSchema }).input(SendExpertMessageInputSchema).mutation(({ ctx, input }) => notifications.sendExpertMessage(ctx.gateway, input)),
});
