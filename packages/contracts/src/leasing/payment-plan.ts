import { z } from 'zod';
import { PAYMENT_PLAN_FILTER_DEFAULTS } from '../common/constants';
import { INT4_MAX, textField } from '../common/fields';
import { queryBoolean } from '../common/query-params';
import { VehicleTypeSchema } from '../common/enums';

// The vehicle types are common (the catalogue and leasing both use them).
export { VehicleTypeSchema, VEHICLE_TYPE_LABELS, type VehicleType } from '../common/enums';


export const PaymentPlanSearchFieldSchema = z.enum(['brand', 'model']);
export type PaymentPlanSearchField = z.infer<typeof PaymentPlanSearchFieldSchema>;

export const PaymentPlanFiltersSchema = z.object({
  vehicleType: VehicleTypeSchema.default(PAYMENT_PLAN_FILTER_DEFAULTS.vehicleType),
  searchField: PaymentPlanSearchFieldSchema.default(PAYMENT_PLAN_FILTER_DEFAULTS.searchField),
  search: textField({ max: 100, tooLong: 'جستجو حداکثر ۱۰۰ نویسه' }).trim().default(''),
  /** true lists active plans. */
  status: queryBoolean('وضعیت نامعتبر است').default(PAYMENT_PLAN_FILTER_DEFAULTS.status),
});
export type PaymentPlanFilters = z.infer<typeof PaymentPlanFiltersSchema>;

// Providers, plan groups and plans (issue 30, spec §7 "payment plan groups list/one; matching
// plans get and update"). A plan sets the yearly rate, the least down payment, the instalment
// months it offers, the vehicle type, and the brand-models it applies to (its matching).

export const LeasingProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  /** The provider's conditions, one line each, shown beside the register form. */
  conditions: z.array(z.string()),
  city_ids: z.array(z.number().int()),
});
export type LeasingProvider = z.infer<typeof LeasingProviderSchema>;

export const PaymentPlanSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  name: z.string(),
  vehicle_type: VehicleTypeSchema,
  annual_rate: z.number(),
  min_down_percent: z.number().int(),
  months: z.array(z.number().int()),
  is_active: z.boolean(),
  /** The brand-models the plan applies to, as 'brand model'. */
  models: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

export const PaymentPlanGroupSchema = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  name: z.string(),
  plans: z.array(PaymentPlanSchema),
});
export type PaymentPlanGroup = z.infer<typeof PaymentPlanGroupSchema>;

export const UpdatePlanMatchingInputSchema = z.object({
  id: z.number().int().positive({ error: 'طرح نامعتبر است' }).max(INT4_MAX, { error: 'طرح نامعتبر است' }),
  model_ids: z.array(z.number().int().positive({ error: 'خودرو نامعتبر است' }).max(INT4_MAX, { error: 'خودرو نامعتبر است' })).max(500, { error: 'حداکثر ۵۰۰ خودرو.' }),
});
export type UpdatePlanMatchingInput = z.infer<typeof UpdatePlanMatchingInputSchema>;

export const PAYMENT_PLAN_MESSAGES = {
  notFound: 'طرح پرداخت یافت نشد',
  groupNotFound: 'گروه طرح یافت نشد',
  unknownModel: 'یکی از خودروهای انتخاب‌شده در کاتالوگ نیست.',
  wrongType: 'نوع یکی از خودروهای انتخاب‌شده با نوع طرح یکی نیست.',
  matched: 'خودروهای طرح ذخیره شد.',
} as const;
