import { z } from 'zod';
import { CITIES } from '../common/constants';
import { toLatinDigits } from '../common/digits';
import { PricingConditionSchema } from '../common/enums';
import { dayKeyField, keyField, textField, versionField } from '../common/fields';
import { defineListFilter, listField } from '../common/list-filter';
import { paginated } from '../common/pagination';
import { RATE_SCOPE_PRECEDENCE } from './quote';

// Pricing rates (issue 29): a ratio for one pricing condition of spec §9, in force on a range of
// days, for one city or all, one package or all. Two rates of the same key (condition, city,
// package) never cover the same day: the database refuses it (migration 1600, an exclusion
// constraint). Decision 100 records how rates stack into a price.

export const RATE_RATIO = { min: 0.5, max: 3 } as const;

export const RATE_MESSAGES = {
  notFound: 'نرخ قیمت‌گذاری یافت نشد',
  overlap: 'برای همین شرط، شهر و بسته در این بازه تاریخ نرخ دیگری هست؛ بازه‌ها نباید هم‌پوشانی داشته باشند.',
  ratio: 'ضریب را به صورت عدد اعشاری وارد کنید (از ۰٫۵ تا ۳، مثلاً ۱٫۲)',
  condition: 'شرط قیمت‌گذاری را انتخاب کنید',
  city: 'شهر نامعتبر است',
  package: 'بسته کارشناسی یافت نشد',
  from: 'تاریخ شروع را وارد کنید',
  to: 'تاریخ پایان را وارد کنید',
  range: 'تاریخ پایان نباید پیش از تاریخ شروع باشد',
  stale: 'این نرخ همین حالا تغییر کرد؛ صفحه را تازه کنید و دوباره ذخیره کنید.',
  created: 'نرخ قیمت‌گذاری افزوده شد.',
  saved: 'نرخ قیمت‌گذاری ذخیره شد.',
  deleted: 'نرخ قیمت‌گذاری حذف شد.',
} as const;

export const PricingRateSchema = z.object({
  id: z.number().int(),
  condition: PricingConditionSchema,
  city_id: z.number().int().nullable(),
  city: z.string().nullable(),
  package_id: z.number().int().nullable(),
  package: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  ratio: z.number(),
  note: z.string(),
  scope: z.enum(RATE_SCOPE_PRECEDENCE as ['city_package', 'city', 'package', 'all']),
  created_by: z.string(),
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type PricingRate = z.infer<typeof PricingRateSchema>;
export const PricingRatePageSchema = paginated(PricingRateSchema);
export type PricingRatePage = z.infer<typeof PricingRatePageSchema>;

export const pricingRateListFilter = defineListFilter({
  condition: listField.oneOf(PricingConditionSchema),
  /** One city of spec §9; rates for all cities are listed under every city. */
  city: listField.oneOf(keyField(RATE_MESSAGES.city)),
  package: listField.oneOf(keyField(RATE_MESSAGES.package)),
  /** Rates in force on this day. */
  day: listField.day(),
});
export const PricingRateListFilterSchema = pricingRateListFilter.schema;
export type PricingRateListFilter = z.infer<typeof PricingRateListFilterSchema>;

const CITY_IDS = new Set<number>(CITIES.map((c) => c.id));
/** A ratio in any digits, '.' or '٫' as the decimal point: 1.2, '۱٫۲'. Three decimals at most. */
const ratioField = z.preprocess(
  (v) => (typeof v === 'string' && /^[\s0-9۰-۹٠-٩.٫,]+$/.test(v) ? Number(toLatinDigits(v.trim()).replace(/[٫,]/, '.')) : v),
  z
    .number({ error: RATE_MESSAGES.ratio })
    .min(RATE_RATIO.min, { error: RATE_MESSAGES.ratio })
    .max(RATE_RATIO.max, { error: RATE_MESSAGES.ratio })
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { error: RATE_MESSAGES.ratio }),
);
const nullableId = (message: string, check?: (id: number) => boolean) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), keyField(message).refine((id) => !check || check(id), { error: message }).nullable());

export const PricingRateInputSchema = z
  .object({
    condition: PricingConditionSchema,
    /** Null: every city. */
    city_id: nullableId(RATE_MESSAGES.city, (id) => CITY_IDS.has(id)),
    /** Null: every package. */
    package_id: nullableId(RATE_MESSAGES.package),
    starts_on: dayKeyField(RATE_MESSAGES.from),
    ends_on: dayKeyField(RATE_MESSAGES.to),
    ratio: ratioField,
    note: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 300 }).default('')),
  })
  .refine((v) => v.ends_on >= v.starts_on, { error: RATE_MESSAGES.range, path: ['ends_on'] });
export type PricingRateInput = z.input<typeof PricingRateInputSchema>;
export type PricingRateValues = z.output<typeof PricingRateInputSchema>;
export const UpdatePricingRateInputSchema = z.intersection(
  PricingRateInputSchema,
  z.object({ id: keyField('شناسه نامعتبر است'), version: versionField('نسخه نامعتبر است', 1) }),
);
export type UpdatePricingRateInput = z.infer<typeof UpdatePricingRateInputSchema>;
export const DeletePricingRateInputSchema = z.object({ id: keyField('شناسه نامعتبر است'), version: versionField('نسخه نامعتبر است', 1) });
export type DeletePricingRateInput = z.infer<typeof DeletePricingRateInputSchema>;

// ---------------------------------------------------------------------------------------------
// Quotes: a price with its breakdown, locked at quote time (decision 100)

export const QuoteFactorSchema = z.object({
  condition: PricingConditionSchema,
  label: z.string(),
  ratio: z.number(),
  rate_id: z.number().int().nullable(),
  scope: z.enum(['city_package', 'city', 'package', 'all', 'standard']),
  /** Persian: «تعطیلات ×۱٫۲ (+۲۰٪) — نرخ همین شهر». */
  explanation: z.string(),
});
export type QuoteFactor = z.infer<typeof QuoteFactorSchema>;

export const QuoteSchema = z.object({
  package_id: z.number().int(),
  package: z.string(),
  city_id: z.number().int(),
  day: z.string(),
  base_price: z.number().int(),
  factors: z.array(QuoteFactorSchema),
  raw_multiplier: z.number(),
  multiplier: z.number(),
  capped: z.boolean(),
  price: z.number().int(),
  /** The whole breakdown in one Persian line: base × each factor = price. */
  explanation: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A quote as it was locked for an order or a reserve. */
export const LockedQuoteSchema = QuoteSchema.extend({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type LockedQuote = z.infer<typeof LockedQuoteSchema>;

export const QuoteInputSchema = z.object({
  package: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 80, message: 'بسته کارشناسی را انتخاب کنید' }).min(1, { error: 'بسته کارشناسی را انتخاب کنید' })),
  city_id: keyField(RATE_MESSAGES.city),
  /** The visit day; absent: today in Tehran. */
  day: dayKeyField().optional(),
  conditions: z.array(PricingConditionSchema).max(6).default([]),
});
export type QuoteInput = z.input<typeof QuoteInputSchema>;

export const QuotesOfInputSchema = z.object({ entity: z.enum(['inspection', 'inspection_reserve']), entity_id: keyField('شناسه نامعتبر است') });
export type QuotesOfInput = z.infer<typeof QuotesOfInputSchema>;

// ---------------------------------------------------------------------------------------------
// What-if: a draft rate replayed over the last 30 days of orders before it goes live

export const WHAT_IF_DAYS = 30;
/** A draft rate; `replacing` names the rate it would replace (an edit), left out of the replay. */
export const WhatIfInputSchema = z.intersection(PricingRateInputSchema, z.object({ replacing: keyField('شناسه نامعتبر است').nullish() }));
export type WhatIfInput = z.input<typeof WhatIfInputSchema>;
export const WhatIfSchema = z.object({
  days: z.number().int(),
  orders: z.number().int(),
  /** Orders whose price the draft changes. */
  changed: z.number().int(),
  revenue_before: z.number(),
  revenue_after: z.number(),
  revenue_change: z.number(),
  samples: z.array(z.object({ pk: z.number().int(), code: z.string(), package: z.string(), city: z.string(), before: z.number(), after: z.number() })),
  explanation: z.string(),
});
export type WhatIf = z.infer<typeof WhatIfSchema>;
