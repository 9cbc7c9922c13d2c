import { z } from 'zod';
import { PhoneNumberSchema, codeSchema, codesOf, defineListFilter, defineWorkflow, keyField, listField, paginated, textField, wholeNumberField } from '../common';
import { NationalIdSchema } from './national-id';

// Leasing orders (issue 30, decision 101): an application registered with the customer's OTP
// moves through the provider's steps. The gateway offers each action with a Persian reason why
// it is or is not available, and executes an action by its id; the screen renders what it is
// offered. Delivery opens the claim (the instalments owed).

export const LEASING_ORDER_STATES = {
  registered: 'ثبت‌شده',
  documents: 'در انتظار مدارک',
  provider_review: 'در بررسی لیزینگ',
  approved: 'تأیید لیزینگ',
  contract_signed: 'قرارداد امضا شد',
  delivered: 'تحویل‌شده',
  rejected: 'ردشده',
  canceled: 'لغوشده',
} as const;
export type LeasingOrderState = keyof typeof LEASING_ORDER_STATES;
export const LEASING_ORDER_STATE_LIST = codesOf(LEASING_ORDER_STATES);

export const LEASING_ORDER_WORKFLOW = defineWorkflow({
  noun: 'سفارش لیزینگ',
  states: LEASING_ORDER_STATES,
  actions: {
    request_documents: { label: 'درخواست مدارک', from: ['registered'], to: 'documents' },
    send_to_provider: { label: 'ارسال به لیزینگ', from: ['documents'], to: 'provider_review' },
    approve: { label: 'ثبت تأیید لیزینگ', from: ['provider_review'], to: 'approved' },
    sign_contract: { label: 'ثبت امضای قرارداد', from: ['approved'], to: 'contract_signed', confirm: 'قرارداد این سفارش امضا شده است؟' },
    deliver: { label: 'تحویل خودرو و تشکیل مطالبه', from: ['contract_signed'], to: 'delivered', confirm: 'خودرو تحویل شد؟ اقساط از امروز شمرده می‌شوند.' },
    reject: { label: 'رد سفارش', from: ['registered', 'documents', 'provider_review', 'approved'], to: 'rejected', confirm: 'این سفارش رد شود؟', reason: 'required' },
    resume: { label: 'ازسرگیری سفارش', from: ['rejected'], to: 'registered', confirm: 'سفارش ردشده از ابتدا ازسر گرفته شود؟' },
    cancel: { label: 'لغو سفارش', from: ['registered', 'documents'], to: 'canceled', confirm: 'این سفارش لغو شود؟', reason: 'optional' },
  },
});
export type LeasingOrderAction = (typeof LEASING_ORDER_WORKFLOW.actionList)[number];
export const LeasingOrderActionSchema = z.enum(LEASING_ORDER_WORKFLOW.actionList as [LeasingOrderAction, ...LeasingOrderAction[]], { error: 'اقدام نامعتبر است' });

/** The reject reasons the reject action picks from (spec §7 "reject reasons"). */
export const LEASING_REJECT_REASONS = {
  credit: 'اعتبارسنجی مشتری تأیید نشد',
  documents: 'مدارک ناقص یا نامعتبر است',
  guarantor: 'ضامن مورد قبول لیزینگ نیست',
  price: 'قیمت خودرو خارج از سقف طرح است',
  customer: 'انصراف مشتری',
} as const;
export type LeasingRejectReason = keyof typeof LEASING_REJECT_REASONS;
export const LeasingRejectReasonSchema = codeSchema(LEASING_REJECT_REASONS, 'دلیل رد را انتخاب کنید.');

export const LeasingOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  state: z.enum(LEASING_ORDER_STATE_LIST),
  state_label: z.string(),
  version: z.number().int(),
  customer_name: z.string(),
  national_id: z.string(),
  phone_number: z.string(),
  city_id: z.number().int(),
  city: z.string(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  car_title: z.string(),
  price: z.number(),
  down_payment: z.number(),
  months: z.number().int(),
  annual_rate: z.number(),
  monthly: z.number(),
  total: z.number(),
  start_day: z.string(),
  reject_reason: z.string().nullable(),
  claim_id: z.number().int().nullable(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type LeasingOrder = z.infer<typeof LeasingOrderSchema>;
export const LeasingOrderPageSchema = paginated(LeasingOrderSchema);

/** The caller dialog lands on `?search={phone}` (spec §2): a search matches the phone, the code or the name. */
export const leasingOrderListFilter = defineListFilter({
  state: listField.oneOf(z.enum(LEASING_ORDER_STATE_LIST, { error: 'وضعیت نامعتبر است' })),
  search: listField.text(),
  provider: listField.oneOf(keyField('لیزینگ نامعتبر است')),
  city: listField.oneOf(keyField('شهر نامعتبر است')),
  /** Registered between these Tehran days (both included). */
  createdFrom: listField.day(),
  createdTo: listField.day(),
});
export const LeasingOrderListFilterSchema = leasingOrderListFilter.schema;
export type LeasingOrderListFilter = z.infer<typeof LeasingOrderListFilterSchema>;

/** One action the gateway offers for an order: available or not, and why (Persian), with its confirmation. */
export const OfferedActionSchema = z.object({
  id: LeasingOrderActionSchema,
  label: z.string(),
  available: z.boolean(),
  /** Why it is not available; empty when it is. */
  reason: z.string(),
  confirm: z.string().nullable(),
  reason_required: z.boolean(),
});
export type OfferedAction = z.infer<typeof OfferedActionSchema>;

const id = wholeNumberField('شناسه سفارش نامعتبر است');
const version = wholeNumberField('نسخه سفارش نامعتبر است');
const note = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 500 }).default(''));

export const LeasingOrderIdInputSchema = z.object({ id });
export const ExecuteOrderActionInputSchema = z.object({
  id,
  version,
  action: LeasingOrderActionSchema,
  /** The reject reason's key, for reject. */
  reject_reason: LeasingRejectReasonSchema.optional(),
  reason: note,
});
export type ExecuteOrderActionInput = z.infer<typeof ExecuteOrderActionInputSchema>;

export const ActionOutcomeSchema = z.object({ id: z.number().int(), state: z.enum(LEASING_ORDER_STATE_LIST), version: z.number().int(), message: z.string() });
export type ActionOutcome = z.infer<typeof ActionOutcomeSchema>;

export const MAX_BULK_ROWS = 1000;
/** One action on many orders (decision 102): each row succeeds or is refused on its own; `request_id` makes a retry safe. */
export const BulkUpdateInputSchema = z.object({
  request_id: z.uuid({ error: 'شناسه درخواست گروهی نامعتبر است' }),
  action: LeasingOrderActionSchema,
  ids: z.array(id).min(1, { error: 'هیچ سفارشی انتخاب نشده است.' }).max(MAX_BULK_ROWS, { error: 'حداکثر ۱۰۰۰ سفارش در یک درخواست.' }),
  reject_reason: LeasingRejectReasonSchema.optional(),
  reason: note,
});
export type BulkUpdateInput = z.infer<typeof BulkUpdateInputSchema>;

export const BulkRowResultSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  ok: z.boolean(),
  message: z.string(),
  state: z.enum(LEASING_ORDER_STATE_LIST).nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;
export const BulkUpdateResultSchema = z.object({ succeeded: z.number().int(), refused: z.number().int(), results: z.array(BulkRowResultSchema) });
export type BulkUpdateResult = z.infer<typeof BulkUpdateResultSchema>;

export const LEASING_FILE_KINDS = {
  national_card: 'کارت ملی',
  payslip: 'فیش حقوقی',
  guarantee: 'ضمانت‌نامه',
  contract: 'قرارداد',
  other: 'سایر',
} as const;
export type LeasingFileKind = keyof typeof LEASING_FILE_KINDS;
export const AttachOrderFileInputSchema = z.object({
  id,
  media_id: wholeNumberField('فایل نامعتبر است'),
  kind: codeSchema(LEASING_FILE_KINDS, 'نوع مدرک را انتخاب کنید.'),
});
export const AddOrderNoteInputSchema = z.object({
  id,
  text: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 1000, message: 'متن یادداشت را بنویسید.' }).refine((v) => v.length > 0, { error: 'متن یادداشت را بنویسید.' })),
});
export const OrderFileSchema = z.object({
  id: z.number().int(),
  media_id: z.number().int(),
  kind: codeSchema(LEASING_FILE_KINDS),
  name: z.string(),
  content_type: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export const OrderNoteSchema = z.object({ id: z.number().int(), text: z.string(), author: z.string(), created_at: z.iso.datetime({ offset: true }) });
export const CreatedSchema = z.object({ id: z.number().int(), message: z.string() });

export const RegisterOrderFieldsSchema = z.object({
  customer_name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 100, message: 'نام مشتری را بنویسید.' }).refine((v) => v.length >= 3, { error: 'نام مشتری را بنویسید.' })),
  national_id: NationalIdSchema,
  phone_number: PhoneNumberSchema,
  city_id: wholeNumberField('شهر را انتخاب کنید.'),
  plan_id: wholeNumberField('طرح را انتخاب کنید.'),
  car_title: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max: 120, message: 'خودرو را بنویسید.' }).refine((v) => v.length >= 2, { error: 'خودرو را بنویسید.' })),
  price: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField('قیمت خودرو را به تومان وارد کنید.', { min: 10_000_000, max: 100_000_000_000 })),
  down_payment: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[,،٬\s]/g, '') : v), wholeNumberField('پیش‌پرداخت را به تومان وارد کنید.', { min: 0, max: 100_000_000_000 })),
  months: wholeNumberField('تعداد اقساط را انتخاب کنید.', { min: 1, max: 60 }),
});
export type RegisterOrderFields = z.infer<typeof RegisterOrderFieldsSchema>;

export const LEASING_ORDER_MESSAGES = {
  notFound: 'سفارش لیزینگ یافت نشد',
  stale: 'این سفارش همین حالا تغییر کرد؛ وضعیت تازه نمایش داده شد.',
  needsFile: 'هنوز مدرکی برای این سفارش بارگذاری نشده است.',
  rejectReason: 'دلیل رد را انتخاب کنید.',
  planInactive: 'این طرح فعال نیست.',
  planMonths: 'این طرح این تعداد قسط را ندارد.',
  downPayment: 'پیش‌پرداخت کمتر از حداقل طرح است.',
  downPaymentOver: 'پیش‌پرداخت باید از قیمت خودرو کمتر باشد.',
  noMedia: 'فایل بارگذاری‌شده یافت نشد.',
  fileAttached: 'مدرک به سفارش افزوده شد.',
  noted: 'یادداشت ثبت شد.',
  done: {
    request_documents: 'درخواست مدارک ثبت شد.',
    send_to_provider: 'سفارش به لیزینگ ارسال شد.',
    approve: 'تأیید لیزینگ ثبت شد.',
    sign_contract: 'امضای قرارداد ثبت شد.',
    deliver: 'خودرو تحویل شد و مطالبه تشکیل شد.',
    reject: 'سفارش رد شد.',
    resume: 'سفارش ازسر گرفته شد.',
    cancel: 'سفارش لغو شد.',
  } satisfies Record<LeasingOrderAction, string>,
} as const;
