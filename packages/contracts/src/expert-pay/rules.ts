import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, PricingConditionSchema, TIME_SLOT_RANGES, dayKeyField, hasControlCharacters, idField, toLatinDigits } from '../common';

// The inspection settings of spec §3, saved as dated share rules (decision 107).

export const RULE_TABS = ['shift', 'date'] as const;
export const RULE_TAB_LABELS: Record<(typeof RULE_TABS)[number], string> = { shift: 'بر اساس شیفت', date: 'بر اساس تاریخ' };
/** Days of the week, Saturday first (0) as the Persian week; PostgreSQL's `extract(dow)` is Sunday 0. */
export const WEEK_DAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'] as const;
export const SHIFT_SLOTS = TIME_SLOT_RANGES.map((r) => r.slot) as [string, ...string[]];

export const RATIO_MESSAGE = 'ضریب باید عددی بین ۰ و ۱۰ با حداکثر دو رقم اعشار باشد.';

/** A ratio as staff type it: Persian or Latin digits, '٫' or '.', at most two decimals, 0.00-10.00. */
export const RatioField = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value.trim()).replace(/[٫,]/g, '.') : value),
  z.union([
    z.number({ error: RATIO_MESSAGE }),
    z.string({ error: RATIO_MESSAGE }).regex(/^\d{1,2}(\.\d{1,2})?$/, { error: RATIO_MESSAGE }).transform(Number),
  ]).pipe(
    z
      .number({ error: RATIO_MESSAGE })
      .min(0, { error: RATIO_MESSAGE })
      .max(10, { error: RATIO_MESSAGE })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, { error: RATIO_MESSAGE }),
  ),
);

/** A form's empty choice ('') is no value. */
const blankNull = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === '' ? null : v), schema.nullable())
    .optional()
    .transform((v): z.output<T> | null => v ?? null);
const dayField = blankNull(dayKeyField());

export const ShareRuleFieldsSchema = z
  .object({
    tab: z.enum(RULE_TABS, { error: 'نوع تنظیم نامعتبر است.' }).default('shift'),
    allTimeShift: z.boolean({ error: 'مقدار «همه شیفت‌ها» نامعتبر است.' }).default(true),
    days: z.array(z.coerce.number().int().min(0).max(6), { error: 'روزهای هفته نامعتبر است.' }).max(7).default([]),
    cities: z.array(idField('شهر نامعتبر است.'), { error: 'شهرها نامعتبر است.' }).max(100).default([]),
    condition: blankNull(PricingConditionSchema),
    inspectionType: blankNull(z.string().trim().max(100, { error: 'نوع کارشناسی طولانی است.' })).transform((s) => (s ? s : null)),
    shift: blankNull(z.enum(SHIFT_SLOTS, { error: 'شیفت نامعتبر است.' })),
    shiftDate: dayField,
    startDate: dayField,
    endDate: dayField,
    inspectionPriceRatio: RatioField.default(1),
    expertShareRatio: RatioField.default(1),
    mechanicShareRatio: RatioField.default(1),
  })
  .superRefine((v, ctx) => {
    if (v.tab === 'shift') {
      if (!v.shiftDate) ctx.addIssue({ code: 'custom', path: ['shiftDate'], message: 'تاریخ شیفت را انتخاب کنید.' });
      if (!v.allTimeShift && !v.shift) ctx.addIssue({ code: 'custom', path: ['shift'], message: 'شیفت را انتخاب کنید یا «همه شیفت‌ها» را بزنید.' });
    } else {
      if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'تاریخ شروع را انتخاب کنید.' });
      if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'تاریخ پایان را انتخاب کنید.' });
      if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'تاریخ پایان پیش از تاریخ شروع است.' });
    }
  });
export type ShareRuleFields = z.output<typeof ShareRuleFieldsSchema>;
export type ShareRuleFieldsInput = z.input<typeof ShareRuleFieldsSchema>;

/** The days a rule covers: one shift day, or the date range. */
export function ruleRange(fields: ShareRuleFields): { start: string; end: string } {
  return fields.tab === 'shift' ? { start: fields.shiftDate ?? '', end: fields.shiftDate ?? '' } : { start: fields.startDate ?? '', end: fields.endDate ?? '' };
}

export const SaveShareRuleInputSchema = z.object({
  /** Absent: a new rule; present: a new version of that rule, from the version the editor saw. */
  ruleId: idField('قاعده نامعتبر است.').optional(),
  version: z.number().int().min(1).optional(),
  fields: ShareRuleFieldsSchema,
});
export type SaveShareRuleInput = z.input<typeof SaveShareRuleInputSchema>;

export const ShareRuleSchema = z.object({
  pk: z.number().int(),
  rule_id: z.number().int(),
  version: z.number().int(),
  in_force: z.boolean(),
  tab: z.enum(RULE_TABS),
  all_time_shift: z.boolean(),
  days: z.array(z.number().int()),
  cities: z.array(z.number().int()),
  condition: PricingConditionSchema.nullable(),
  inspection_type: z.string().nullable(),
  shift: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  inspection_price_ratio: z.number(),
  expert_share_ratio: z.number(),
  mechanic_share_ratio: z.number(),
  created_by: z.string(),
  created_at: z.string(),
});
export type ShareRule = z.infer<typeof ShareRuleSchema>;

/** The form's values of a saved rule (to edit it). */
export function fieldsOf(rule: ShareRule): ShareRuleFields {
  return {
    tab: rule.tab,
    allTimeShift: rule.all_time_shift,
    days: rule.days,
    cities: rule.cities,
    condition: rule.condition,
    inspectionType: rule.inspection_type,
    shift: rule.shift,
    shiftDate: rule.tab === 'shift' ? rule.start_date : null,
    startDate: rule.tab === 'date' ? rule.start_date : null,
    endDate: rule.tab === 'date' ? rule.end_date : null,
    inspectionPriceRatio: rule.inspection_price_ratio,
    expertShareRatio: rule.expert_share_ratio,
    mechanicShareRatio: rule.mechanic_share_ratio,
  };
}

/** Per expert: how many earnings lines a rule change would change, and by how much (toman, signed). */
export const RuleImpactSchema = z.object({
  from: z.string(),
  to: z.string(),
  experts: z.array(z.object({ expert_id: z.number().int(), name: z.string(), lines: z.number().int(), delta: z.number() })),
});
export type RuleImpact = z.infer<typeof RuleImpactSchema>;

export const RuleIdInputSchema = z.object({ ruleId: idField('قاعده نامعتبر است.') });

export const ApplicableRuleInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'کد سفارش را وارد کنید.' })
    .max(40)
    .refine((code) => !hasControlCharacters(code), { error: CONTROL_CHARACTERS_MESSAGE }),
});
export const ApplicableRuleSchema = z.object({
  inspection: z.object({ pk: z.number().int(), code: z.string(), visit_date: z.string().nullable(), city_id: z.number().int(), package: z.string(), time_slot: z.string().nullable(), price: z.number() }),
  rule: ShareRuleSchema.nullable(),
});
export type ApplicableRule = z.infer<typeof ApplicableRuleSchema>;
