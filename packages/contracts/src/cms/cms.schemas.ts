import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, defineListFilter, hasControlCharacters, keyField, listField, paginated, textField, toPersianDigits, versionField } from '../common';
import { CMS_STEP_ACTIONS, CmsContentStateSchema } from './cms.workflow';

// The content section (/panel/cms, /panel/cms/category-manage; spec §7 CMS, decisions 111, 112):
// categories as a tree, content items with a rich-text body, their inputs, list filter and
// Persian texts. The body is sanitised HTML (decision 111).

export const CMS_MESSAGES = {
  empty: 'موردی یافت نشد!',
  loadFailed: 'فهرست بارگذاری نشد.',
  notFound: 'محتوا یافت نشد',
  categoryNotFound: 'دسته‌بندی یافت نشد',
  noCategory: 'دسته‌بندی را انتخاب کنید.',
  noParent: 'دسته‌بندی والد یافت نشد.',
  noMedia: 'تصویر بارگذاری‌شده یافت نشد.',
  notImage: 'تصویر کاور باید JPEG، PNG یا WebP باشد.',
  noModel: 'خودروی برچسب در فهرست برند و مدل نیست.',
  staleContent: 'این محتوا همین حالا به دست دیگری تغییر کرد؛ نسخه تازه را باز کنید.',
  staleCategory: 'این دسته‌بندی همین حالا تغییر کرد؛ فهرست تازه نمایش داده شد.',
  duplicateCategory: 'دسته‌بندی دیگری با همین نام در این شاخه هست.',
  categoryNotEmpty: (name: string, contents: number, children: number) =>
    `دسته‌بندی «${name}» خالی نیست (${toPersianDigits(contents)} محتوا و ${toPersianDigits(children)} زیردسته)؛ ابتدا آن‌ها را جابه‌جا یا حذف کنید.`,
  emptyBody: 'متن محتوا را بنویسید.',
  archivedReadOnly: 'محتوای بایگانی‌شده ویرایش نمی‌شود؛ ابتدا آن را به پیش‌نویس برگردانید.',
  cannotMove: 'این دسته‌بندی در این جهت جابه‌جا نمی‌شود.',
  added: 'محتوا ذخیره شد.',
  saved: 'تغییرات محتوا ذخیره شد.',
  published: 'محتوا منتشر شد.',
  unpublished: 'انتشار محتوا لغو شد.',
  archived: 'محتوا بایگانی شد.',
  restored: 'محتوا به پیش‌نویس برگشت.',
  categoryAdded: 'دسته‌بندی افزوده شد.',
  categoryRenamed: 'نام دسته‌بندی تغییر کرد.',
  categoryMoved: 'ترتیب دسته‌بندی‌ها تغییر کرد.',
  categoryRemoved: 'دسته‌بندی حذف شد.',
} as const;

/** The most a body may hold (the HTML, images referenced by address, not inlined). */
export const CMS_BODY_MAX = 200_000;
/** The most brand-model tags one item carries. */
export const CMS_MAX_TAGS = 20;

const trimmed = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).refine((v) => v.length > 0, { error: message }));
const version = versionField('نسخه نامعتبر است');

// ---- categories ----------------------------------------------------------------------------

export const CmsCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  content_count: z.number().int(),
  version: z.number().int(),
});
export type CmsCategory = z.infer<typeof CmsCategorySchema>;
/** Every category, parents before their children, siblings in their order. */
export const CmsCategoryTreeSchema = z.object({ results: z.array(CmsCategorySchema) });
export type CmsCategoryTree = z.infer<typeof CmsCategoryTreeSchema>;

const categoryName = trimmed(80, 'نام دسته‌بندی را بنویسید (حداکثر ۸۰ نویسه).');
export const AddCmsCategoryInputSchema = z.object({
  name: categoryName,
  parent_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), keyField('دسته‌بندی والد نامعتبر است').nullable()),
});
export type AddCmsCategoryInput = z.infer<typeof AddCmsCategoryInputSchema>;
export const RenameCmsCategoryInputSchema = z.object({ id: keyField('شناسه دسته‌بندی نامعتبر است'), version, name: categoryName });
export type RenameCmsCategoryInput = z.infer<typeof RenameCmsCategoryInputSchema>;
export const MoveCmsCategoryInputSchema = z.object({
  id: keyField('شناسه دسته‌بندی نامعتبر است'),
  version,
  direction: z.enum(['up', 'down'], { error: 'جهت جابه‌جایی نامعتبر است' }),
});
export type MoveCmsCategoryInput = z.infer<typeof MoveCmsCategoryInputSchema>;
export const CmsCategoryRefInputSchema = z.object({ id: keyField('شناسه دسته‌بندی نامعتبر است'), version });
export type CmsCategoryRefInput = z.infer<typeof CmsCategoryRefInputSchema>;
export const CmsCategoryOutcomeSchema = z.object({ id: z.number().int(), message: z.string() });
export type CmsCategoryOutcome = z.infer<typeof CmsCategoryOutcomeSchema>;
export const CmsCategoryIdInputSchema = z.object({ id: keyField('شناسه دسته‌بندی نامعتبر است') });
export type CmsCategoryIdInput = z.infer<typeof CmsCategoryIdInputSchema>;
/** What the action log of a category records (the gateway's category service), as staff read it. */
export const CMS_CATEGORY_ACTIONS: Readonly<Record<string, string>> = {
  add: 'افزودن دسته‌بندی',
  rename: 'تغییر نام',
  move_up: 'جابه‌جایی به بالا',
  move_down: 'جابه‌جایی به پایین',
  remove: 'حذف دسته‌بندی',
};

// ---- contents ------------------------------------------------------------------------------

export const CmsTagSchema = z.object({ model_id: z.number().int(), full_name: z.string() });
export type CmsTag = z.infer<typeof CmsTagSchema>;

/** One row of the contents list. */
export const CmsContentRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  state: CmsContentStateSchema,
  category_id: z.number().int(),
  category_name: z.string(),
  cover_url: z.string().nullable(),
  tag_count: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
  updated_by: z.string(),
  published_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CmsContentRow = z.infer<typeof CmsContentRowSchema>;

/** One item as the editor opens it. */
export const CmsContentSchema = CmsContentRowSchema.extend({
  body: z.string(),
  cover_media_id: z.number().int().nullable(),
  tags: z.array(CmsTagSchema),
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string(),
});
export type CmsContent = z.infer<typeof CmsContentSchema>;

/** What the editor sends (and the gateway checks again, then normalises and sanitises). */
export const CmsContentFieldsSchema = z.object({
  title: trimmed(200, 'عنوان را بنویسید (حداکثر ۲۰۰ نویسه).'),
  body: z
    .string({ error: CMS_MESSAGES.emptyBody })
    .max(CMS_BODY_MAX, { error: 'متن محتوا بیش از اندازه بلند است.' })
    .refine((html) => !hasControlCharacters(html), { error: CONTROL_CHARACTERS_MESSAGE }),
  category_id: keyField(CMS_MESSAGES.noCategory),
  cover_media_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), keyField('تصویر کاور نامعتبر است').nullable()),
  model_ids: z
    .array(keyField('خودروی برچسب نامعتبر است'), { error: 'برچسب‌ها نامعتبر است' })
    .max(CMS_MAX_TAGS, { error: `حداکثر ${CMS_MAX_TAGS} برچسب خودرو.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'یک خودرو دو بار برچسب خورده است.' }),
});
export type CmsContentFields = z.infer<typeof CmsContentFieldsSchema>;
export const AddCmsContentInputSchema = CmsContentFieldsSchema;
export type AddCmsContentInput = CmsContentFields;
export const CmsContentIdInputSchema = z.object({ id: keyField('شناسه محتوا نامعتبر است') });
export const UpdateCmsContentInputSchema = z.object({ id: keyField('شناسه محتوا نامعتبر است'), version, fields: CmsContentFieldsSchema });
export type UpdateCmsContentInput = z.infer<typeof UpdateCmsContentInputSchema>;
export const CmsContentStepInputSchema = z.object({
  id: keyField('شناسه محتوا نامعتبر است'),
  version,
  action: z.enum(CMS_STEP_ACTIONS, { error: 'اقدام نامعتبر است' }),
  reason: textField({ max: 500, tooLong: 'دلیل حداکثر ۵۰۰ نویسه است.' }).optional(),
});
export type CmsContentStepInput = z.infer<typeof CmsContentStepInputSchema>;
export const CmsContentOutcomeSchema = z.object({ id: z.number().int(), state: CmsContentStateSchema, version: z.number().int(), message: z.string() });
export type CmsContentOutcome = z.infer<typeof CmsContentOutcomeSchema>;

/** Who else has the item open in the editor (a heartbeat within the last minute). */
export const CmsEditorSchema = z.object({ username: z.string(), fullname: z.string(), since: z.iso.datetime({ offset: true }) });
export type CmsEditor = z.infer<typeof CmsEditorSchema>;
export const CmsEditorsSchema = z.object({ results: z.array(CmsEditorSchema) });
/** How long an editor counts as present after their last heartbeat. */
export const CMS_PRESENCE_SECONDS = 60;

export const CMS_SORTS = ['updated_at', 'title'] as const;
export const cmsListFilter = defineListFilter({
  search: listField.text(),
  state: listField.oneOf(CmsContentStateSchema),
  category: listField.oneOf(keyField('دسته‌بندی نامعتبر است')),
  ...listField.ordering(CMS_SORTS, 'updated_at'),
});
export const CmsListFilterSchema = cmsListFilter.schema;
export type CmsListFilter = z.infer<typeof CmsListFilterSchema>;
export const CmsContentPageSchema = paginated(CmsContentRowSchema);
export type CmsContentPage = z.infer<typeof CmsContentPageSchema>;

// ---- the public endpoint -------------------------------------------------------------------

export const CmsPublicContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  cover_url: z.string().nullable(),
  tags: z.array(CmsTagSchema),
  published_at: z.iso.datetime({ offset: true }),
});
export type CmsPublicContent = z.infer<typeof CmsPublicContentSchema>;
export const cmsPublicFilter = defineListFilter({ category: listField.oneOf(keyField('دسته‌بندی نامعتبر است')), search: listField.text() });
export const CmsPublicFilterSchema = cmsPublicFilter.schema;
export type CmsPublicFilter = z.infer<typeof CmsPublicFilterSchema>;

/** Leaving the editor: the content whose editing notice was taken back. */
export const CmsLeftSchema = z.object({ id: z.number().int() });
