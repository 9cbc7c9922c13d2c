import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  AddCmsCategoryInputSchema,
  AddCmsContentInputSchema,
  CMS_ACCESS,
  CmsCategoryOutcomeSchema,
  CmsCategoryRefInputSchema,
  CmsCategoryTreeSchema,
  CmsCategoryIdInputSchema,
  CmsContentIdInputSchema,
  CmsContentOutcomeSchema,
  CmsContentPageSchema,
  CmsContentRowSchema,
  CmsContentSchema,
  CmsContentStepInputSchema,
  CmsEditorsSchema,
  CmsLeftSchema,
  CmsListFilterSchema,
  MoveCmsCategoryInputSchema,
  RenameCmsCategoryInputSchema,
  UpdateCmsContentInputSchema,
} from '@panel/contracts/cms';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './cms.service';

const read = procedureFor(CMS_ACCESS.read);
const write = procedureFor(CMS_ACCESS.write);

/** The content section (spec §7 CMS): the procedures, each guarded by its line of the module's access table. */
export const cmsRouter = router({
  categories: read.meta({ summary: 'درخت دسته‌بندی‌های محتوا', output: CmsCategoryTreeSchema }).query(({ ctx }) => service.categories(ctx.gateway)),
  addCategory: write.meta({ summary: 'افزودن دسته‌بندی (زیر یک والد یا در ریشه)', output: CmsCategoryOutcomeSchema }).input(AddCmsCategoryInputSchema).mutation(({ ctx, input }) => service.addCategory(ctx.gateway, input)),
  renameCategory: write.meta({ summary: 'تغییر نام دسته‌بندی', output: CmsCategoryOutcomeSchema }).input(RenameCmsCategoryInputSchema).mutation(({ ctx, input }) => service.renameCategory(ctx.gateway, input)),
  moveCategory: write.meta({ summary: 'جابه‌جایی دسته‌بندی میان هم‌سطح‌ها (بالا یا پایین)', output: CmsCategoryOutcomeSchema }).input(MoveCmsCategoryInputSchema).mutation(({ ctx, input }) => service.moveCategory(ctx.gateway, input)),
  categoryHistory: read.meta({ summary: 'سابقه یک دسته‌بندی', output: z.array(ActionLogEntrySchema) }).input(CmsCategoryIdInputSchema).query(({ ctx, input }) => service.categoryHistory(ctx.gateway, input.id)),
  removeCategory: write.meta({ summary: 'حذف دسته‌بندی خالی', output: CmsCategoryOutcomeSchema }).input(CmsCategoryRefInputSchema).mutation(({ ctx, input }) => service.removeCategory(ctx.gateway, input)),

  list: read.meta({ summary: 'فهرست محتواها با جستجو، فیلتر، ترتیب و صفحه‌بندی', output: CmsContentPageSchema }).input(CmsListFilterSchema).query(({ ctx, input }) => service.listContents(ctx.gateway, input)),
  export: read.meta({ summary: 'همه محتواهای فیلترشده (تا سقف خروجی) برای CSV', output: exportAnswer(CmsContentRowSchema) }).input(CmsListFilterSchema).query(({ ctx, input }) => service.exportContents(ctx.gateway, input)),
  content: read.meta({ summary: 'یک محتوا با متن، کاور و برچسب‌ها', output: CmsContentSchema }).input(CmsContentIdInputSchema).query(({ ctx, input }) => service.content(ctx.gateway, input.id)),
  history: read.meta({ summary: 'سابقه یک محتوا', output: z.array(ActionLogEntrySchema) }).input(CmsContentIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  add: write.meta({ summary: 'ثبت محتوا (پیش‌نویس)', output: CmsContentOutcomeSchema }).input(AddCmsContentInputSchema).mutation(({ ctx, input }) => service.addContent(ctx.gateway, input)),
  update: write.meta({ summary: 'ذخیره تغییرات محتوا', output: CmsContentOutcomeSchema }).input(UpdateCmsContentInputSchema).mutation(({ ctx, input }) => service.updateContent(ctx.gateway, input)),
  updateState: write.meta({ summary: 'انتشار، لغو انتشار، بایگانی یا بازگردانی محتوا', output: CmsContentOutcomeSchema }).input(CmsContentStepInputSchema).mutation(({ ctx, input }) => service.stepContent(ctx.gateway, input)),
  editing: write.meta({ summary: 'اعلام حضور در ویرایشگر و دیدن ویرایشگران دیگر', output: CmsEditorsSchema }).input(CmsContentIdInputSchema).mutation(({ ctx, input }) => service.editing(ctx.gateway, input.id)),
  leave: write.meta({ summary: 'بستن ویرایشگر', output: CmsLeftSchema }).input(CmsContentIdInputSchema).mutation(async ({ ctx, input }) => {
    await service.leave(ctx.gateway, input.id);
    return { id: input.id };
  }),
});
