import { z } from 'zod';
import { ActionLogEntrySchema } from '@panel/contracts/common';
import {
  ActivateSchemaInputSchema,
  CreateReportSchemaInputSchema,
  CustomisationKeyInputSchema,
  CustomisationSchema,
  CustomisedModelSchema,
  EditorSchema,
  FieldImpactSchema,
  ImpactInputSchema,
  MergePlanSchema,
  MessageOutcomeSchema,
  REPORT_SCHEMAS_ACCESS,
  ReportSchemaDetailSchema,
  ReportSchemaSchema,
  ReportSchemasListFilterSchema,
  ReportSchemasPageSchema,
  SaveCustomisationInputSchema,
  SchemaIdInputSchema,
  SchemaOutcomeSchema,
  SchemaTreeSchema,
  SyncInputSchema,
  UpdateReportSchemaInputSchema,
  VehicleSchemaSchema,
  VehicleSchemasInputSchema,
  VersionInputSchema,
} from '@panel/contracts/report-schemas';
import { exportAnswer } from '../../gateway/export-all';
import { procedureFor, router } from '../../trpc';
import * as service from './report-schemas.service';

const read = procedureFor(REPORT_SCHEMAS_ACCESS.read);
const change = procedureFor(REPORT_SCHEMAS_ACCESS.change);

/** A two-section tree with a photo field, for the reference's examples. */
const TREE = [
  { key: 'body', title: 'بدنه', fields: [{ key: 'paint', label: 'رنگ', kind: 'choice', required: true, options: [{ value: 'ok', label: 'سالم' }, { value: 'damaged', label: 'آسیب دیده' }], photo_slot: null }] },
  { key: 'photos', title: 'عکس‌ها', fields: [{ key: 'front_photo', label: 'عکس جلو', kind: 'photo', required: true, options: [], photo_slot: 'front' }] },
];
const SCHEMA = { name: 'کارشناسی پایه خودروی سبک', slug: 'light-car-basic', vehicle_types: ['light_car'], tree: TREE };

/** اسکیماهای کارشناسی (issue 32, decision 110): the procedures, each guarded by its line of the module's access table. */
export const reportSchemasRouter = router({
  list: read.meta({ summary: 'فهرست اسکیماها (پیش‌فرض: فعال‌ها) با فیلتر، ترتیب و صفحه‌بندی', output: ReportSchemasPageSchema }).input(ReportSchemasListFilterSchema).query(({ ctx, input }) => service.listReportSchemas(ctx.gateway, input)),
  export: read.meta({ summary: 'همه اسکیماهای فیلترشده برای CSV', output: exportAnswer(ReportSchemaSchema) }).input(ReportSchemasListFilterSchema).query(({ ctx, input }) => service.exportReportSchemas(ctx.gateway, input)),
  detail: read.meta({ summary: 'یک اسکیما با درخت آخرین نسخه و فهرست نسخه‌ها', output: ReportSchemaDetailSchema }).input(SchemaIdInputSchema).query(({ ctx, input }) => service.detail(ctx.gateway, input.id)),
  version: read.meta({ summary: 'درخت یک نسخه منتشرشده', output: SchemaTreeSchema }).input(VersionInputSchema).query(({ ctx, input }) => service.version(ctx.gateway, input.id, input.version)),
  history: read.meta({ summary: 'سابقه یک اسکیما', output: z.array(ActionLogEntrySchema) }).input(SchemaIdInputSchema).query(({ ctx, input }) => service.history(ctx.gateway, input.id)),
  create: change.meta({ summary: 'ساخت اسکیما (نسخه ۱)', output: SchemaOutcomeSchema, example: SCHEMA }).input(CreateReportSchemaInputSchema).mutation(({ ctx, input }) => service.create(ctx.gateway, input)),
  update: change.meta({ summary: 'ذخیره نسخه تازه (۴۰۹ اگر نسخه پایه کهنه باشد)', output: SchemaOutcomeSchema, example: { ...SCHEMA, id: 4, base_version: 2, note: 'افزودن عکس جلو' } }).input(UpdateReportSchemaInputSchema).mutation(({ ctx, input }) => service.update(ctx.gateway, input)),
  impact: read.meta({ summary: 'اثر تغییر: گزارش‌هایی که هر فیلد حذف‌شده، تغییرنام‌یافته یا تغییرنوع‌یافته را دارند', output: z.array(FieldImpactSchema), example: { id: 4, tree: TREE } }).input(ImpactInputSchema).mutation(({ ctx, input }) => service.impact(ctx.gateway, input.id, input.tree)),
  activate: change.meta({ summary: 'فعال یا غیرفعال کردن اسکیما برای یک نوع خودرو', output: SchemaOutcomeSchema }).input(ActivateSchemaInputSchema).mutation(({ ctx, input }) => service.activate(ctx.gateway, input)),
  vehicleSchemas: read.meta({ summary: 'اسکیمای فعال هر نوع خودرو', output: z.array(VehicleSchemaSchema) }).query(({ ctx }) => service.vehicleSchemas(ctx.gateway)),
  setVehicleSchemas: change.meta({ summary: 'تعیین اسکیمای فعال چند نوع خودرو با هم', output: MessageOutcomeSchema }).input(VehicleSchemasInputSchema).mutation(({ ctx, input }) => service.setVehicleSchemas(ctx.gateway, input)),
  presence: change.meta({ summary: 'حضور در ویرایشگر؛ پاسخ: دیگرانی که همین اسکیما را باز کرده‌اند', output: z.array(EditorSchema) }).input(SchemaIdInputSchema).mutation(({ ctx, input }) => service.presence(ctx.gateway, input.id)),
  leave: change.meta({ summary: 'بستن ویرایشگر', output: MessageOutcomeSchema }).input(SchemaIdInputSchema).mutation(({ ctx, input }) => service.leave(ctx.gateway, input.id)),
  customised: read.meta({ summary: 'خودروهایی که این اسکیما برایشان سفارشی شده است', output: z.array(CustomisedModelSchema) }).input(SchemaIdInputSchema).query(({ ctx, input }) => service.customised(ctx.gateway, input.id)),
  customisation: read.meta({ summary: 'سفارشی‌سازی یک برند و مدل: وصله، اسکیمای اصلی و اسکیمای نهایی', output: CustomisationSchema }).input(CustomisationKeyInputSchema).query(({ ctx, input }) => service.customisation(ctx.gateway, input.id, input.model_id)),
  saveCustomisation: change.meta({ summary: 'ذخیره وصله (پنهان و افزوده) روی نسخه پایه', output: MessageOutcomeSchema }).input(SaveCustomisationInputSchema).mutation(({ ctx, input }) => service.saveCustomisation(ctx.gateway, input)),
  syncPlan: read.meta({ summary: 'پیش‌نمایش هم‌گامی با اسکیمای اصلی: تغییرها و تعارض‌ها', output: MergePlanSchema }).input(CustomisationKeyInputSchema).query(({ ctx, input }) => service.syncPlan(ctx.gateway, input.id, input.model_id)),
  sync: change.meta({ summary: 'هم‌گامی با اسکیمای اصلی، با راه‌حل هر تعارض', output: MessageOutcomeSchema }).input(SyncInputSchema).mutation(({ ctx, input }) => service.sync(ctx.gateway, input)),
});
