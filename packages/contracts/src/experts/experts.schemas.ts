import { z } from 'zod';
import { CITIES, EXPERT_TYPES, ExpertLevelSchema, ExpertTypeSchema, PhoneNumberSchema, defineListFilter, keyField, listField, paginated, textField, versionField, wholeNumberField } from '../common';

// The experts (/panel/experts/list, issue 31, decision 105): the people who inspect, their
// level, types, city and areas, and whether they work. The dispatch sheet reads the same rows.

export const EXPERTS_MESSAGES = {
  empty: 'کارشناسی یافت نشد!',
  loadFailed: 'فهرست کارشناسان بارگذاری نشد.',
  notFound: 'کارشناس یافت نشد',
  stale: 'این کارشناس همین حالا تغییر کرد؛ اطلاعات تازه نمایش داده شد.',
  phoneTaken: 'این شماره همراه برای کارشناس دیگری ثبت شده است.',
  noType: 'دست‌کم یک نوع کارشناسی را انتخاب کنید.',
  areas: 'دست‌کم یک منطقه انتخاب کنید (حداکثر ده).',
  areaOutsideCity: 'منطقه‌های انتخاب‌شده باید در شهر کارشناس باشند.',
  holdsOrders: (count: number, code: string) =>
    `این کارشناس ${count.toLocaleString('fa-IR')} سفارش تخصیص‌یافته از امروز به بعد دارد (از جمله ${code})؛ اول تخصیص‌ها را در برگه تخصیص لغو کنید.`,
  added: 'کارشناس ثبت شد و در برگه تخصیص خانه‌های شیفت گرفت.',
  updated: 'اطلاعات کارشناس ذخیره شد.',
  deactivated: 'کارشناس غیرفعال شد.',
  activated: 'کارشناس فعال شد.',
} as const;

const CITY_IDS = CITIES.map((c) => c.id) as number[];
const trimmed = (max: number, message: string, min = 1) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v), textField({ max, message }).refine((v) => v.length >= min, { error: message }));

export const ExpertAreaSchema = z.object({ id: z.number().int(), name: z.string(), city: z.number().int(), city_name: z.string() });
export type ExpertArea = z.infer<typeof ExpertAreaSchema>;

const flags = Object.fromEntries(EXPERT_TYPES.map((t) => [t, z.boolean()])) as Record<(typeof EXPERT_TYPES)[number], z.ZodBoolean>;

export const ExpertSchema = z.object({
  pk: z.number().int(),
  report_name: z.string(),
  phone_number: z.string().nullable(),
  level: ExpertLevelSchema,
  ...flags,
  city: z.number().int(),
  city_name: z.string(),
  areas: z.array(z.number().int()),
  area_names: z.array(z.string()),
  is_active: z.boolean(),
  username: z.string().nullable(),
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Expert = z.infer<typeof ExpertSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const EXPERTS_SORTS = ['report_name', 'level', 'pk'] as const;

const level = z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), ExpertLevelSchema);

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const expertsListFilter = defineListFilter({
  search: listField.text(),
  level: listField.someOf(level),
  type: listField.someOf(ExpertTypeSchema),
  city: listField.oneOf(keyField('شهر نامعتبر است')),
  area: listField.oneOf(keyField('منطقه نامعتبر است')),
  active: listField.flag('وضعیت نامعتبر است'),
  ...listField.ordering(EXPERTS_SORTS, 'report_name', true),
});
export const ExpertsListFilterSchema = expertsListFilter.schema;
export type ExpertsListFilter = z.infer<typeof ExpertsListFilterSchema>;

export const ExpertsPageSchema = paginated(ExpertSchema);
export type ExpertsPage = z.infer<typeof ExpertsPageSchema>;

const typeFlags = Object.fromEntries(EXPERT_TYPES.map((t) => [t, z.boolean({ error: 'نوع کارشناسی نامعتبر است' }).default(false)])) as Record<
  (typeof EXPERT_TYPES)[number],
  z.ZodDefault<z.ZodBoolean>
>;

/** What the add and edit forms validate, and the gateway again (one schema, decision 105). */
export const ExpertFieldsSchema = z
  .object({
    report_name: trimmed(100, 'نام کارشناس را بنویسید (دست‌کم دو حرف).', 2),
    phone_number: PhoneNumberSchema,
    level: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.literal([0, 1, 2, 3, 4, 5], { error: 'سطح را انتخاب کنید.' })),
    ...typeFlags,
    city: keyField('شهر را انتخاب کنید.').refine((v) => CITY_IDS.includes(v), { error: 'شهر را انتخاب کنید.' }),
    areas: z.array(keyField('منطقه نامعتبر است'), { error: EXPERTS_MESSAGES.areas }).min(1, { error: EXPERTS_MESSAGES.areas }).max(10, { error: EXPERTS_MESSAGES.areas }),
  })
  .refine((v) => EXPERT_TYPES.some((t) => v[t]), { path: ['is_car_expert'], error: EXPERTS_MESSAGES.noType });
export type ExpertFields = z.infer<typeof ExpertFieldsSchema>;
export type ExpertFieldsInput = z.input<typeof ExpertFieldsSchema>;

const pk = wholeNumberField('شناسه کارشناس نامعتبر است');
const version = versionField('نسخه کارشناس نامعتبر است');

export const AddExpertInputSchema = ExpertFieldsSchema;
export type AddExpertInput = ExpertFields;
export const UpdateExpertInputSchema = z.object({ pk, version, fields: ExpertFieldsSchema });
export type UpdateExpertInput = z.infer<typeof UpdateExpertInputSchema>;
export const ExpertPkInputSchema = z.object({ pk });
export const ExpertStepInputSchema = z.object({
  pk,
  version,
  action: z.enum(['deactivate', 'activate'], { error: 'اقدام نامعتبر است' }),
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default('')),
});
export type ExpertStepInput = z.infer<typeof ExpertStepInputSchema>;

export const ExpertOutcomeSchema = z.object({ pk: z.number().int(), is_active: z.boolean(), version: z.number().int(), message: z.string() });
export type ExpertOutcome = z.infer<typeof ExpertOutcomeSchema>;
