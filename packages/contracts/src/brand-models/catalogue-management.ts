import { z } from 'zod';
import { INT4_MAX, codesOf, defineListFilter, defineWorkflow, keyField, listField, paginated, textField, toLatinDigits, toPersianDigits, versionField, wholeNumberField } from '../common';
import { VehicleTypeSchema } from '../common/enums';
import { BRAND_MODELS_ACCESS } from './brand-models.access';
import { CarBodyTypeSchema, CatalogueBrandSchema, CatalogueModelSchema } from './catalogue';

// The catalogue's write side (/panel/brand-model-management, issue 33, decision 119): brands →
// models → types (trims), their logos and files, the mapping of external names, and merges of a
// duplicate model into another that can be undone. Paths: contracts README.

export const CATALOGUE_MESSAGES = {
  empty: 'مدلی یافت نشد!',
  loadFailed: 'فهرست برند و مدل‌ها بارگذاری نشد.',
  brandNotFound: 'این برند در فهرست برند و مدل‌ها نیست',
  modelNotFound: 'این مدل در فهرست برند و مدل‌ها نیست',
  typeNotFound: 'این تیپ در فهرست برند و مدل‌ها نیست',
  mergeNotFound: 'این ادغام یافت نشد',
  mappingNotFound: 'این نام بیرونی یافت نشد',
  fileNotFound: 'این فایل یافت نشد',
  noMedia: 'فایل بارگذاری‌شده یافت نشد؛ دوباره بارگذاری کنید.',
  notImage: 'لوگو باید تصویر باشد (JPEG، PNG یا WebP).',
  stale: 'این مورد همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.',
  brandTaken: 'برندی با این نام پیش‌تر ثبت شده است.',
  modelTaken: 'این برند مدلی با همین نام دارد.',
  typeTaken: 'این مدل تیپی با همین نام دارد.',
  mappingTaken: 'این نام از همین منبع پیش‌تر به مدلی نگاشت شده است.',
  brandRetired: 'این برند بایگانی شده است؛ نخست آن را فعال کنید.',
  modelNotActive: 'این مدل فعال نیست؛ به آن نمی‌توان چیزی افزود یا در آن ادغام کرد.',
  mergeSelf: 'یک مدل را نمی‌توان در خودش ادغام کرد.',
  brandMergeSelf: 'یک برند را نمی‌توان در خودش ادغام کرد.',
  brandNotActive: 'برند مقصد فعال نیست (بایگانی یا ادغام‌شده است)؛ فقط در برند فعال می‌توان ادغام کرد.',
  brandModelClash: (names: string) => `مدل‌های ${names} در هر دو برند هست؛ پیش از ادغام برند، نخست آن مدل‌ها را در هم ادغام کنید یا نام یکی را تغییر دهید.`,
  undoBrandMerged: 'برند این مدل در برند دیگری ادغام شده است؛ نخست ادغام برند را برگردانید.',
  undoBlocked: 'ادغام برگردانده نشد: پس از ادغام نامی تغییر کرده و با نامی در برند یا مدل پیشین تکراری می‌شود؛ نخست آن را تغییر دهید.',
  mergeTypeClash: (names: string) => `تیپ‌های ${names} در هر دو مدل هست؛ پیش از ادغام نام یکی را تغییر دهید یا بایگانی‌اش کنید.`,
  mergeBlocked: 'ادغام انجام نشد: رکوردی در مدل مقصد تکراری می‌شود که چیز دیگری به آن وابسته است.',
  undoDone: 'این ادغام پیش‌تر برگردانده شده است.',
  undoTargetMerged: 'مدل مقصد این ادغام خودش در مدل دیگری ادغام شده است؛ نخست آن ادغام را برگردانید.',
  noName: 'برای این نام نگاشتی ثبت نشده است.',
  created: { brand: 'برند ثبت شد.', model: 'مدل ثبت شد.', type: 'تیپ ثبت شد.', mapping: 'نام بیرونی ثبت شد.', file: 'فایل افزوده شد.' },
  saved: 'تغییرات ذخیره شد.',
  removed: { mapping: 'نام بیرونی حذف شد.', file: 'فایل حذف شد.' },
  merged: (moved: number) => `ادغام انجام شد؛ ${moved.toLocaleString('fa-IR')} رکورد به مدل مقصد رفت.`,
  brandMerged: (moved: number) => `ادغام انجام شد؛ ${moved.toLocaleString('fa-IR')} رکورد به برند مقصد رفت.`,
  undone: (moved: number) => `ادغام برگردانده شد؛ ${moved.toLocaleString('fa-IR')} رکورد به جای خود بازگشت.`,
} as const;

// ---- state tables -------------------------------------------------------------------------

export const MODEL_STATES = { active: 'فعال', retired: 'بایگانی', merged: 'ادغام‌شده' } as const;
export type ModelState = keyof typeof MODEL_STATES;
export const MODEL_STATE_LIST = codesOf(MODEL_STATES);

/**
 * A model's life: retired when no longer sold (records keep it, pickers no longer offer it) and
 * restored; merged into its duplicate by a supervisor (every record follows it) and unmerged
 * (what moved goes back). Merging and undoing are their own routes; the table decides them.
 */
export const MODEL_WORKFLOW = defineWorkflow({
  noun: 'مدل',
  states: MODEL_STATES,
  roles: BRAND_MODELS_ACCESS.manage,
  actions: {
    retire: { label: 'بایگانی', from: ['active'], to: 'retired', reason: 'optional', confirm: 'این مدل بایگانی شود؟ رکوردهای پیشین آن را نگه می‌دارند ولی در انتخاب خودرو دیگر پیشنهاد نمی‌شود.' },
    restore: { label: 'فعال‌سازی دوباره', from: ['retired'], to: 'active' },
    merge: { label: 'ادغام در مدل دیگر', from: ['active'], to: 'merged', reason: 'optional', roles: BRAND_MODELS_ACCESS.merge },
    unmerge: { label: 'برگرداندن ادغام', from: ['merged'], to: 'active', roles: BRAND_MODELS_ACCESS.merge },
  },
});
export type ModelAction = (typeof MODEL_WORKFLOW.actionList)[number];
/** The actions taken by the state route (merge and its undo have their own). */
export const ModelStepActionSchema = z.enum(['retire', 'restore'], { error: 'اقدام نامعتبر است' });

export const ENTRY_STATES = { active: 'فعال', retired: 'بایگانی' } as const;
export type EntryState = keyof typeof ENTRY_STATES;
export const ENTRY_STATE_LIST = codesOf(ENTRY_STATES);
const entryActions = (noun: string) =>
  ({
    retire: { label: 'بایگانی', from: ['active'], to: 'retired', reason: 'optional', confirm: `این ${noun} بایگانی شود؟ رکوردهای پیشین آن را نگه می‌دارند ولی دیگر پیشنهاد نمی‌شود.` },
    restore: { label: 'فعال‌سازی دوباره', from: ['retired'], to: 'active' },
  }) as const;
/** A brand's life: as a type's, and merged into its duplicate by a supervisor like a model (decision 127). */
export const BRAND_STATES = MODEL_STATES;
export type BrandState = ModelState;
export const BRAND_STATE_LIST = MODEL_STATE_LIST;
export const BRAND_WORKFLOW = defineWorkflow({
  noun: 'برند',
  states: BRAND_STATES,
  roles: BRAND_MODELS_ACCESS.manage,
  actions: {
    ...entryActions('برند'),
    merge: { label: 'ادغام در برند دیگر', from: ['active'], to: 'merged', reason: 'optional', roles: BRAND_MODELS_ACCESS.merge },
    unmerge: { label: 'برگرداندن ادغام', from: ['merged'], to: 'active', roles: BRAND_MODELS_ACCESS.merge },
  },
});
export type BrandAction = (typeof BRAND_WORKFLOW.actionList)[number];
export const TYPE_WORKFLOW = defineWorkflow({ noun: 'تیپ', states: ENTRY_STATES, roles: BRAND_MODELS_ACCESS.manage, actions: entryActions('تیپ') });
export type EntryAction = (typeof TYPE_WORKFLOW.actionList)[number];
export const EntryActionSchema = z.enum(['retire', 'restore'], { error: 'اقدام نامعتبر است' });

export const MERGE_STATES = { done: 'انجام‌شده', undone: 'برگردانده‌شده' } as const;
/** What a merge joins: two models, or two brands with their models (decision 127). */
export const MERGE_LEVELS = { model: 'مدل', brand: 'برند' } as const;
export type MergeLevel = keyof typeof MERGE_LEVELS;
export type MergeState = keyof typeof MERGE_STATES;

/** Where an external name comes from. */
export const NAME_SOURCES = { divar: 'دیوار', bama: 'باما', dealer: 'نمایشگاه‌دار', catalogue: 'نام پیشین در فهرست', other: 'دیگر' } as const;
export type NameSource = keyof typeof NAME_SOURCES;
export const NAME_SOURCE_LIST = codesOf(NAME_SOURCES);

export const FILE_KINDS = { file: 'فایل', other: 'فایل دیگر' } as const;
export type FileKind = keyof typeof FILE_KINDS;

/** What a merge moves, in Persian: the tables that point at a model (found from the database's foreign keys; an unknown one shows its name). */
export const REFERENCE_LABELS: Record<string, string> = {
  car_models: 'مدل‌های برند',
  car_types: 'تیپ‌های مدل',
  car_name_mappings: 'نام‌های بیرونی',
  car_catalogue_files: 'فایل‌های مدل',
  concierge_sales: 'فروش‌های همراه',
  car_posts: 'آگهی‌های خودرو',
  pricing_orders: 'سفارش‌های قیمت‌گذاری',
  cms_content_tags: 'برچسب محتواهای آموزشی',
  leasing_plan_models: 'طرح‌های لیزینگ',
  report_schema_customisations: 'سفارشی‌سازی فرم‌های کارشناسی',
};
export const referenceLabel = (table: string) => REFERENCE_LABELS[table] ?? table;

/** The form an external name is compared in: Latin digits, lower case, one space, no ZWNJ or Arabic letters. */
export function normalizeExternalName(name: string): string {
  return toLatinDigits(name)
    .replace(/[\u200c\u200f\u200e]/g, ' ')
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

// ---- answers ------------------------------------------------------------------------------

const when = z.iso.datetime({ offset: true });

export const ManagedBrandSchema = CatalogueBrandSchema.extend({
  state: z.enum(BRAND_STATE_LIST),
  merged_into: z.number().int().nullable(),
  /** The merge that made this brand merged (to undo it), or null. */
  open_merge_id: z.number().int().nullable(),
  logo_media_id: z.number().int().nullable(),
  version: z.number().int(),
});
export type ManagedBrand = z.infer<typeof ManagedBrandSchema>;

/** One model of the management list. */
export const ManagedModelSchema = CatalogueModelSchema.extend({
  model_name_en: z.string(),
  state: z.enum(MODEL_STATE_LIST),
  merged_into: z.number().int().nullable(),
  merged_into_name: z.string().nullable(),
  logo_media_id: z.number().int().nullable(),
  logo_url: z.string().nullable(),
  type_count: z.number().int(),
  version: z.number().int(),
  updated_at: when,
});
export type ManagedModel = z.infer<typeof ManagedModelSchema>;
export const ManagedModelPageSchema = paginated(ManagedModelSchema);
export type ManagedModelPage = z.infer<typeof ManagedModelPageSchema>;

export const CarTypeSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  name_fa: z.string(),
  name_en: z.string(),
  year_from: z.number().int().nullable(),
  year_to: z.number().int().nullable(),
  state: z.enum(ENTRY_STATE_LIST),
  version: z.number().int(),
});
export type CarType = z.infer<typeof CarTypeSchema>;

export const NameMappingSchema = z.object({
  id: z.number().int(),
  source: z.enum(NAME_SOURCE_LIST),
  external_name: z.string(),
  model_id: z.number().int(),
  model_name: z.string(),
  created_by: z.string(),
  created_at: when,
});
export type NameMapping = z.infer<typeof NameMappingSchema>;

export const CatalogueFileSchema = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  kind: z.enum(['file', 'other']),
  name: z.string(),
  url: z.string(),
});
export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;

/** How many rows of one table point at a model (what a merge would move). */
export const ModelUsageSchema = z.object({ table: z.string(), column: z.string(), label: z.string(), count: z.number().int() });
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

export const MergeSchema = z.object({
  id: z.number().int(),
  level: z.enum(['model', 'brand']),
  /** The two models of a model merge, or null in a brand merge. */
  source_model_id: z.number().int().nullable(),
  target_model_id: z.number().int().nullable(),
  /** The two brands of a brand merge, or null in a model merge. */
  source_brand_id: z.number().int().nullable(),
  target_brand_id: z.number().int().nullable(),
  source_name: z.string(),
  target_name: z.string(),
  state: z.enum(['done', 'undone']),
  /** Rows moved per `table.column`. */
  moved: z.record(z.string(), z.number().int()),
  reason: z.string(),
  created_by: z.string(),
  created_at: when,
  undone_by: z.string().nullable(),
  undone_at: when.nullable(),
});
export type Merge = z.infer<typeof MergeSchema>;

export const ModelDetailSchema = ManagedModelSchema.extend({
  types: z.array(CarTypeSchema),
  mappings: z.array(NameMappingSchema),
  files: z.array(CatalogueFileSchema),
  usage: z.array(ModelUsageSchema),
  /** The merge that retired this model (to undo it), or null. */
  open_merge: MergeSchema.nullable(),
});
export type ModelDetail = z.infer<typeof ModelDetailSchema>;

export const CatalogueOutcomeSchema = z.object({ id: z.number().int(), message: z.string() });
export type CatalogueOutcome = z.infer<typeof CatalogueOutcomeSchema>;
export const MergeOutcomeSchema = MergeSchema.extend({ message: z.string() });
export type MergeOutcome = z.infer<typeof MergeOutcomeSchema>;

// ---- the list filter ----------------------------------------------------------------------

export const MODEL_SORTS = ['name', 'updated_at', 'year_from'] as const;
export const catalogueModelsFilter = defineListFilter({
  search: listField.text(),
  brand: listField.id('برند نامعتبر است', INT4_MAX),
  state: listField.oneOf(z.enum(MODEL_STATE_LIST, { error: 'وضعیت نامعتبر است' })),
  ...listField.ordering(MODEL_SORTS, 'name', true),
});
export const CatalogueModelsFilterSchema = catalogueModelsFilter.schema;
export type CatalogueModelsFilter = z.infer<typeof CatalogueModelsFilterSchema>;

// ---- inputs -------------------------------------------------------------------------------

const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const trimmed = (max: number, message: string, min = 1) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v), textField({ max, message, tooLong: message }).refine((v) => v.length >= min, { error: message }));
/** A Persian name as the catalogue keeps it: its digits Persian (`پژو ۲۰۶`), as the shipped names and every record's full name. */
const persianName = (max: number, message: string) => trimmed(max, message).transform((v) => toPersianDigits(v));
const version = versionField('نسخه نامعتبر است');
const reason = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default(''));
const mediaId = z.preprocess(blankIsNull, wholeNumberField('فایل نامعتبر است').nullable()).default(null);
const year = (message: string) => wholeNumberField(message, { min: 1300, max: 2100 });
const nameEn = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v), textField({ max: 80, tooLong: message }).refine((v) => !/[\u0600-\u06ff]/.test(v), { error: message }));

export const CatalogueIdInputSchema = z.object({ id: keyField('شناسه نامعتبر است') });

export const BrandInputSchema = z.object({
  name_fa: persianName(60, 'نام فارسی برند را بنویسید (تا ۶۰ نویسه).'),
  name_en: nameEn('نام لاتین برند را با حروف لاتین بنویسید (تا ۸۰ نویسه).').refine((v) => v.length > 0, { error: 'نام لاتین برند را با حروف لاتین بنویسید (تا ۸۰ نویسه).' }),
  logo_media_id: mediaId,
});
export type BrandInput = z.infer<typeof BrandInputSchema>;
export const BrandEditInputSchema = BrandInputSchema.extend({ id: keyField('شناسه برند نامعتبر است'), version });
export type BrandEditInput = z.infer<typeof BrandEditInputSchema>;

const ModelShape = {
  brand_id: keyField('برند را انتخاب کنید.'),
  name_fa: persianName(80, 'نام فارسی مدل را بنویسید (تا ۸۰ نویسه).'),
  name_en: nameEn('نام لاتین مدل را با حروف لاتین بنویسید (تا ۸۰ نویسه).').default(''),
  body_type: CarBodyTypeSchema.default('sedan'),
  vehicle_type: VehicleTypeSchema.default('light_car'),
  year_from: year('سال شروع تولید را از ۱۳۰۰ تا ۲۱۰۰ بنویسید.'),
  year_to: z.preprocess(blankIsNull, year('سال پایان تولید را از ۱۳۰۰ تا ۲۱۰۰ بنویسید.').nullable()).default(null),
  is_imported: z.boolean().default(false),
  logo_media_id: mediaId,
};
const yearsInOrder = (v: { year_from: number | null; year_to: number | null }, ctx: z.RefinementCtx) => {
  if (v.year_to !== null && v.year_from !== null && v.year_to < v.year_from) ctx.addIssue({ code: 'custom', path: ['year_to'], message: 'سال پایان نباید پیش از سال شروع باشد.' });
  if (v.year_to !== null && v.year_from === null) ctx.addIssue({ code: 'custom', path: ['year_from'], message: 'نخست سال شروع را بنویسید.' });
};
export const ModelInputSchema = z.object(ModelShape).superRefine(yearsInOrder);
export type ModelInput = z.infer<typeof ModelInputSchema>;
export const ModelEditInputSchema = z.object({ ...ModelShape, id: keyField('شناسه مدل نامعتبر است'), version }).superRefine(yearsInOrder);
export type ModelEditInput = z.infer<typeof ModelEditInputSchema>;

export const ModelStepInputSchema = z.object({ id: keyField('شناسه مدل نامعتبر است'), version, action: ModelStepActionSchema, reason });
export type ModelStepInput = z.infer<typeof ModelStepInputSchema>;
export const EntryStepInputSchema = z.object({ id: keyField('شناسه نامعتبر است'), version, action: EntryActionSchema, reason });
export type EntryStepInput = z.infer<typeof EntryStepInputSchema>;

/** Merge model `id` (the duplicate) into `target_id` (the one kept). */
export const MergeInputSchema = z.object({ id: keyField('شناسه مدل نامعتبر است'), version, target_id: keyField('مدل مقصد را انتخاب کنید.'), reason });
export type MergeInput = z.infer<typeof MergeInputSchema>;
/** Merge brand `id` (the duplicate) into `target_id` (the one kept), its models with it (decision 127). */
export const BrandMergeInputSchema = z.object({ id: keyField('شناسه برند نامعتبر است'), version, target_id: keyField('برند مقصد را انتخاب کنید.'), reason });
export type BrandMergeInput = z.infer<typeof BrandMergeInputSchema>;

const TypeShape = {
  name_fa: persianName(80, 'نام تیپ را بنویسید (تا ۸۰ نویسه).'),
  name_en: nameEn('نام لاتین تیپ را با حروف لاتین بنویسید (تا ۸۰ نویسه).').default(''),
  year_from: z.preprocess(blankIsNull, year('سال شروع را از ۱۳۰۰ تا ۲۱۰۰ بنویسید.').nullable()).default(null),
  year_to: z.preprocess(blankIsNull, year('سال پایان را از ۱۳۰۰ تا ۲۱۰۰ بنویسید.').nullable()).default(null),
};
export const TypeInputSchema = z.object({ model_id: keyField('شناسه مدل نامعتبر است'), ...TypeShape }).superRefine(yearsInOrder);
export type TypeInput = z.infer<typeof TypeInputSchema>;
export const TypeEditInputSchema = z.object({ id: keyField('شناسه تیپ نامعتبر است'), version, ...TypeShape }).superRefine(yearsInOrder);
export type TypeEditInput = z.infer<typeof TypeEditInputSchema>;

export const MappingInputSchema = z.object({
  source: z.enum(NAME_SOURCE_LIST, { error: 'منبع نام را انتخاب کنید.' }),
  external_name: trimmed(120, 'نام بیرونی را بنویسید (تا ۱۲۰ نویسه).'),
  model_id: keyField('مدل را انتخاب کنید.'),
});
export type MappingInput = z.infer<typeof MappingInputSchema>;

/** An external name to look up: which model it maps to today (following merges). */
export const ResolveNameInputSchema = z.object({
  source: z.enum(NAME_SOURCE_LIST, { error: 'منبع نام را انتخاب کنید.' }),
  name: trimmed(120, 'نام را بنویسید (تا ۱۲۰ نویسه).'),
});
export type ResolveNameInput = z.infer<typeof ResolveNameInputSchema>;

export const FileInputSchema = z.object({
  model_id: keyField('شناسه مدل نامعتبر است'),
  media_id: wholeNumberField('نخست فایل را بارگذاری کنید.'),
  kind: z.enum(['file', 'other'], { error: 'نوع فایل را انتخاب کنید.' }).default('file'),
});
export type FileInput = z.infer<typeof FileInputSchema>;

/** The §3 brand-model selection of a brand (model_id absent) or a model. */
export const SelectionInputSchema = z
  .object({ brand_id: keyField('شناسه برند نامعتبر است').optional(), model_id: keyField('شناسه مدل نامعتبر است').optional() })
  .refine((v) => (v.brand_id === undefined) !== (v.model_id === undefined), { error: 'یک برند یا یک مدل را نام ببرید.', path: ['model_id'] });
export type SelectionInput = z.infer<typeof SelectionInputSchema>;
