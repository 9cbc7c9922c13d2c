import { z } from 'zod';
import { codesOf, defineWorkflow } from '../common';
import { TRANSACTIONS_ACCESS } from './transactions.access';

// The ledger's vocabulary and a bank refund's life (issue 33, decision 118).

/** Every kind of money event the ledger holds, with its Persian label (decision 118 names each one's source). */
export const TRANSACTION_KINDS = {
  inspection_payment: 'پرداخت کارشناسی',
  price_difference: 'مابه‌التفاوت سفارش',
  bank_refund: 'بازگشت وجه بانکی',
  refund_code: 'بازگشت وجه با کد تخفیف',
  concierge_inspection: 'هزینه کارشناسی فروش همراه',
  concierge_deposit: 'بیعانه فروش همراه',
  sale_commission: 'کمیسیون فروشنده معامله',
  buy_commission: 'کمیسیون خریدار معامله',
  leasing_payment: 'پرداخت قسط لیزینگ',
  affidavit_fee: 'هزینه قولنامه',
  expert_settlement: 'تسویه کارشناس',
} as const;
export type TransactionKind = keyof typeof TRANSACTION_KINDS;
export const TRANSACTION_KIND_LIST = codesOf(TRANSACTION_KINDS);

export const TRANSACTION_DIRECTIONS = { in: 'دریافت', out: 'پرداخت' } as const;
export type TransactionDirection = keyof typeof TRANSACTION_DIRECTIONS;
export const TRANSACTION_DIRECTION_LIST = codesOf(TRANSACTION_DIRECTIONS);

/** One state list for every kind: each source's own states map onto it (decision 118). */
export const TRANSACTION_STATES = { pending: 'در انتظار', done: 'انجام‌شده', failed: 'ناموفق', canceled: 'لغوشده', refunded: 'بازگشت‌خورده' } as const;
export type TransactionState = keyof typeof TRANSACTION_STATES;
export const TRANSACTION_STATE_LIST = codesOf(TRANSACTION_STATES);

/** Who the money came from or went to. */
export const PARTY_ROLES = { customer: 'مشتری', seller: 'فروشنده', buyer: 'خریدار', expert: 'کارشناس' } as const;
export type PartyRole = keyof typeof PARTY_ROLES;
export const PARTY_ROLE_LIST = codesOf(PARTY_ROLES);

/** The screens an event's entity opens (none for an entity without a screen of its own). */
export const TRANSACTION_ENTITIES = {
  inspection: 'سفارش کارشناسی',
  concierge_sale: 'فروش همراه',
  leasing_claim: 'مطالبه لیزینگ',
  affidavit: 'قولنامه',
  pay_period: 'دوره تسویه',
} as const;
export type TransactionEntity = keyof typeof TRANSACTION_ENTITIES;
export const TRANSACTION_ENTITY_LIST = codesOf(TRANSACTION_ENTITIES);

/** The kinds a supervisor may refund to the payer's bank account from their row (money that came in, done). */
export const REFUNDABLE_KINDS = ['inspection_payment', 'concierge_inspection', 'concierge_deposit', 'affidavit_fee'] as const satisfies readonly TransactionKind[];

/**
 * A bank refund (decision 118): requested (by a supervisor or an order's cancel, recorded in the
 * outbox), sent when the bank accepts it, done when the bank pays it, failed when the bank
 * refuses it; a failed refund is sent again (retry) or cancelled, as is one not yet sent. The
 * bank's answers are read by the status check; retry and cancel are a supervisor's.
 */
export const REFUND_STATES = { requested: 'ثبت‌شده، در انتظار ارسال', sent: 'ارسال‌شده به بانک', done: 'واریز شد', failed: 'ناموفق', canceled: 'لغوشده' } as const;
export type RefundState = keyof typeof REFUND_STATES;
export const REFUND_STATE_LIST = codesOf(REFUND_STATES);
/** A refund at one of these has reached its end. */
export const REFUND_FINAL_STATES = ['done', 'canceled'] as const satisfies readonly RefundState[];

export const REFUND_WORKFLOW = defineWorkflow({
  noun: 'بازگشت وجه',
  states: REFUND_STATES,
  roles: TRANSACTIONS_ACCESS.check,
  actions: {
    /** The bank accepted the request (its trace number kept). */
    submit: { label: 'ارسال به بانک', from: ['requested'], to: 'sent' },
    /** The bank paid it. */
    settle: { label: 'واریز', from: ['sent'], to: 'done' },
    /** The bank refused it (its reason kept). */
    fail: { label: 'ناموفق', from: ['requested', 'sent'], to: 'failed' },
    retry: { label: 'ارسال دوباره', from: ['failed'], to: 'requested', reason: 'optional', confirm: 'این بازگشت وجه دوباره برای بانک فرستاده شود؟', roles: TRANSACTIONS_ACCESS.supervise },
    cancel: { label: 'لغو بازگشت وجه', from: ['requested', 'failed'], to: 'canceled', reason: 'required', confirm: 'این بازگشت وجه لغو شود؟ مبلغ به مشتری برنمی‌گردد.', roles: TRANSACTIONS_ACCESS.supervise },
  },
});
export type RefundAction = (typeof REFUND_WORKFLOW.actionList)[number];
/** The actions a person takes on a refund; the others follow the bank's answer to a status check. */
export const REFUND_STEP_ACTIONS = ['retry', 'cancel'] as const satisfies readonly RefundAction[];
export const RefundStepActionSchema = z.enum(REFUND_STEP_ACTIONS, { error: 'اقدام نامعتبر است' });
export type RefundStepAction = (typeof REFUND_STEP_ACTIONS)[number];

/** What the bank answers a status check (its adapter, decision 118). */
export const BANK_ANSWERS = { accepted: 'درخواست را پذیرفت', processing: 'در حال پردازش', paid: 'واریز کرد', rejected: 'رد کرد' } as const;
export type BankAnswer = keyof typeof BANK_ANSWERS;
export const BANK_ANSWER_LIST = codesOf(BANK_ANSWERS);

/** A refund not at its end this many hours after its request is overdue (an alert on the screen, a filter). */
export const REFUND_OVERDUE_HOURS = 48;
