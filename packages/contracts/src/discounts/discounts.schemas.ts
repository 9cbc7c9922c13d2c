import { z } from 'zod';
import { CITIES, PhoneNumberSchema, dayKeyField, defineListFilter, keyField, listField, paginated, textField, toLatinDigits, versionField, wholeNumberField } from '../common';
import {
  CAMPAIGN_MAX,
  DISCOUNT_KIND_LIST,
  DISCOUNT_ORIGIN_LIST,
  DISCOUNT_REFUSAL_LIST,
  DISCOUNT_SERVICE_LIST,
  DISCOUNT_STATE_LIST,
  DISCOUNT_STATUS_LIST,
  DiscountActionSchema,
  type DiscountAction,
} from './discounts.workflow';

// کدهای تخفیف (/panel/discount, issue 33, decision 117): the code, its list filter, the inputs of
// creating, checking and using a code and of a campaign, and the Persian texts. Money is in tomans.

export const DISCOUNTS_MESSAGES = {
  empty: 'کد تخفیفی یافت نشد!',
  loadFailed: 'فهرست کدهای تخفیف بارگذاری نشد.',
  notFound: 'کد تخفیف یافت نشد',
  campaignNotFound: 'کمپین یافت نشد',
  redemptionNotFound: 'استفاده‌ای با این شناسه یافت نشد',
  redemptionSettled: 'این استفاده پیش‌تر قطعی یا آزاد شده است.',
  stale: 'این کد تخفیف همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  codeTaken: 'این کد تخفیف پیش‌تر ثبت شده است؛ کد دیگری بنویسید.',
  noOrder: 'سفارشی با این شناسه یافت نشد.',
  created: 'کد تخفیف ثبت شد.',
  campaignStarted: 'ساخت کدهای کمپین آغاز شد.',
  campaignDone: 'کدهای کمپین ساخته شد.',
  redeemed: 'استفاده از کد تخفیف ثبت شد.',
  reserved: 'کد تخفیف برای این سفارش رزرو شد.',
  confirmed: 'استفاده از کد تخفیف قطعی شد.',
  released: 'رزرو کد تخفیف آزاد شد.',
  applies: 'این کد تخفیف برای این سفارش معتبر است.',
  moved: { pause: 'کد تخفیف متوقف شد.', resume: 'کد تخفیف دوباره فعال شد.', deactivate: 'کد تخفیف غیرفعال شد.' } satisfies Record<DiscountAction, string>,
} as const;

const CITY_IDS = CITIES.map((c) => c.id) as number[];
const blankIsNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const amount = (message: string, min: number, max = 1_000_000_000_000) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min, max }));
const trimmed = (max: number, message: string, min = 1) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).refine((v) => v.length >= min, { error: message }));
const upper = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v.trim()).toUpperCase() : v);

/** A code as customers type it: Latin capitals and digits (and a dash), 4 to 24 characters. */
export const DiscountCodeTextSchema = z.preprocess(
  upper,
  z.string({ error: 'کد تخفیف را بنویسید.' }).regex(/^[A-Z0-9][A-Z0-9-]{3,23}$/, { error: 'کد تخفیف ۴ تا ۲۴ نویسه از حروف لاتین بزرگ و رقم است.' }),
);
const cityId = z.preprocess(
  blankIsNull,
  keyField('شهر را انتخاب کنید.')
    .refine((v) => CITY_IDS.includes(v), { error: 'شهر را انتخاب کنید.' })
    .nullable(),
);
const service = z.enum(DISCOUNT_SERVICE_LIST, { error: 'خدمت را انتخاب کنید.' });
const id = wholeNumberField('شناسه کد تخفیف نامعتبر است');
const version = versionField('نسخه کد تخفیف نامعتبر است');

/** The rules of a code, the same for one code made by hand and for every code of a campaign. */
const RulesShape = {
  kind: z.enum(DISCOUNT_KIND_LIST, { error: 'نوع تخفیف را انتخاب کنید.' }),
  /** A percent (1–100) or an amount in tomans. */
  value: amount('مقدار تخفیف را وارد کنید.', 1),
  /** The cap of a percent code in tomans; none for a fixed amount. */
  max_discount: z.preprocess(blankIsNull, amount('سقف تخفیف را به تومان وارد کنید.', 1_000).nullable()).default(null),
  min_order: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), amount('حداقل مبلغ سفارش نامعتبر است.', 0)),
  valid_from: dayKeyField('تاریخ شروع اعتبار را انتخاب کنید.'),
  valid_until: dayKeyField('تاریخ پایان اعتبار را انتخاب کنید.'),
  usage_limit: wholeNumberField('سقف استفاده را از ۱ تا ۱٬۰۰۰٬۰۰۰ وارد کنید.', { min: 1, max: 1_000_000 }),
  per_user_limit: wholeNumberField('سقف استفاده هر مشتری را از ۱ تا ۱۰۰ وارد کنید.', { min: 1, max: 100 }),
  services: z.array(service, { error: 'دست‌کم یک خدمت را انتخاب کنید.' }).min(1, { error: 'دست‌کم یک خدمت را انتخاب کنید.' }),
  city_id: cityId.default(null),
};
type Rules = { kind: 'percent' | 'amount'; value: number; max_discount: number | null; valid_from: string; valid_until: string; usage_limit: number; per_user_limit: number };

function checkRules(v: Rules, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'درصد تخفیف باید از ۱ تا ۱۰۰ باشد.' });
  if (v.kind === 'amount' && v.value < 1_000) ctx.addIssue({ code: 'custom', path: ['value'], message: 'مبلغ تخفیف دست‌کم ۱٬۰۰۰ تومان است.' });
  if (v.kind === 'amount' && v.max_discount !== null) ctx.addIssue({ code: 'custom', path: ['max_discount'], message: 'سقف تخفیف فقط برای کد درصدی است.' });
  if (v.valid_from && v.valid_until && v.valid_until < v.valid_from) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'پایان اعتبار نباید پیش از شروع آن باشد.' });
  if (v.usage_limit >= 1 && v.per_user_limit > v.usage_limit) ctx.addIssue({ code: 'custom', path: ['per_user_limit'], message: 'سقف هر مشتری نباید از سقف کل بیشتر باشد.' });
}

export const CreateDiscountInputSchema = z.object({ code: DiscountCodeTextSchema, ...RulesShape }).superRefine(checkRules);
export type CreateDiscountInput = z.infer<typeof CreateDiscountInputSchema>;

export const CreateCampaignInputSchema = z
  .object({
    name: trimmed(100, 'نام کمپین را بنویسید.', 3),
    prefix: z.preprocess(upper, z.string({ error: 'پیشوند را بنویسید.' }).regex(/^[A-Z0-9]{2,8}$/, { error: 'پیشوند ۲ تا ۸ نویسه از حروف لاتین بزرگ و رقم است.' })),
    count: amount(`تعداد کدها را از ۱ تا ${CAMPAIGN_MAX.toLocaleString('fa-IR')} وارد کنید.`, 1, CAMPAIGN_MAX),
    ...RulesShape,
  })
  .superRefine(checkRules);
export type CreateCampaignInput = z.infer<typeof CreateCampaignInputSchema>;

export const DiscountIdInputSchema = z.object({ id });
export const DiscountStepInputSchema = z.object({
  id,
  version,
  action: DiscountActionSchema,
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default('')),
});
export type DiscountStepInput = z.infer<typeof DiscountStepInputSchema>;

/** An order to check a code against: an inspection order by its id, or the order's own facts. */
export const CheckDiscountInputSchema = z
  .object({
    code: z.preprocess(upper, z.string({ error: 'کد تخفیف را بنویسید.' }).min(1, { error: 'کد تخفیف را بنویسید.' }).max(40, { error: 'کد تخفیف را بنویسید.' })),
    inspection_id: z.preprocess(blankIsNull, wholeNumberField('شناسه سفارش نامعتبر است').nullable()).default(null),
    amount: z.preprocess(blankIsNull, amount('مبلغ سفارش را به تومان وارد کنید.', 0).nullable()).default(null),
    service: z.preprocess(blankIsNull, service.nullable()).default(null),
    city_id: cityId.default(null),
    phone: z.preprocess(blankIsNull, PhoneNumberSchema.nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    if (v.inspection_id !== null) return;
    if (v.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'شناسه سفارش یا مبلغ سفارش را وارد کنید.' });
    if (v.service === null) ctx.addIssue({ code: 'custom', path: ['service'], message: 'خدمت را انتخاب کنید.' });
  });
export type CheckDiscountInput = z.infer<typeof CheckDiscountInputSchema>;

/** One use of a code for an order: reserved (to confirm or release) or used at once. */
export const RedeemDiscountInputSchema = z.object({
  code: DiscountCodeTextSchema,
  phone: PhoneNumberSchema,
  amount: amount('مبلغ سفارش را به تومان وارد کنید.', 0),
  service,
  city_id: cityId.default(null),
  order_ref: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 60 }).default('')),
  /** Reserve only (the order's payment confirms or releases it); false: used at once. */
  hold: z.boolean({ error: 'نوع ثبت نامعتبر است' }).default(false),
});
export type RedeemDiscountInput = z.infer<typeof RedeemDiscountInputSchema>;
export const RedemptionIdInputSchema = z.object({ id: wholeNumberField('شناسه استفاده نامعتبر است') });

const instant = z.iso.datetime({ offset: true });

export const DiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KIND_LIST),
  value: z.number(),
  max_discount: z.number().nullable(),
  min_order: z.number(),
  valid_from: instant,
  valid_until: instant,
  usage_limit: z.number().int(),
  per_user_limit: z.number().int(),
  /** The database's counts: confirmed uses and uses reserved but not yet confirmed. */
  used: z.number().int(),
  reserved: z.number().int(),
  services: z.array(z.enum(DISCOUNT_SERVICE_LIST)),
  city_id: z.number().int().nullable(),
  state: z.enum(DISCOUNT_STATE_LIST),
  state_label: z.string(),
  /** Past its validity window (the database's clock). */
  expired: z.boolean(),
  /** Its validity window not begun yet (the database's clock). */
  scheduled: z.boolean(),
  origin: z.enum(DISCOUNT_ORIGIN_LIST),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  inspection_id: z.number().int().nullable(),
  version: z.number().int(),
  created_at: instant,
  created_by: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export const REDEMPTION_STATES = { reserved: 'رزرو', confirmed: 'قطعی', released: 'آزادشده' } as const;
export const RedemptionSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  amount: z.number(),
  discount: z.number(),
  service: z.enum(DISCOUNT_SERVICE_LIST),
  order_ref: z.string(),
  state: z.enum(['reserved', 'confirmed', 'released']),
  created_at: instant,
  created_by: z.string(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const DiscountDetailSchema = DiscountCodeSchema.extend({ order_code: z.string().nullable(), redemptions: z.array(RedemptionSchema) });
export type DiscountDetail = z.infer<typeof DiscountDetailSchema>;

export const DiscountPageSchema = paginated(DiscountCodeSchema);
export type DiscountPage = z.infer<typeof DiscountPageSchema>;

export const DiscountOutcomeSchema = z.object({ id: z.number().int(), state: z.enum(DISCOUNT_STATE_LIST), version: z.number().int(), message: z.string() });
export type DiscountOutcome = z.infer<typeof DiscountOutcomeSchema>;

/** A check's answer: applies or the reason it does not, and the discount it would give. */
export const CheckAnswerSchema = z.object({
  applies: z.boolean(),
  reason: z.enum(DISCOUNT_REFUSAL_LIST).nullable(),
  message: z.string(),
  amount: z.number(),
  discount: z.number(),
  payable: z.number(),
  code: DiscountCodeSchema.nullable(),
  order_code: z.string().nullable(),
});
export type CheckAnswer = z.infer<typeof CheckAnswerSchema>;

export const RedemptionOutcomeSchema = z.object({
  id: z.number().int(),
  code_id: z.number().int(),
  state: z.enum(['reserved', 'confirmed', 'released']),
  discount: z.number(),
  used: z.number().int(),
  reserved: z.number().int(),
  message: z.string(),
});
export type RedemptionOutcome = z.infer<typeof RedemptionOutcomeSchema>;

export const CampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  state: z.enum(['running', 'done']),
  created_at: instant,
  finished_at: instant.nullable(),
  created_by: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignListSchema = z.object({ results: z.array(CampaignSchema) });
export const CampaignCodesSchema = z.object({ results: z.array(z.string()) });

/** The orders the list offers (the gateway turns each into its columns). */
export const DISCOUNTS_SORTS = ['created_at', 'valid_until', 'used', 'code'] as const;
export const DiscountsSortSchema = z.enum(DISCOUNTS_SORTS, { error: 'ترتیب نامعتبر است' });

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const discountsListFilter = defineListFilter({
  search: listField.text(),
  status: listField.oneOf(z.enum(DISCOUNT_STATUS_LIST, { error: 'وضعیت نامعتبر است' })),
  kind: listField.oneOf(z.enum(DISCOUNT_KIND_LIST, { error: 'نوع تخفیف نامعتبر است' })),
  /** Codes valid on some day of this Tehran day range. */
  validFrom: listField.day(),
  validTo: listField.day(),
  campaign: listField.id('کمپین نامعتبر است'),
  ...listField.ordering(DISCOUNTS_SORTS, 'created_at'),
});
export const DiscountsListFilterSchema = discountsListFilter.schema;
export type DiscountsListFilter = z.infer<typeof DiscountsListFilterSchema>;
