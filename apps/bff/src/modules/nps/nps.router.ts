import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as nps from '@panel/contracts/nps';
import { data, gatewayProcedures, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const { read, act } = gatewayProcedures(nps.NPS_ACCESS, '/api/nps/answers');

/** NPS (issue 33, decision 115): each procedure declared once, guarded by its line of the module's access table. */
export const npsRouter = router({
  ...read.list('/', nps.npsListFilter, nps.NpsPageSchema, {
    list: 'پاسخ‌های نظرسنجی با فیلتر، ترتیب و صفحه‌بندی و شاخص NPS مجموعه فیلترشده',
    export: 'همه پاسخ‌های فیلترشده (تا سقف خروجی) برای CSV',
  }),
  trend: read.get('/trend/', nps.NpsListFilterSchema, nps.NpsTrendSchema, 'شاخص NPS هفتگی همان مجموعه فیلترشده برای نمودار', {
    query: (filter) => nps.npsListFilter.toQuery({ ...filter, page: 1 }),
  }),
  detail: read.get('/:id/', nps.NpsIdInputSchema, nps.NpsAnswerDetailSchema, 'یک پاسخ نظرسنجی با سفارش مرتبط'),
  history: read.get('/:id/history/', nps.NpsIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه پیگیری یک پاسخ'),
  record: act.post('/', nps.RecordNpsAnswerInputSchema, data(nps.NpsOutcomeSchema), 'ثبت پاسخ نظرسنجی (از سامانه نظرسنجی یا تماس تلفنی)'),
  updateState: act.post('/:id/update-state/', nps.NpsStepInputSchema, data(nps.NpsOutcomeSchema), {
    summary: 'اقدام پیگیری (تماس، ارجاع، رسیدگی، بستن با علت ریشه‌ای، …)',
    example: { id: 12, version: 2, action: 'close', reason: '', root_cause: 'expert_delay' },
  }),
});
