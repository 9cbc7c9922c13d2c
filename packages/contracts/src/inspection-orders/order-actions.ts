import { z } from 'zod';
import { INSPECTION_STATE_LABELS, ORDER_LIST_STATE_LABELS, PricingConditionSchema, defineWorkflow, textField, wholeNumberField, type PricingCondition } from '../common';
import { INSPECTION_PACKAGES, PACKAGE_NAMES } from './inspection-orders.schemas';

// The actions staff take on an inspection order from its detail page (spec §4 "Inspection:
// hold, cancel, send to offer, remove offer", §7 inspection back-office). The spec does not give
// the graph; decision 032 records this one. Dispatch moves (assign, cancel assignment, the
// expert's own moves) stay the dispatch sheet's, in the same state vocabulary.

/**
 * Every state an order can be in. The order list's own labels for the states it filters (what
 * the list shows), with the inspection labels of spec §4 for done and cancelled.
 */
export const ORDER_STATES = {
  ...ORDER_LIST_STATE_LABELS,
  D: INSPECTION_STATE_LABELS.D,
  F: INSPECTION_STATE_LABELS.F,
} as const;
export type OrderState = keyof typeof ORDER_STATES;

/** Before an expert has set out: the order can still be reshaped, offered or put on hold. */
const NOT_DISPATCHED = ['R', 'C', 'A', 'P', 'T', 'M'] as const satisfies readonly OrderState[];
const NOT_STARTED = [...NOT_DISPATCHED, 'O', 'E', 'I'] as const satisfies readonly OrderState[];
const INSPECTED = ['S', 'Q', 'W', 'D'] as const satisfies readonly OrderState[];

export const ORDER_WORKFLOW = defineWorkflow({
  noun: 'سفارش',
  states: ORDER_STATES,
  actions: {
    hold: { label: 'توقف سفارش', from: NOT_DISPATCHED, reason: 'required' },
    release_hold: { label: 'ادامه سفارش', from: NOT_DISPATCHED },
    send_to_offer: { label: 'ارسال به پیشنهاد', from: ['R', 'C', 'A', 'T', 'M'], to: 'P', confirm: 'سفارش به کارشناسان واجد شرایط پیشنهاد شود؟' },
    remove_offer: { label: 'حذف پیشنهاد', from: ['P'], to: 'T', confirm: 'پیشنهاد این سفارش برداشته شود؟ سفارش به انتظار تخصیص کارشناس برمی‌گردد.' },
    change_package: { label: 'تغییر بسته', from: NOT_DISPATCHED },
    change_pricing: { label: 'تغییر محاسبه قیمت', from: NOT_STARTED },
    settlement_link: { label: 'ارسال لینک تسویه', from: [...NOT_STARTED, ...INSPECTED], confirm: 'لینک پرداخت مابه‌التفاوت برای مشتری پیامک شود؟' },
    report_differences: { label: 'گزارش مغایرت', from: INSPECTED, reason: 'required' },
    // An order on the dispatch sheet (O E I) is first taken off it there (cancel assignment).
    cancel: { label: 'لغو سفارش', from: NOT_DISPATCHED, to: 'F', reason: 'required', confirm: 'سفارش لغو شود؟ این کار برگشت‌پذیر نیست.' },
  },
});
export type OrderAction = (typeof ORDER_WORKFLOW.actionList)[number];

const pk = wholeNumberField('شناسه سفارش نامعتبر است');
const reason = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500, message }).min(1, { error: message }));

export const ORDER_ACTION_MESSAGES = {
  reason: 'دلیل را بنویسید.',
  notHeld: 'این سفارش متوقف نیست.',
  alreadyHeld: 'این سفارش از قبل متوقف است.',
  samePackage: 'بسته سفارش همین است.',
  samePricing: 'شرایط قیمت‌گذاری تغییری نکرده است.',
  noDifference: 'مابه‌التفاوتی برای تسویه نیست.',
  until: 'زمان پایان توقف باید در آینده باشد.',
  report: 'متن مغایرت را بنویسید.',
  refund: 'نوع بازپرداخت را انتخاب کنید.',
  package: 'بسته کارشناسی را انتخاب کنید',
  done: {
    hold: 'سفارش متوقف شد.',
    release_hold: 'سفارش از توقف خارج شد.',
    send_to_offer: 'سفارش به پیشنهاد کارشناسان فرستاده شد.',
    remove_offer: 'پیشنهاد سفارش برداشته شد.',
    change_package: 'بسته سفارش تغییر کرد.',
    change_pricing: 'قیمت سفارش دوباره محاسبه شد.',
    settlement_link: 'لینک تسویه برای مشتری فرستاده شد.',
    report_differences: 'مغایرت در گفتگوی سفارش ثبت شد.',
    cancel: 'سفارش لغو شد.',
  } satisfies Record<OrderAction, string>,
} as const;

export const HoldOrderInputSchema = z.object({
  pk,
  reason: reason(ORDER_ACTION_MESSAGES.reason),
  /** Until when the order waits (an instant with its offset); checked against the server's clock. */
  until: z.iso.datetime({ offset: true, error: ORDER_ACTION_MESSAGES.until }),
});
export type HoldOrderInput = z.infer<typeof HoldOrderInputSchema>;

export const OrderPkActionInputSchema = z.object({ pk });
export type OrderPkActionInput = z.infer<typeof OrderPkActionInputSchema>;

/** After a cancel the customer's payment goes back to the payment, or becomes a discount code of the same value. */
export const RefundKindSchema = z.enum(['none', 'payment', 'discount_code'], { error: ORDER_ACTION_MESSAGES.refund });
export type RefundKind = z.infer<typeof RefundKindSchema>;
export const REFUND_KIND_LABELS: Record<RefundKind, string> = {
  none: 'بدون بازپرداخت',
  payment: 'بازگشت به پرداخت',
  discount_code: 'کد تخفیف هم‌ارزش',
};

export const CancelOrderInputSchema = z.object({ pk, reason: reason(ORDER_ACTION_MESSAGES.reason), refund: RefundKindSchema });
export type CancelOrderInput = z.infer<typeof CancelOrderInputSchema>;

export const ChangePackageInputSchema = z.object({ pk, package: z.enum(PACKAGE_NAMES, { error: ORDER_ACTION_MESSAGES.package }) });
export type ChangePackageInput = z.infer<typeof ChangePackageInputSchema>;

export const ChangePricingInputSchema = z.object({ pk, conditions: z.array(PricingConditionSchema).max(6) });
export type ChangePricingInput = z.infer<typeof ChangePricingInputSchema>;

export const ReportDifferencesInputSchema = z.object({ pk, text: reason(ORDER_ACTION_MESSAGES.report) });
export type ReportDifferencesInput = z.infer<typeof ReportDifferencesInputSchema>;

/**
 * How each pricing condition of spec §9 moves the package's price, in percent (decision 032):
 * the price of an order is its package's price with every applied condition added up.
 */
export const PRICING_CONDITION_PERCENTS: Record<PricingCondition, number> = {
  holiday: 20,
  weather: 10,
  traffic: 10,
  demand_peak: 15,
  promotion: -10,
  immediate_inspection: 30,
};

/** An order's price in tomans from its package and conditions, rounded to a thousand tomans. */
export function orderPrice(packageName: string, conditions: readonly PricingCondition[]): number {
  const base = INSPECTION_PACKAGES.find((p) => p.name === packageName)?.price ?? 0;
  const percent = conditions.reduce((sum, condition) => sum + PRICING_CONDITION_PERCENTS[condition], 0);
  return Math.round((base * (100 + percent)) / 100 / 1000) * 1000;
}

/** What an action answers: the order's new state, and what a person must see (a refund code). */
export const OrderActionResultSchema = z.object({
  pk: z.number().int(),
  state: z.string(),
  message: z.string(),
  discount_code: z.string().nullable(),
  price: z.number(),
  price_diff: z.number(),
});
export type OrderActionResult = z.infer<typeof OrderActionResultSchema>;
