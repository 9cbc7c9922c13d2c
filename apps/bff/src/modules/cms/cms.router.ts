import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/cms';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { router } from '../../trpc';
import { contentForBrowser, fieldsForGateway, rowForBrowser } from './cms.service';

const BASE = '/api/cms';
const { read, write } = gatewayProcedures(c.CMS_ACCESS, BASE);
const category = data(c.CmsCategoryOutcomeSchema);
const content = data(c.CmsContentOutcomeSchema);
const history = results(z.array(ActionLogEntrySchema));

/** The content section (spec §7 CMS): each procedure declared once, guarded by its line of the module's access table. */
export const cmsRouter = router({
  categories: read.get('/categories/', c.CmsCategoryTreeSchema, 'درخت دسته‌بندی‌های محتوا'),
  addCategory: write.post('/categories/', c.AddCmsCategoryInputSchema, category, 'افزودن دسته‌بندی (زیر یک والد یا در ریشه)'),
  renameCategory: write.put('/categories/:id/', c.RenameCmsCategoryInputSchema, category, 'تغییر نام دسته‌بندی'),
  moveCategory: write.post('/categories/:id/move/', c.MoveCmsCategoryInputSchema, category, 'جابه‌جایی دسته‌بندی میان هم‌سطح‌ها (بالا یا پایین)'),
  categoryHistory: read.get('/categories/:id/history/', c.CmsCategoryIdInputSchema, history, 'سابقه یک دسته‌بندی'),
  removeCategory: write.delete('/categories/:id/', c.CmsCategoryRefInputSchema, category, 'حذف دسته‌بندی خالی'),

  ...read.list('/contents/', c.cmsListFilter, c.CmsContentPageSchema, { list: 'فهرست محتواها با جستجو، فیلتر، ترتیب و صفحه‌بندی', export: 'همه محتواهای فیلترشده (تا سقف خروجی) برای CSV' }, { row: rowForBrowser }),
  content: read.get('/contents/:id/', c.CmsContentIdInputSchema, result(c.CmsContentSchema), 'یک محتوا با متن، کاور و برچسب‌ها', { map: contentForBrowser }),
  history: read.get('/contents/:id/history/', c.CmsContentIdInputSchema, history, 'سابقه یک محتوا'),
  add: write.post('/contents/', c.AddCmsContentInputSchema, content, 'ثبت محتوا (پیش‌نویس)', { body: fieldsForGateway }),
  update: write.put('/contents/:id/', c.UpdateCmsContentInputSchema, content, 'ذخیره تغییرات محتوا', { body: (input) => ({ version: input.version, fields: fieldsForGateway(input.fields) }) }),
  updateState: write.post('/contents/:id/update-state/', c.CmsContentStepInputSchema, content, 'انتشار، لغو انتشار، بایگانی یا بازگردانی محتوا'),
  editing: write.post('/contents/:id/editing/', c.CmsContentIdInputSchema, c.CmsEditorsSchema, 'اعلام حضور در ویرایشگر و دیدن ویرایشگران دیگر'),
  leave: write.procedure
    .meta({ summary: 'بستن ویرایشگر', output: c.CmsLeftSchema })
    .input(c.CmsContentIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.gateway.send(z.unknown(), 'DELETE', `${BASE}/contents/${input.id}/editing/`);
      return { id: input.id };
    }),
});
