import { z } from 'zod';
import { PRICING_ORDERS_ACCESS } from './pricing-orders.access';
import { defineListFilter, defineWorkflow, listField, paginated, textField, wholeNumberField } from '../common';

// Price-estimation requests (issue 16, /panel/pricing-order-list opened with page=1&status=PE):
// a price expert takes a pending one, enters the estimate beside the gateway's estimator band,
// and it is done. Decision 081 records the graph.

export const PRICING_STATUSES = {
  PE: 'در انتظار قیمت‌گذاری',
  IP: 'در حال قیمت‌گذاری',
  DO: 'قیمت‌گذاری شده',
} as const;
export type PricingStatus = keyof typeof PRICING_STATUSES;
export const PRICING_STATUS_LIST = ['PE', 'IP', 'DO'] as const satisfies readonly PricingStatus[];

export const PRICING_WORKFLOW = defineWorkflow({
  noun: 'سفارش قیمت‌گذاری',
  states: PRICING_STATUSES,
  roles: PRICING_ORDERS_ACCESS.price,
  actions: {
    take: { label: 'برداشتن سفارش', from: ['PE'], to: 'IP' },
    release: { label: 'رها کردن سفارش', from: ['IP'], to: 'PE' },
    estimate: { label: 'ثبت قیمت', from: ['IP'], to: 'DO' },
  },
});
export type PricingAction = (typeof PRICING_WORKFLOW.actionList)[number];

export const PRICING_SORTS = ['code', 'created_at', 'usage', 'year', 'estimated_at'] as const;
export type PricingSort = (typeof PRICING_SORTS)[number];
export const PricingSortSchema = z.enum(PRICING_SORTS, { error: 'ترتیب نامعتبر است' });

/** Each tab's own order, while no column is chosen: a queue oldest first, the priced latest priced first (decision 081). */
export const PRICING_TAB_ORDER: Record<PricingStatus, { sort: PricingSort; isAscending: boolean }> = {
  PE: { sort: 'created_at', isAscending: true },
  IP: { sort: 'created_at', isAscending: true },
  DO: { sort: 'estimated_at', isAscending: false },
};

/** Opened with page=1&status=PE (spec §2); every filter in the address. */
export const pricingOrderListFilter = defineListFilter({
  status: listField.choice(PRICING_STATUS_LIST, 'PE', 'وضعیت نامعتبر است'),
  /** Code, customer's name or phone, car. */
  search: listField.text(),
  /** Cities of spec §9 (`CITIES`). */
  cities: listField.ids('شهر نامعتبر است'),
  /** A catalogue model id (brand-models). */
  model: listField.id('خودرو نامعتبر است'),
  /** A price expert's username. */
  expert: listField.text(),
  /** Only the signed-in price expert's orders: the gateway reads who from the verified token. */
  mine: listField.flag('مقدار «فقط سفارش‌های من» نامعتبر است'),
  /** Created between these Tehran days, both included. */
  from: listField.day(),
  to: listField.day(),
  /** Absent: the tab's own order (`PRICING_TAB_ORDER`). */
  sort: listField.oneOf(PricingSortSchema),
  isAscending: listField.setting('جهت ترتیب نامعتبر است', true),
  // Spec §1 addresses the list as `?page=1&status=PE`: a tab or page change keeps both.
}, { alwaysInAddress: ['page', 'status'] });
export const PricingOrderListFilterSchema = pricingOrderListFilter.schema;
export type PricingOrderListFilter = z.infer<typeof PricingOrderListFilterSchema>;

/** The order a list is in: the chosen column, or the tab's own. */
export const pricingOrderSort = (filter: Pick<PricingOrderListFilter, 'status' | 'sort' | 'isAscending'>) =>
  filter.sort ? { sort: filter.sort, isAscending: filter.isAscending } : PRICING_TAB_ORDER[filter.status];

/** The status tabs with how many orders each holds under the other filters. */
export const PricingStatusCountSchema = z.object({ status: z.enum(PRICING_STATUS_LIST), label: z.string(), count: z.number().int() });
export const PricingStatusCountsSchema = z.array(PricingStatusCountSchema);
export type PricingStatusCount = z.infer<typeof PricingStatusCountSchema>;

/** Whom the expert filter can name: the price experts, and whoever has priced an order. */
export const PricingExpertSchema = z.object({ username: z.string(), name: z.string() });
export const PricingExpertsSchema = z.array(PricingExpertSchema);
export type PricingExpert = z.infer<typeof PricingExpertSchema>;

export const PricingOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(PRICING_STATUS_LIST),
  version: z.number().int(),
  model_id: z.number().int(),
  brand_model: z.string(),
  year: z.number().int(),
  usage: z.number().int(),
  city: z.string(),
  customer_name: z.string(),
  phone_number: z.string(),
  description: z.string(),
  expert_username: z.string().nullable(),
  expert_name: z.string().nullable(),
  estimate_min: z.number().nullable(),
  estimate_max: z.number().nullable(),
  expert_note: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  estimated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type PricingOrder = z.infer<typeof PricingOrderSchema>;
export const PricingOrderPageSchema = paginated(PricingOrderSchema);
export type PricingOrderPage = z.infer<typeof PricingOrderPageSchema>;

/** The estimator's proposal: a band from the last prices of the same model and year, and why. */
export const EstimatorBandSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  median: z.number().nullable(),
  samples: z.array(z.object({ price: z.number(), source: z.string(), at: z.iso.datetime({ offset: true }) })),
  explanation: z.string(),
});
export type EstimatorBand = z.infer<typeof EstimatorBandSchema>;

export const PRICING_MESSAGES = {
  empty: 'سفارش قیمت‌گذاری یافت نشد!',
  notFound: 'سفارش قیمت‌گذاری یافت نشد',
  notYours: 'این سفارش را کارشناس دیگری برداشته است.',
  band: 'کمترین قیمت نباید از بیشترین قیمت بیشتر باشد.',
  min: 'کمترین قیمت را به تومان وارد کنید.',
  max: 'بیشترین قیمت را به تومان وارد کنید.',
  stale: 'این سفارش همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  done: { take: 'سفارش برای شما برداشته شد.', release: 'سفارش رها شد.', estimate: 'قیمت ثبت شد.' } satisfies Record<PricingAction, string>,
} as const;

const id = wholeNumberField('شناسه سفارش نامعتبر است');
const version = wholeNumberField('نسخه سفارش نامعتبر است');
export const PricingOrderIdInputSchema = z.object({ id });
export const PricingActionInputSchema = z.object({ id, version });
export type PricingActionInput = z.infer<typeof PricingActionInputSchema>;

/** Tomans in any digits, with or without separators. */
const toman = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min: 1_000_000, max: 1_000_000_000_000 }));

export const EstimateInputSchema = z
  .object({
    id,
    version,
    estimate_min: toman(PRICING_MESSAGES.min),
    estimate_max: toman(PRICING_MESSAGES.max),
    note: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 1000 }).default('')),
  })
  .refine((v) => v.estimate_min <= v.estimate_max, { error: PRICING_MESSAGES.band, path: ['estimate_max'] });
export type EstimateInput = z.infer<typeof EstimateInputSchema>;

export const PricingActionResultSchema = z.object({ id: z.number().int(), status: z.enum(PRICING_STATUS_LIST), version: z.number().int(), message: z.string() });
export type PricingActionResult = z.infer<typeof PricingActionResultSchema>;
