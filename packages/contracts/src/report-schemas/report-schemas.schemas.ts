import { z } from 'zod';
import { defineListFilter, listField, paginated } from '../common';
import { VehicleTypeSchema } from '../common/enums';
import { idField, keyField, textField, versionField } from '../common/fields';
import { SchemaTreeSchema } from './report-schemas.tree';
import { ResolutionSchema, SchemaPatchSchema } from './report-schemas.patch';

// اسکیماهای کارشناسی (/panel/inspection/schema, spec §3 "schema info: name, slug, isActive", §7
// schema, §9 "schema filter default active true; page size 20"; issue 32, decisions 109, 110).

export const REPORT_SCHEMAS_MESSAGES = {
  empty: 'اسکیمایی یافت نشد!',
  loadFailed: 'فهرست اسکیماها بارگذاری نشد.',
  slugTaken: 'این شناسه (slug) را اسکیمای دیگری دارد.',
  stale: (version: number, by: string) => `این اسکیما در این فاصله به نسخه ${version} رسیده است (${by}). صفحه را تازه کنید و دوباره ذخیره کنید.`,
  staleCustomisation: 'این سفارشی‌سازی در این فاصله تغییر کرده است. صفحه را تازه کنید.',
  typeNotOfSchema: (type: string) => `این اسکیما برای «${type}» تعریف نشده است؛ نخست آن را به انواع خودروی اسکیما بیفزایید.`,
  unresolved: (label: string) => `برای فیلد «${label}» یکی از دو راه را انتخاب کنید.`,
  upToDate: 'این سفارشی‌سازی با آخرین نسخه اسکیمای اصلی هم‌گام است.',
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A row of the list: spec §3's name, slug, isActive, with the vehicle types and the latest version. */
export const ReportSchemaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  vehicle_types: z.array(VehicleTypeSchema),
  /** The vehicle types it is the active schema of (one active schema per type, the database holds it). */
  active_for: z.array(VehicleTypeSchema),
  is_active: z.boolean(),
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
  updated_by: z.string(),
});
export type ReportSchema = z.infer<typeof ReportSchemaSchema>;

export const SchemaVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
  note: z.string(),
  fields: z.number().int(),
});
export type SchemaVersion = z.infer<typeof SchemaVersionSchema>;

export const ReportSchemaDetailSchema = ReportSchemaSchema.extend({
  tree: SchemaTreeSchema,
  versions: z.array(SchemaVersionSchema),
});
export type ReportSchemaDetail = z.infer<typeof ReportSchemaDetailSchema>;

export const REPORT_SCHEMA_SORTS = ['updated_at', 'name', 'slug'] as const;

/** The list's address filter (§9: active by default, twenty to a page). */
export const reportSchemasListFilter = defineListFilter({
  search: listField.text(),
  active: listField.flagWithDefault('وضعیت فعال بودن نامعتبر است', true),
  vehicleType: listField.oneOf(VehicleTypeSchema),
  ...listField.ordering(REPORT_SCHEMA_SORTS, 'updated_at'),
});
export const ReportSchemasListFilterSchema = reportSchemasListFilter.schema;
export type ReportSchemasListFilter = z.infer<typeof ReportSchemasListFilterSchema>;
export const ReportSchemasPageSchema = paginated(ReportSchemaSchema);
export type ReportSchemasPage = z.infer<typeof ReportSchemasPageSchema>;

const name = textField({ max: 120, message: 'نام اسکیما نامعتبر است' }).refine((t) => t.trim().length > 0, { error: 'نام اسکیما را بنویسید' });
const slug = z.string({ error: 'شناسه را بنویسید' }).trim().min(2, { error: 'شناسه دست‌کم دو نویسه است' }).max(60, { error: 'شناسه حداکثر ۶۰ نویسه است' }).regex(SLUG_PATTERN, { error: 'شناسه فقط حرف کوچک لاتین، رقم و خط تیره دارد (مثلا light-car-basic)' });
const vehicleTypes = z.array(VehicleTypeSchema).min(1, { error: 'دست‌کم یک نوع خودرو انتخاب کنید' }).refine((v) => new Set(v).size === v.length, { error: 'نوع خودرو تکراری است' });

export const SchemaIdInputSchema = z.object({ id: idField('شناسه اسکیما نامعتبر است') });

export const CreateReportSchemaInputSchema = z.object({ name, slug, vehicle_types: vehicleTypes, tree: SchemaTreeSchema });
export type CreateReportSchemaInput = z.infer<typeof CreateReportSchemaInputSchema>;

/** Saving makes a new version; `base_version` is the version the editor started from (409 when it is not the latest). */
export const UpdateReportSchemaInputSchema = CreateReportSchemaInputSchema.extend({
  id: idField('شناسه اسکیما نامعتبر است'),
  base_version: versionField('نسخه نامعتبر است', 1),
  note: textField({ max: 300 }).default(''),
});
export type UpdateReportSchemaInput = z.infer<typeof UpdateReportSchemaInputSchema>;

export const ActivateSchemaInputSchema = z.object({ id: idField('شناسه اسکیما نامعتبر است'), vehicle_type: VehicleTypeSchema, active: z.boolean() });
export type ActivateSchemaInput = z.infer<typeof ActivateSchemaInputSchema>;

/** §7 "update multiple vehicle schemas": the active schema of several vehicle types set at once (null: none). */
export const VehicleSchemasInputSchema = z.object({
  assignments: z
    .array(z.object({ vehicle_type: VehicleTypeSchema, schema_id: idField('اسکیما نامعتبر است').nullable() }))
    .min(1, { error: 'دست‌کم یک نوع خودرو' })
    .refine((a) => new Set(a.map((x) => x.vehicle_type)).size === a.length, { error: 'هر نوع خودرو یک بار' }),
});
export type VehicleSchemasInput = z.infer<typeof VehicleSchemasInputSchema>;

export const VehicleSchemaSchema = z.object({ vehicle_type: VehicleTypeSchema, schema_id: z.number().int().nullable(), schema_name: z.string().nullable(), version: z.number().int().nullable() });
export type VehicleSchema = z.infer<typeof VehicleSchemaSchema>;

/** Impact before publish: per removed, renamed or retyped field, the reports that use it. */
export const ImpactInputSchema = z.object({ id: idField('شناسه اسکیما نامعتبر است'), tree: SchemaTreeSchema });
export const FieldImpactSchema = z.object({
  key: z.string(),
  label: z.string(),
  change: z.enum(['removed', 'renamed', 'retyped', 'changed', 'added']),
  in_progress: z.number().int(),
  done: z.number().int(),
});
export type FieldImpact = z.infer<typeof FieldImpactSchema>;

/** Who else has the schema open in the editor (presence; decision 110). */
export const EditorSchema = z.object({ username: z.string(), fullname: z.string(), seen_at: z.iso.datetime({ offset: true }) });
export type Editor = z.infer<typeof EditorSchema>;

// ---- brand-model customisation (/panel/inspection/schema/bmt) ----

export const CustomisationKeyInputSchema = z.object({ id: idField('شناسه اسکیما نامعتبر است'), model_id: keyField('مدل خودرو را انتخاب کنید') });

export const CustomisationSchema = z.object({
  schema_id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  vehicle_type: VehicleTypeSchema,
  /** The master version the patch was made on; null when not customised yet. */
  base_version: z.number().int().nullable(),
  master_version: z.number().int(),
  row_version: z.number().int(),
  patch: SchemaPatchSchema,
  master: SchemaTreeSchema,
  effective: SchemaTreeSchema,
  updated_by: z.string().nullable(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Customisation = z.infer<typeof CustomisationSchema>;

export const SaveCustomisationInputSchema = CustomisationKeyInputSchema.extend({
  patch: SchemaPatchSchema,
  /** The row version read (0 when not customised yet): 409 when someone saved in between. */
  row_version: versionField('نسخه نامعتبر است'),
});
export type SaveCustomisationInput = z.infer<typeof SaveCustomisationInputSchema>;

export const MergePlanSchema = z.object({
  from_version: z.number().int(),
  to_version: z.number().int(),
  changes: z.array(z.object({ key: z.string(), label: z.string(), change: z.enum(['added', 'removed', 'changed', 'hide_dropped']) })),
  conflicts: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['hidden_changed', 'added_clash', 'added_section_gone']) })),
});
export type MergePlanAnswer = z.infer<typeof MergePlanSchema>;

export const SyncInputSchema = CustomisationKeyInputSchema.extend({
  row_version: versionField('نسخه نامعتبر است', 1),
  to_version: versionField('نسخه نامعتبر است', 1),
  resolutions: z.record(z.string(), ResolutionSchema).default({}),
});
export type SyncInput = z.infer<typeof SyncInputSchema>;

export const CustomisedModelSchema = z.object({ model_id: z.number().int(), model_name: z.string(), base_version: z.number().int(), updated_by: z.string(), updated_at: z.iso.datetime({ offset: true }) });
export type CustomisedModel = z.infer<typeof CustomisedModelSchema>;

export const SchemaOutcomeSchema = z.object({ id: z.number().int(), version: z.number().int(), message: z.string() });
export type SchemaOutcome = z.infer<typeof SchemaOutcomeSchema>;
export const MessageOutcomeSchema = z.object({ message: z.string() });
export const PresenceInputSchema = SchemaIdInputSchema;
export const VersionInputSchema = SchemaIdInputSchema.extend({ version: versionField('نسخه نامعتبر است', 1) });
