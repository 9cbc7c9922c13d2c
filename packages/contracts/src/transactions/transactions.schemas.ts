import { z } from 'zod';
import { defineListFilter, listField, paginated, textField, toLatinDigits, versionField, wholeNumberField } from '../common';
import {
  BANK_ANSWER_LIST,
  PARTY_ROLE_LIST,
  REFUND_STATE_LIST,
  RefundStepActionSchema,
  TRANSACTION_DIRECTION_LIST,
  TRANSACTION_ENTITY_LIST,
  TRANSACTION_KIND_LIST,
  TRANSACTION_STATE_LIST,
  type RefundStepAction,
} from './transactions.workflow';

// تراکنش‌ها (/panel/accounting/transactions, issue 33, decision 118): one ledger row per money
// event of every module, its list filter with the totals of the filtered set, a bank refund and
// its inputs, and the Persian texts. Money is in tomans.



export const TRANSACTIONS_MESSAGES = {
  empty: 'تراکنشی یافت نشد!',
  loadFailed: 'فهرست تراکنش‌ها بارگذاری نشد.',
  notFound: 'تراکنش یافت نشد',
  refundNotFound: 'بازگشت وجه یافت نشد',
  stale: 'این بازگشت وجه همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  notRefundable: 'این تراکنش قابل بازگشت وجه نیست.',
  overRefund: 'مبلغ بازگشت از مانده قابل بازگشت این تراکنش بیشتر است.',
  finished: 'این بازگشت وجه به پایان رسیده است و پیگیری بانک ندارد.',
  failedNeedsRetry: 'این بازگشت وجه ناموفق بوده است؛ نخست آن را دوباره ارسال کنید.',
  requested: 'درخواست بازگشت وجه ثبت و برای بانک فرستاده شد.',
  moved: { retry: 'بازگشت وجه دوباره برای ارسال ثبت شد.', cancel: 'بازگشت وجه لغو شد.' } satisfies Record<RefundStepAction, string>,
  checked: {
    accepted: 'بانک درخواست را پذیرفت؛ بازگشت وجه ارسال شد.',
    processing: 'بانک هنوز در حال پردازش است؛ وضعیت تغییری نکرد.',
    paid: 'بانک مبلغ را واریز کرد؛ بازگشت وجه انجام شد.',
    rejected: 'بانک بازگشت وجه را رد کرد.',
  },
} as const;

const instant = z.iso.datetime({ offset: true });
const amount = (message: string, min: number) =>
  z.preprocess((v) => (typeof v === 'string' ? toLatinDigits(v).replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min, max: 1_000_000_000_000 }));
const id = wholeNumberField('شناسه نامعتبر است');
const version = versionField('نسخه بازگشت وجه نامعتبر است');
const reason = (required: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : v),
    textField({ max: 500 }).refine((v) => !required || v.length >= 3, { error: 'دلیل را بنویسید.' }),
  );

/** A refund's money as the bank tracks it, from its request to its end (decision 118). */
export const RefundSchema = z.object({
  id: z.number().int(),
  state: z.enum(REFUND_STATE_LIST),
  version: z.number().int(),
  amount: z.number(),
  /** The account (شبا) or, for an order's cancel, the customer's phone the bank pays back to. */
  target: z.string(),
  /** The paid row it gives back (none when the paid row is not in the ledger). */
  transaction_id: z.number().int().nullable(),
  outbox_id: z.number().int(),
  reason: z.string(),
  attempts: z.number().int(),
  trace_number: z.string().nullable(),
  last_answer: z.enum(BANK_ANSWER_LIST).nullable(),
  bank_note: z.string(),
  requested_at: instant,
  sent_at: instant.nullable(),
  last_checked_at: instant.nullable(),
  finished_at: instant.nullable(),
  created_by: z.string(),
  /** Why it is not at its end yet, in Persian (null once done or cancelled). */
  pending_reason: z.string().nullable(),
  /** Not at its end REFUND_OVERDUE_HOURS after its request (the database's clock). */
  overdue: z.boolean(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const TransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRANSACTION_KIND_LIST),
  direction: z.enum(TRANSACTION_DIRECTION_LIST),
  amount: z.number(),
  state: z.enum(TRANSACTION_STATE_LIST),
  party_name: z.string(),
  party_phone: z.string().nullable(),
  party_role: z.enum(PARTY_ROLE_LIST),
  /** The entity it belongs to (its screen), with the code people know it by. */
  entity: z.enum(TRANSACTION_ENTITY_LIST).nullable(),
  entity_id: z.number().int().nullable(),
  entity_label: z.string(),
  /** The bank's trace number, a receipt, a code, a period. */
  reference: z.string().nullable(),
  description: z.string(),
  created_at: instant,
  /** A bank refund's own state and its alert (null on other kinds). */
  refund_id: z.number().int().nullable(),
  refund_state: z.enum(REFUND_STATE_LIST).nullable(),
  overdue: z.boolean(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionDetailSchema = TransactionSchema.extend({
  /** What is left to give back of a refundable row (0 when none is). */
  refundable: z.number(),
  /** The bank refund this row is (a bank_refund row). */
  refund: RefundSchema.nullable(),
  /** The bank refunds given back from this row. */
  refunds: z.array(RefundSchema.pick({ id: true, state: true, amount: true, requested_at: true, trace_number: true }).extend({ transaction_row: z.number().int().nullable() })),
  /** The paid row a bank refund gives back. */
  refunds_row: z.number().int().nullable(),
});
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>;

/** The filtered set's totals, as the database summed them (never the browser). */
export const TransactionTotalsSchema = z.object({
  count: z.number().int(),
  /** Money in and out of the rows pending or done (a cancelled, failed or refunded row moves nothing). */
  in: z.number(),
  out: z.number(),
  net: z.number(),
  kinds: z.array(z.object({ kind: z.enum(TRANSACTION_KIND_LIST), count: z.number().int(), amount: z.number() })),
});
export type TransactionTotals = z.infer<typeof TransactionTotalsSchema>;

export const TransactionPageSchema = paginated(TransactionSchema).extend({ totals: TransactionTotalsSchema });
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

export const TransactionIdInputSchema = z.object({ id });

/** An account number (شبا): IR and 24 digits, typed with any digits and spaces. */
export const ShebaSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s-]/g, '').toUpperCase() : v),
  z.string({ error: 'شماره شبا را وارد کنید.' }).regex(/^IR[0-9]{24}$/, { error: 'شماره شبا باید IR و ۲۴ رقم باشد.' }),
);

/** A supervisor's refund of (part of) a paid row to the payer's account. */
export const RequestRefundInputSchema = z.object({
  transaction_id: id,
  amount: amount('مبلغ بازگشت را به تومان وارد کنید.', 1_000),
  sheba: ShebaSchema,
  reason: reason(true),
});
export type RequestRefundInput = z.infer<typeof RequestRefundInputSchema>;

export const RefundCheckInputSchema = z.object({ id, version });
export type RefundCheckInput = z.infer<typeof RefundCheckInputSchema>;

export const RefundStepInputSchema = z.object({ id, version, action: RefundStepActionSchema, reason: reason(false) });
export type RefundStepInput = z.infer<typeof RefundStepInputSchema>;

export const RefundOutcomeSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  state: z.enum(REFUND_STATE_LIST),
  version: z.number().int(),
  message: z.string(),
});
export type RefundOutcome = z.infer<typeof RefundOutcomeSchema>;

/** The orders the list offers (the gateway turns each into its columns). */
export const TRANSACTIONS_SORTS = ['created_at', 'amount'] as const;

/** The address filter of the list: the BFF's input and the gateway's query alike. */
export const transactionsListFilter = defineListFilter({
  /** A party's name or phone, a reference, or an entity's id or code. */
  search: listField.text(),
  kind: listField.someOf(z.enum(TRANSACTION_KIND_LIST, { error: 'نوع تراکنش نامعتبر است' })),
  state: listField.someOf(z.enum(TRANSACTION_STATE_LIST, { error: 'وضعیت نامعتبر است' })),
  direction: listField.oneOf(z.enum(TRANSACTION_DIRECTION_LIST, { error: 'جهت تراکنش نامعتبر است' })),
  /** Tehran days of the event. */
  from: listField.day(),
  to: listField.day(),
  amountMin: listField.id('کمترین مبلغ نامعتبر است'),
  amountMax: listField.id('بیشترین مبلغ نامعتبر است'),
  /** Bank refunds not at their end past REFUND_OVERDUE_HOURS. */
  overdue: listField.flag('فیلتر دیرکرد نامعتبر است'),
  ...listField.ordering(TRANSACTIONS_SORTS, 'created_at'),
});
export const TransactionsListFilterSchema = transactionsListFilter.schema;
export type TransactionsListFilter = z.infer<typeof TransactionsListFilterSchema>;
