import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/notifications';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

// The SMS panel's sidebar item has an empty role list (spec §6): every signed-in user reads the
// history and the templates. Sending, editing templates and the message to experts (an item of
// "inspection management", backoffice#staff) are staff's. The table is in this folder's README.
const { read, manage } = gatewayProcedures(c.NOTIFICATIONS_ACCESS, '/api/notifications');
const template = data(c.TemplateActionResultSchema);
const history = read.list('/outbox/', c.outboxListFilter, c.OutboxPageSchema, { list: 'تاریخچه پیامک‌ها (یا اعلان‌های کارشناسان) با فیلتر و صفحه‌بندی', export: 'همه پیام‌های فیلترشده (تا سقف خروجی) برای CSV' });
const templates = read.list('/sms-templates/', c.templateListFilter, c.SmsTemplatePageSchema, { list: 'فهرست قالب‌های پیامک', export: 'همه قالب‌های فیلترشده برای CSV' });
const expertMessages = manage.list('/expert-messages/', c.expertMessageListFilter, c.ExpertMessagePageSchema, { list: 'پیام‌های فرستاده‌شده به کارشناسان', export: 'همه پیام‌های به کارشناسان برای CSV' });

export const notificationsRouter = router({
  history: history.list,
  exportHistory: history.export,
  templates: templates.list,
  exportTemplates: templates.export,
  template: read.get('/sms-templates/:id/', c.TemplateIdInputSchema, c.SmsTemplateSchema, 'یک قالب پیامک'),
  templateHistory: read.get('/sms-templates/:id/history/', c.TemplateIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک قالب پیامک'),
  createTemplate: manage.post('/sms-templates/', c.CreateTemplateInputSchema, template, 'ساخت قالب پیامک'),
  editTemplate: manage.put('/sms-templates/:id/', c.EditTemplateInputSchema, template, 'ویرایش قالب پیامک (با نسخه)'),
  moveTemplate: manage.post('/sms-templates/:id/:action/', c.TemplateMoveInputSchema, template, 'فعال یا غیرفعال کردن قالب پیامک'),
  sendSms: manage.post('/sms/', c.SendSmsInputSchema, data(c.SendSmsResultSchema), 'ثبت پیامک دستی به یک شماره همراه (متن آزاد یا قالب)'),
  audienceCount: manage.get('/expert-messages/audience/', c.ExpertAudienceSchema, data(c.AudienceCountSchema), 'تعداد کارشناسان مخاطب پیام'),
  experts: manage.get('/expert-messages/experts/', c.ExpertSearchInputSchema, results(z.array(c.ExpertChoiceSchema)), 'جستجوی کارشناسان برای انتخاب مخاطب'),
  expertMessages: expertMessages.list,
  exportExpertMessages: expertMessages.export,
  sendExpertMessage: manage.post('/expert-messages/', c.SendExpertMessageInputSchema, data(c.SendExpertMessageResultSchema), 'پیام به کارشناسان مخاطب (یک اعلان برای هر کارشناس)'),
});
