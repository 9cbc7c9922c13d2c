import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import * as c from '@panel/contracts/report-schemas';
import { data, gatewayProcedures, result, results } from '../../gateway/procedures';
import { router } from '../../trpc';

const BASE = '/api/report-schemas';
const { read, change } = gatewayProcedures(c.REPORT_SCHEMAS_ACCESS, BASE);
const outcome = data(c.SchemaOutcomeSchema);
const message = data(c.MessageOutcomeSchema);

/** A two-section tree with a photo field, for the reference's examples. */
const TREE = [
  { key: 'body', title: 'بدنه', fields: [{ key: 'paint', label: 'رنگ', kind: 'choice', required: true, options: [{ value: 'ok', label: 'سالم' }, { value: 'damaged', label: 'آسیب دیده' }], photo_slot: null }] },
  { key: 'photos', title: 'عکس‌ها', fields: [{ key: 'front_photo', label: 'عکس جلو', kind: 'photo', required: true, options: [], photo_slot: 'front' }] },
];
const SCHEMA = { name: 'کارشناسی پایه خودروی سبک', slug: 'light-car-basic', vehicle_types: ['light_car'], tree: TREE };

/** اسکیماهای کارشناسی (issue 32, decision 110): each procedure declared once, guarded by its line of the module's access table. */
export const reportSchemasRouter = router({
  ...read.list('/', c.reportSchemasListFilter, c.ReportSchemasPageSchema, { list: 'فهرست اسکیماها (پیش‌فرض: فعال‌ها) با فیلتر، ترتیب و صفحه‌بندی', export: 'همه اسکیماهای فیلترشده برای CSV' }),
  detail: read.get('/:id/', c.SchemaIdInputSchema, result(c.ReportSchemaDetailSchema), 'یک اسکیما با درخت آخرین نسخه و فهرست نسخه‌ها'),
  version: read.get('/:id/versions/:version/', c.VersionInputSchema, result(c.SchemaTreeSchema), 'درخت یک نسخه منتشرشده'),
  history: read.get('/:id/history/', c.SchemaIdInputSchema, results(z.array(ActionLogEntrySchema)), 'سابقه یک اسکیما'),
  create: change.post('/', c.CreateReportSchemaInputSchema, outcome, { summary: 'ساخت اسکیما (نسخه ۱)', example: SCHEMA }),
  update: change.put('/:id/', c.UpdateReportSchemaInputSchema, outcome, { summary: 'ذخیره نسخه تازه (۴۰۹ اگر نسخه پایه کهنه باشد)', example: { ...SCHEMA, id: 4, base_version: 2, note: 'افزودن عکس جلو' } }),
  impact: read.post('/:id/impact/', c.ImpactInputSchema, results(z.array(c.FieldImpactSchema)), {
    summary: 'اثر تغییر: گزارش‌هایی که هر فیلد حذف‌شده، تغییرنام‌یافته یا تغییرنوع‌یافته را دارند',
    example: { id: 4, tree: TREE },
  }),
  activate: change.post('/:id/activate/', c.ActivateSchemaInputSchema, outcome, 'فعال یا غیرفعال کردن اسکیما برای یک نوع خودرو'),
  vehicleSchemas: read.get('/vehicle-schemas/', results(z.array(c.VehicleSchemaSchema)), 'اسکیمای فعال هر نوع خودرو'),
  setVehicleSchemas: change.put('/vehicle-schemas/', c.VehicleSchemasInputSchema, message, 'تعیین اسکیمای فعال چند نوع خودرو با هم'),
  presence: change.post('/:id/presence/', c.SchemaIdInputSchema, results(z.array(c.EditorSchema)), 'حضور در ویرایشگر؛ پاسخ: دیگرانی که همین اسکیما را باز کرده‌اند'),
  leave: change.procedure
    .meta({ summary: 'بستن ویرایشگر', output: c.MessageOutcomeSchema })
    .input(c.SchemaIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.gateway.send(z.unknown(), 'DELETE', `${BASE}/${input.id}/presence/`);
      return { message: 'ویرایشگر بسته شد.' };
    }),
  customised: read.get('/:id/customisations/', c.SchemaIdInputSchema, results(z.array(c.CustomisedModelSchema)), 'خودروهایی که این اسکیما برایشان سفارشی شده است'),
  customisation: read.get('/:id/customisations/:model_id/', c.CustomisationKeyInputSchema, result(c.CustomisationSchema), 'سفارشی‌سازی یک برند و مدل: وصله، اسکیمای اصلی و اسکیمای نهایی'),
  saveCustomisation: change.put('/:id/customisations/:model_id/', c.SaveCustomisationInputSchema, message, 'ذخیره وصله (پنهان و افزوده) روی نسخه پایه'),
  syncPlan: read.get('/:id/customisations/:model_id/sync/', c.CustomisationKeyInputSchema, result(c.MergePlanSchema), 'پیش‌نمایش هم‌گامی با اسکیمای اصلی: تغییرها و تعارض‌ها'),
  sync: change.post('/:id/customisations/:model_id/sync/', c.SyncInputSchema, message, 'هم‌گامی با اسکیمای اصلی، با راه‌حل هر تعارض'),
});
