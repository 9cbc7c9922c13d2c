import { z } from 'zod';
import { INSPECTION_ORDERS_ACCESS } from './inspection-orders.access';
import { INSPECTION_STATE_LABELS, OptionalVinSchema, PricingConditionSchema, defineWorkflow, textField, wholeNumberField } from '../common';
import { packageNameField } from './inspection-orders.schemas';
import { ORDER_LIST_STATE_LABELS } from './order-list-states';

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
  roles: INSPECTION_ORDERS_ACCESS.act,
  states: ORDER_STATES,
  actions: {
    hold: { label: 'توقف سفارش', from: NOT_DISPATCHED, reason: 'required' },
    release_hold: { label: 'ادامه سفارش', from: NOT_DISPATCHED },
    send_to_offer: { label: 'ارسال به پیشنهاد', from: ['R', 'C', 'A', 'T', 'M'], to: 'P', confirm: 'سفارش به کارشناسان واجد شرایط پیشنهاد شود؟' },
    remove_offer: { label: 'حذف پیشنهاد', from: ['P'], to: 'T', confirm: 'پیشنهاد این سفارش برداشته شود؟ سفارش به انتظار تخصیص کارشناس برمی‌گردد.' },
    change_package: { label: 'تغییر بسته', from: NOT_DISPATCHED },
    change_pricing: { label: 'تغییر محاسبه قیمت', from: NOT_STARTED },
    settlement_link: { label: 'ارسال لینک تسویه', from: [...NOT_STARTED, ...INSPECTED], confirm: 'لینک پرداخت مابه‌التفاوت برای مشتری پیامک شود؟' },
    // The text is a message to the customer in the order's chat; the order page shows the thread.
    report_differences: { label: 'گزارش مغایرت', from: INSPECTED, reason: 'required', confirm: 'این متن در گفتگوی سفارش برای مشتری فرستاده می‌شود و در «گفتگو با مشتری» همین صفحه می‌ماند.' },
    // An order on the dispatch sheet (O E I) is first taken off it there (cancel assignment).
    cancel: { label: 'لغو سفارش', from: NOT_DISPATCHED, to: 'F', reason: 'required', confirm: 'سفارش لغو شود؟ این کار برگشت‌پذیر نیست.' },
    // The car's VIN (decision 136, "Stop 50"): given on the phone or read by the expert at the
    // visit, so it is added or corrected in every state but cancelled; the state does not move.
    set_vin: { label: 'ثبت یا اصلاح شماره شاسی', from: [...NOT_STARTED, ...INSPECTED] },
    // The review desks' moves (issue 29, decision 098), taken on the QC and pricing assistants'
    // screens by the reviewer who claimed the order, never from the order page: QC approval goes
    // on to price estimation when the order asks for one (its `pricing` flag), else it is done.
    qc_approve: { label: 'تأیید کنترل کیفیت', from: ['Q'], to: 'D', confirm: 'گزارش تأیید شود؟ سفارش انجام‌شده ثبت می‌شود.' },
    qc_approve_to_pricing: { label: 'تأیید و ارسال به قیمت‌گذاری', from: ['Q'], to: 'W', confirm: 'گزارش تأیید شود؟ سفارش به صف قیمت‌گذاری می‌رود.' },
    qc_return: { label: 'بازگرداندن با یافته‌ها', from: ['Q'], to: 'S', reason: 'required', confirm: 'سفارش با این یافته‌ها به کارشناس برگردد؟' },
    price_estimate: { label: 'ثبت بازه قیمت', from: ['W'], to: 'D', confirm: 'بازه قیمت ثبت و سفارش انجام‌شده شود؟' },
  },
});
/** The moves of the review desks (QC and pricing assistants), which the order page does not offer. */
export const REVIEW_DESK_ACTIONS = ['qc_approve', 'qc_approve_to_pricing', 'qc_return', 'price_estimate'] as const satisfies readonly (keyof typeof ORDER_WORKFLOW.actions)[];
export type OrderAction = (typeof ORDER_WORKFLOW.actionList)[number];

const pk = wholeNumberField('شناسه سفارش نامعتبر است');
const reason = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500, message }).min(1, { error: message }));

export const ORDER_ACTION_MESSAGES = {
  reason: 'دلیل را بنویسید.',
  notHeld: 'این سفارش متوقف نیست.',
  alreadyHeld: 'این سفارش از قبل متوقف است.',
  heldNoOffer: 'این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.',
  samePackage: 'بسته سفارش همین است.',
  samePricing: 'شرایط قیمت‌گذاری تغییری نکرده است.',
  noDifference: 'مابه‌التفاوتی برای تسویه نیست.',
  until: 'زمان پایان توقف باید در آینده باشد.',
  report: 'متن مغایرت را بنویسید.',
  refund: 'نوع بازپرداخت را انتخاب کنید.',
  package: 'بسته کارشناسی را انتخاب کنید',
  sameVin: 'شماره شاسی سفارش همین است.',
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
    set_vin: 'شماره شاسی سفارش ثبت شد.',
    qc_approve: 'کنترل کیفیت تأیید شد و سفارش انجام شد.',
    qc_approve_to_pricing: 'کنترل کیفیت تأیید شد و سفارش به قیمت‌گذاری رفت.',
    qc_return: 'سفارش با یافته‌ها به کارشناس برگشت.',
    price_estimate: 'بازه قیمت ثبت شد و سفارش انجام شد.',
  } satisfies Record<OrderAction, string>,
} as const;

/**
 * What a hold takes away (decision 032): a hold is a flag beside the state, not a state, so the
 * workflow table cannot say it. Each action here is refused, with its message, while the order is
 * held (`whileHeld`) or while it is not (`unlessHeld`). The gateway refuses by this rule and the
 * order page offers only what it leaves, so a button is never one the server will refuse.
 */
export const ORDER_HOLD_RULE = {
  whileHeld: {
    hold: ORDER_ACTION_MESSAGES.alreadyHeld,
    send_to_offer: ORDER_ACTION_MESSAGES.heldNoOffer,
  },
  unlessHeld: {
    release_hold: ORDER_ACTION_MESSAGES.notHeld,
  },
} as const satisfies Record<'whileHeld' | 'unlessHeld', Partial<Record<OrderAction, string>>>;

/** Why the hold (or its absence) refuses `action`, or undefined when it does not. */
export function orderHoldRefusal(action: OrderAction, held: boolean): string | undefined {
  const refused: Partial<Record<OrderAction, string>> = held ? ORDER_HOLD_RULE.whileHeld : ORDER_HOLD_RULE.unlessHeld;
  return refused[action];
}

/** The actions an order in `state` can take, held or not: the workflow table, then the hold rule. */
export function orderActionsAllowed(state: OrderState, held: boolean): OrderAction[] {
  const desk: readonly OrderAction[] = REVIEW_DESK_ACTIONS;
  return ORDER_WORKFLOW.allowed(state).filter((action) => !desk.includes(action) && orderHoldRefusal(action, held) === undefined);
}

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

export const ChangePackageInputSchema = z.object({ pk, package: packageNameField(ORDER_ACTION_MESSAGES.package) });
export type ChangePackageInput = z.infer<typeof ChangePackageInputSchema>;

export const ChangePricingInputSchema = z.object({ pk, conditions: z.array(PricingConditionSchema).max(6) });
export type ChangePricingInput = z.infer<typeof ChangePricingInputSchema>;

export const ReportDifferencesInputSchema = z.object({ pk, text: reason(ORDER_ACTION_MESSAGES.report) });
export type ReportDifferencesInput = z.infer<typeof ReportDifferencesInputSchema>;

/** The car's VIN read as the phone request form reads it (decision 136); empty takes a wrong one away. */
export const SetOrderVinInputSchema = z.object({ pk, vin: OptionalVinSchema });
export type SetOrderVinInput = z.infer<typeof SetOrderVinInputSchema>;

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

/**
 * What the customer received about an order, shown on its page (issue 28): the staff messages in
 * the order's chat thread (a reported difference goes there) and the SMS recorded for them (a
 * settlement link, a refund's discount code). Oldest first, as a conversation reads.
 */
export const OrderMessageChannelSchema = z.enum(['chat', 'sms']);
export type OrderMessageChannel = z.infer<typeof OrderMessageChannelSchema>;
export const ORDER_MESSAGE_CHANNEL_LABELS: Record<OrderMessageChannel, string> = {
  chat: 'گفتگوی سفارش',
  sms: 'پیامک',
};

export const OrderMessageSchema = z.object({
  /** Unique within the conversation: the channel and its row ('chat:12', 'sms:40'). */
  id: z.string(),
  channel: OrderMessageChannelSchema,
  /** Who wrote or sent it (a staff member's name, or their username when it is not known). */
  author: z.string(),
  text: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type OrderMessage = z.infer<typeof OrderMessageSchema>;
