import { z } from 'zod';
import { INT4_MAX, codesOf, defineListFilter, defineWorkflow, keyField, listField, paginated, textField, versionField, wholeNumberField } from '../common';
import { CAR_INFO_ACCESS } from './car-info.access';

// اطلاعات خودرو (/panel/car-info, issue 33, decision 119): what the company tells of each type
// (trim) of the catalogue: its contents (a description), its options (the equipment list), its
// images (media store), the staff's comments and the customers' feedbacks, edited per type.
// The list is the catalogue's types with how much each has ("car info types", spec §2).

export const CAR_INFO_MESSAGES = {
  empty: 'تیپی یافت نشد!',
  loadFailed: 'فهرست اطلاعات خودرو بارگذاری نشد.',
  notFound: 'این تیپ در فهرست برند و مدل‌ها نیست',
  noteNotFound: 'این نظر یافت نشد',
  imageNotFound: 'این تصویر یافت نشد',
  noMedia: 'تصویر بارگذاری‌شده یافت نشد؛ دوباره بارگذاری کنید.',
  notImage: 'فقط تصویر (JPEG، PNG یا WebP) پذیرفته است.',
  stale: 'اطلاعات این تیپ همین حالا به دست کس دیگری تغییر کرد؛ نسخه تازه نمایش داده شد.',
  saved: 'اطلاعات خودرو ذخیره شد.',
  imageAdded: 'تصویر افزوده شد.',
  imageRemoved: 'تصویر حذف شد.',
  noteAdded: { comment: 'یادداشت ثبت شد.', feedback: 'بازخورد ثبت شد.' },
  moved: { publish: 'بازخورد منتشر شد.', hide: 'بازخورد پنهان شد.' },
} as const;

export const NOTE_KINDS = { comment: 'یادداشت کارشناس', feedback: 'بازخورد مشتری' } as const;
export type NoteKind = keyof typeof NOTE_KINDS;

/** A customer's feedback is new until staff publish it or hide it (a hidden one may be published later). */
export const FEEDBACK_STATES = { new: 'تازه', published: 'منتشرشده', hidden: 'پنهان' } as const;
export type FeedbackState = keyof typeof FEEDBACK_STATES;
export const FEEDBACK_WORKFLOW = defineWorkflow({
  noun: 'بازخورد',
  states: FEEDBACK_STATES,
  roles: CAR_INFO_ACCESS.change,
  actions: {
    publish: { label: 'انتشار', from: ['new', 'hidden'], to: 'published' },
    hide: { label: 'پنهان کردن', from: ['new', 'published'], to: 'hidden', reason: 'required', confirm: 'این بازخورد پنهان شود؟ در اطلاعات خودرو دیده نمی‌شود.' },
  },
});
export type FeedbackAction = (typeof FEEDBACK_WORKFLOW.actionList)[number];

const when = z.iso.datetime({ offset: true });

/** One type of the catalogue with how much is told of it. */
export const CarInfoSchema = z.object({
  id: z.number().int(),
  type_name: z.string(),
  model_id: z.number().int(),
  full_name: z.string(),
  brand_name: z.string(),
  has_content: z.boolean(),
  option_count: z.number().int(),
  image_count: z.number().int(),
  comment_count: z.number().int(),
  feedback_count: z.number().int(),
  updated_at: when.nullable(),
});
export type CarInfo = z.infer<typeof CarInfoSchema>;

export const CarInfoImageSchema = z.object({ id: z.number().int(), media_id: z.number().int(), url: z.string(), caption: z.string(), created_by: z.string(), created_at: when });
export type CarInfoImage = z.infer<typeof CarInfoImageSchema>;

export const CarInfoNoteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['comment', 'feedback']),
  author: z.string(),
  body: z.string(),
  rating: z.number().int().nullable(),
  state: z.enum(codesOf(FEEDBACK_STATES)),
  version: z.number().int(),
  created_at: when,
});
export type CarInfoNote = z.infer<typeof CarInfoNoteSchema>;

export const CarInfoDetailSchema = CarInfoSchema.extend({
  content: z.string(),
  options: z.array(z.string()),
  /** 0 before anything was saved for the type. */
  version: z.number().int(),
  updated_by: z.string().nullable(),
  images: z.array(CarInfoImageSchema),
  notes: z.array(CarInfoNoteSchema),
});
export type CarInfoDetail = z.infer<typeof CarInfoDetailSchema>;

export const CarInfoOutcomeSchema = z.object({ id: z.number().int(), message: z.string() });

/** The orders the list offers (the gateway turns each into its columns). */
export const CAR_INFO_SORTS = ['name', 'updated_at'] as const;
export const CarInfoSortSchema = z.enum(CAR_INFO_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const carInfoListFilter = defineListFilter({
  search: listField.text(),
  brand: listField.id('برند نامعتبر است', INT4_MAX),
  hasInfo: listField.flag('فیلتر اطلاعات نامعتبر است'),
  ...listField.ordering(CAR_INFO_SORTS, 'name', true),
});
export const CarInfoListFilterSchema = carInfoListFilter.schema;
export type CarInfoListFilter = z.infer<typeof CarInfoListFilterSchema>;

export const CarInfoPageSchema = paginated(CarInfoSchema);
export type CarInfoPage = z.infer<typeof CarInfoPageSchema>;

// ---- inputs -------------------------------------------------------------------------------

const version = versionField('نسخه نامعتبر است');
const text = (max: number, message: string, min = 0) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message, tooLong: message }).refine((v) => v.length >= min, { error: message }));

export const CarInfoIdInputSchema = z.object({ id: keyField('شناسه تیپ نامعتبر است') });

/** The options as a form types them: one a line; blank lines and repeats dropped. */
const optionList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split('\n') : v),
  z
    .array(z.string().transform((o) => o.replace(/\s+/g, ' ').trim()))
    .transform((list) => [...new Set(list.filter(Boolean))])
    .refine((list) => list.length <= 100, { error: 'حداکثر ۱۰۰ آپشن' })
    .refine((list) => list.every((o) => o.length <= 80), { error: 'هر آپشن حداکثر ۸۰ نویسه است.' }),
);

export const CarInfoEditInputSchema = z.object({
  id: keyField('شناسه تیپ نامعتبر است'),
  version,
  content: text(5000, 'توضیحات حداکثر ۵۰۰۰ نویسه است.'),
  options: optionList,
});
export type CarInfoEditInput = z.input<typeof CarInfoEditInputSchema>;

export const CarInfoImageInputSchema = z.object({
  id: keyField('شناسه تیپ نامعتبر است'),
  media_id: wholeNumberField('نخست تصویر را بارگذاری کنید.'),
  caption: text(120, 'عنوان تصویر حداکثر ۱۲۰ نویسه است.').default(''),
});
export type CarInfoImageInput = z.infer<typeof CarInfoImageInputSchema>;

export const CarInfoNoteInputSchema = z
  .object({
    id: keyField('شناسه تیپ نامعتبر است'),
    kind: z.enum(['comment', 'feedback'], { error: 'نوع نظر را انتخاب کنید.' }),
    /** The customer who gave a feedback; a comment is the staff member's own. */
    author: text(80, 'نام مشتری را بنویسید (تا ۸۰ نویسه).').default(''),
    body: text(1000, 'متن را بنویسید (تا ۱۰۰۰ نویسه).', 1),
    rating: z.preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumberField('امتیاز را از ۱ تا ۵ انتخاب کنید.', { min: 1, max: 5 }).nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'feedback' && v.rating === null) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'امتیاز را از ۱ تا ۵ انتخاب کنید.' });
    if (v.kind === 'feedback' && !v.author) ctx.addIssue({ code: 'custom', path: ['author'], message: 'نام مشتری را بنویسید (تا ۸۰ نویسه).' });
  });
export type CarInfoNoteInput = z.input<typeof CarInfoNoteInputSchema>;

export const FeedbackStepInputSchema = z.object({
  id: wholeNumberField('شناسه نظر نامعتبر است'),
  version,
  action: z.enum(['publish', 'hide'], { error: 'اقدام نامعتبر است' }),
  reason: text(500, 'دلیل حداکثر ۵۰۰ نویسه است.').default(''),
});
export type FeedbackStepInput = z.infer<typeof FeedbackStepInputSchema>;
export const ImageIdInputSchema = z.object({ id: wholeNumberField('شناسه تصویر نامعتبر است') });
