import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/affidavits';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, act } = gatewayProcedures(c.AFFIDAVITS_ACCESS, '/api/affidavits');
const outcome = data(c.AffidavitOutcomeSchema);
/** A request id as the screen makes one (a UUID), for the reference's examples. */
const once = { id: 81, request_id: '3f2b8c1e-5d4a-4b6f-9e2d-7a1c0b9e8f10' };

/** Affidavits (issue 31, decision 104): each procedure declared once, guarded by its line of the module's access table. */
export const affidavitsRouter = router({
  ...read.list('/', c.affidavitListFilter, c.AffidavitPageSchema, { list: 'فهرست قولنامه‌ها با فیلتر، ترتیب و صفحه‌بندی', export: 'همه قولنامه‌های فیلترشده (تا سقف خروجی) برای CSV' }),
  detail: read.get('/:id/', c.AffidavitIdInputSchema, c.AffidavitDetailSchema, 'یک قولنامه با مدارک و لینک‌های فرستاده‌شده'),
  history: read.get('/:id/history/', c.AffidavitIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک قولنامه'),
  add: act.post('/', c.AddAffidavitInputSchema, outcome, 'ثبت قولنامه'),
  update: act.put('/:id/', c.UpdateAffidavitInputSchema, outcome, 'ویرایش قولنامه پیش از خرید (به پیش‌نویس برمی‌گردد)'),
  price: act.post('/:id/price/', c.PriceAffidavitInputSchema, outcome, 'محاسبه کارمزد قولنامه'),
  purchase: act.post('/:id/purchase/', c.PurchaseAffidavitInputSchema, outcome, { summary: 'خرید قولنامه (یک بار برای هر شناسه درخواست)', example: once }),
  sendPaymentLink: act.post('/:id/send-payment-link/', c.SendAffidavitLinkInputSchema, outcome, { summary: 'ارسال لینک پرداخت کارمزد به خریدار', example: once }),
  sendDownloadLink: act.post('/:id/send-download-link/', c.SendAffidavitLinkInputSchema, outcome, { summary: 'ارسال لینک دانلود قولنامه به خریدار و فروشنده', example: once }),
  updateState: act.post('/:id/update-state/', c.AffidavitStepInputSchema, outcome, 'تکمیل پرونده یا لغو قولنامه'),
  attachDocument: act.post('/:id/documents/', c.AttachAffidavitDocumentInputSchema, data(z.object({ id: z.number().int(), message: z.string() })), 'افزودن مدرک بارگذاری‌شده به قولنامه'),
});
