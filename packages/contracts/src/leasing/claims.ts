import { z } from 'zod';
import { ActionLogEntrySchema, LEASING_CLAIMS_DEFAULT_PAGE, LEASING_CLAIMS_PAGE_SIZE, dayKeyField, defineListFilter, defineWorkflow, listField, paginated, textField, wholeNumberField, codeSchema, codesOf } from '../common';

// Leasing claims (issue 30, decision 102): the instalments a delivered order owes. The claim's
// total always equals the sum of its instalments, a payment is allocated by an explicit waterfall
// stored with it (oldest due first), and the balance never goes below zero — all three checked in
// the database. A change to the schedule (postpone, due date, amount) is previewed first.

export const LEASING_CLAIM_STATES = {
  current: 'جاری',
  followup: 'در پیگیری',
  legal: 'اجرای پرونده',
  settled: 'تسویه‌شده',
} as const;
export type LeasingClaimState = keyof typeof LEASING_CLAIM_STATES;
export const LEASING_CLAIM_STATE_LIST = codesOf(LEASING_CLAIM_STATES);

export const LEASING_CLAIM_WORKFLOW = defineWorkflow({
  noun: 'مطالبه',
  states: LEASING_CLAIM_STATES,
  actions: {
    start_followup: { label: 'شروع پیگیری', from: ['current'], to: 'followup' },
    back_to_current: { label: 'بازگشت به جاری', from: ['followup'], to: 'current' },
    file_execute: { label: 'اجرای پرونده', from: ['current', 'followup'], to: 'legal', confirm: 'پرونده این مطالبه به اجرا فرستاده شود؟', reason: 'required' },
    /** Taken by the gateway itself when a payment clears the balance. */
    settle: { label: 'تسویه', from: ['current', 'followup', 'legal'], to: 'settled' },
  },
});
export type LeasingClaimAction = (typeof LEASING_CLAIM_WORKFLOW.actionList)[number];
/** What a person may choose on the screen (settle is the payment's). */
export const CLAIM_STATE_ACTIONS = ['start_followup', 'back_to_current', 'file_execute'] as const satisfies readonly LeasingClaimAction[];

/**
 * What the gateway offers on a claim's page: the payment and the state moves (its actions bar),
 * then a promise to pay and a schedule change (their own sections).
 */
export const CLAIM_OFFERED_ACTIONS = ['pay', ...CLAIM_STATE_ACTIONS, 'promise', 'change_schedule'] as const;
export type ClaimOfferedActionId = (typeof CLAIM_OFFERED_ACTIONS)[number];
/** The labels of the offered actions outside the state table. */
export const CLAIM_ACTION_LABELS = { pay: 'ثبت پرداخت', promise: 'ثبت قول پرداخت', change_schedule: 'تغییر قسط' } as const;

/** One action the gateway offers for a claim: available or not, and why (Persian), as orders' offers are. */
export const ClaimOfferedActionSchema = z.object({
  id: z.enum(CLAIM_OFFERED_ACTIONS),
  label: z.string(),
  available: z.boolean(),
  /** Why it is not available; empty when it is. */
  reason: z.string(),
  confirm: z.string().nullable(),
  reason_required: z.boolean(),
});
export type ClaimOfferedAction = z.infer<typeof ClaimOfferedActionSchema>;

/** The follow-up steps within a claim's state. */
export const LEASING_CLAIM_STEPS = {
  reminder: 'پیامک یادآوری',
  call: 'تماس تلفنی',
  notice: 'اخطار کتبی',
  guarantor: 'تماس با ضامن',
} as const;
export type LeasingClaimStep = keyof typeof LEASING_CLAIM_STEPS;
export const LeasingClaimStepSchema = codeSchema(LEASING_CLAIM_STEPS, 'مرحله نامعتبر است');

export const LEASING_NOTE_CATEGORIES = {
  call: 'تماس',
  promise: 'قول پرداخت',
  dispute: 'اعتراض',
  legal: 'حقوقی',
  other: 'سایر',
} as const;
export type LeasingNoteCategory = keyof typeof LEASING_NOTE_CATEGORIES;
export const LeasingNoteCategorySchema = codeSchema(LEASING_NOTE_CATEGORIES, 'دسته یادداشت را انتخاب کنید.');

export const InstalmentSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  paid: z.number(),
  remaining: z.number(),
  overdue: z.boolean(),
});
export type Instalment = z.infer<typeof InstalmentSchema>;

export const LeasingClaimSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_code: z.string(),
  customer_name: z.string(),
  phone_number: z.string(),
  provider_name: z.string(),
  state: z.enum(LEASING_CLAIM_STATE_LIST),
  step: LeasingClaimStepSchema.nullable(),
  version: z.number().int(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  next_due_date: z.string().nullable(),
  overdue_amount: z.number(),
  created_at: z.iso.datetime({ offset: true }),
});
export type LeasingClaim = z.infer<typeof LeasingClaimSchema>;
export const LeasingClaimPageSchema = paginated(LeasingClaimSchema);

export const PaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  paid_on: z.string(),
  receipt: z.string(),
  created_by: z.string(),
  /** The staff member's full name (their username when the account has no name). */
  created_by_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  allocations: z.array(z.object({ instalment_id: z.number().int(), seq: z.number().int(), amount: z.number() })),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const ClaimNoteSchema = z.object({
  id: z.number().int(),
  category: LeasingNoteCategorySchema,
  text: z.string(),
  author: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

export const PROMISE_STATES = { pending: 'در انتظار', kept: 'عمل شد', broken: 'عمل نشد' } as const;
export const PromiseSchema = z.object({
  id: z.number().int(),
  promised_on: z.string(),
  amount: z.number(),
  state: z.enum(['pending', 'kept', 'broken']),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

export const LeasingClaimDetailSchema = LeasingClaimSchema.extend({
  instalments: z.array(InstalmentSchema),
  payments: z.array(PaymentSchema),
  notes: z.array(ClaimNoteSchema),
  promises: z.array(PromiseSchema),
});
export type LeasingClaimDetail = z.infer<typeof LeasingClaimDetailSchema>;

/** One instalment a schedule change moved or re-priced: its due day and amount before and after. */
export const InstalmentChangeSchema = z.object({
  seq: z.number().int(),
  due_before: z.string(),
  due_after: z.string(),
  amount_before: z.number(),
  amount_after: z.number(),
});
export type InstalmentChange = z.infer<typeof InstalmentChangeSchema>;

/**
 * A claim's log entry with what its stored details say: the instalments a schedule change
 * touched (old and new), and the promise a promise entry is about. Days stay day keys; the screen
 * writes them in Jalali.
 */
export const ClaimHistoryEntrySchema = ActionLogEntrySchema.extend({
  changes: z.array(InstalmentChangeSchema),
  promise: z.object({ promised_on: z.string(), amount: z.number() }).nullable(),
});
export type ClaimHistoryEntry = z.infer<typeof ClaimHistoryEntrySchema>;

/** Spec §9: page size 10, page 1. */
export const leasingClaimListFilter = defineListFilter({
  state: listField.oneOf(z.enum(LEASING_CLAIM_STATE_LIST, { error: 'وضعیت نامعتبر است' })),
  step: listField.oneOf(LeasingClaimStepSchema),
  /** Claims with an unpaid instalment due between these Tehran days. */
  dueFrom: listField.day(),
  dueTo: listField.day(),
  overdue: listField.flag('مقدار «معوق» نامعتبر است'),
  /** Order code, customer's name or phone. */
  search: listField.text(),
});
export const LeasingClaimListFilterSchema = leasingClaimListFilter.schema.extend({
  page: wholeNumberField('شماره صفحه نامعتبر است').default(LEASING_CLAIMS_DEFAULT_PAGE),
  pageSize: wholeNumberField('اندازه صفحه نامعتبر است', { max: 100 }).default(LEASING_CLAIMS_PAGE_SIZE),
});
export type LeasingClaimListFilter = z.infer<typeof LeasingClaimListFilterSchema>;

const id = wholeNumberField('شناسه مطالبه نامعتبر است');
const version = wholeNumberField('نسخه مطالبه نامعتبر است');
const instalmentId = wholeNumberField('قسط را انتخاب کنید.');
const toman = (message: string, min = 1) => z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField(message, { min, max: 100_000_000_000 }));
const trimmed = (max: number, message?: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }));

export const LeasingClaimIdInputSchema = z.object({ id });

export const SubmitPaymentInputSchema = z.object({
  id,
  /** Makes a repeated submit (a double click, a retried request) record one payment. */
  request_id: z.uuid({ error: 'شناسه درخواست نامعتبر است' }),
  amount: toman('مبلغ پرداخت را به تومان وارد کنید.'),
  paid_on: dayKeyField('تاریخ پرداخت نامعتبر است.'),
  receipt: trimmed(100, 'شماره رسید را بنویسید.').refine((v) => v.length > 0, { error: 'شماره رسید را بنویسید.' }),
});
export type SubmitPaymentInput = z.infer<typeof SubmitPaymentInputSchema>;

export const ClaimStateInputSchema = z.object({
  id,
  version,
  action: z.enum(CLAIM_STATE_ACTIONS, { error: 'اقدام نامعتبر است' }),
  step: LeasingClaimStepSchema.optional(),
  reason: trimmed(500).default(''),
});
export type ClaimStateInput = z.infer<typeof ClaimStateInputSchema>;

/** The three schedule changes, each previewed (`confirm: false`) before it is written. */
export const ScheduleChangeInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('postpone'), instalment_id: instalmentId, due_date: dayKeyField('تاریخ جدید نامعتبر است.'), reason: trimmed(500).refine((v) => v.length > 0, { error: 'دلیل تعویق را بنویسید.' }) }),
  z.object({ kind: z.literal('due_date'), instalment_id: instalmentId, due_date: dayKeyField('تاریخ جدید نامعتبر است.'), reason: trimmed(500).default('') }),
  z.object({ kind: z.literal('amount'), instalment_id: instalmentId, amount: toman('مبلغ جدید را به تومان وارد کنید.'), reason: trimmed(500).default('') }),
]);
export const ScheduleChangeRequestSchema = z.object({ id, version, change: ScheduleChangeInputSchema, confirm: z.boolean().default(false) });
export type ScheduleChangeRequest = z.infer<typeof ScheduleChangeRequestSchema>;
export type ScheduleChange = z.infer<typeof ScheduleChangeInputSchema>;

export const SchedulePreviewSchema = z.object({
  before: z.array(InstalmentSchema),
  after: z.array(InstalmentSchema),
  /** True when the change was written (confirm), false for a preview. */
  written: z.boolean(),
  version: z.number().int(),
  message: z.string(),
});
export type SchedulePreview = z.infer<typeof SchedulePreviewSchema>;

export const AddClaimNoteInputSchema = z.object({
  id,
  category: LeasingNoteCategorySchema,
  text: trimmed(1000, 'متن یادداشت را بنویسید.').refine((v) => v.length > 0, { error: 'متن یادداشت را بنویسید.' }),
});

export const AddPromiseInputSchema = z.object({
  id,
  promised_on: dayKeyField('تاریخ قول پرداخت نامعتبر است.'),
  amount: toman('مبلغ قول پرداخت را به تومان وارد کنید.'),
});
export type AddPromiseInput = z.infer<typeof AddPromiseInputSchema>;

export const ClaimOutcomeSchema = z.object({ id: z.number().int(), state: z.enum(LEASING_CLAIM_STATE_LIST), version: z.number().int(), balance: z.number(), message: z.string() });
export type ClaimOutcome = z.infer<typeof ClaimOutcomeSchema>;

export const LEASING_CLAIM_MESSAGES = {
  notFound: 'مطالبه یافت نشد',
  instalmentNotFound: 'این قسط در این مطالبه نیست.',
  stale: 'این مطالبه همین حالا تغییر کرد؛ اقساط تازه نمایش داده شد.',
  overpay: (balance: string) => `مبلغ پرداخت از مانده بدهی (${balance}) بیشتر است.`,
  settled: 'این مطالبه تسویه شده است.',
  paidInstalment: 'این قسط پرداخت شده است و تغییر نمی‌کند.',
  postponeEarlier: 'تاریخ جدید باید بعد از سررسید فعلی قسط باشد.',
  dueOrder: 'سررسید هر قسط باید بعد از قسط قبلی و پیش از قسط بعدی باشد.',
  amountBelowPaid: 'مبلغ قسط نمی‌تواند از پرداخت‌شده آن کمتر باشد.',
  noAbsorber: 'قسط پرداخت‌نشده‌ای برای جبران تفاوت مبلغ نمانده است.',
  absorberNegative: 'با این مبلغ، قسط آخر منفی یا کمتر از پرداخت‌شده‌اش می‌شود.',
  paid: 'پرداخت ثبت شد.',
  noted: 'یادداشت ثبت شد.',
  promised: 'قول پرداخت ثبت شد.',
  promisePast: 'روز قول پرداخت نباید گذشته باشد.',
  promiseOver: 'مبلغ قول از مانده بدهی بیشتر است.',
  /** The log's reason when a promise's day passed unpaid: the claim goes to the written-notice step. */
  promiseBroken: 'قول پرداخت عمل نشد؛ مطالبه به مرحله اخطار کتبی رفت.',
  promiseKept: 'قول پرداخت عمل شد.',
  changed: 'اقساط تغییر کرد.',
  preview: 'پیش‌نمایش تغییر؛ هنوز چیزی ثبت نشده است.',
  done: { start_followup: 'پیگیری آغاز شد.', back_to_current: 'مطالبه به جاری برگشت.', file_execute: 'پرونده به اجرا رفت.', settle: 'مطالبه تسویه شد.' } satisfies Record<LeasingClaimAction, string>,
} as const;
