import { z } from 'zod';
import { CONCIERGE_SALE_ACCESS } from './concierge-sale.access';
import { CITIES, PhoneNumberSchema, dayKeyField, defineWorkflow, textField, wholeNumberField, toLatinDigits, codeSchema } from '../common';

// The concierge sale's life (spec §4 "Concierge sale: submit deal, approve deal, cancel deal,
// cancel sale, revert order, send to or remove from offer, assign supervisor"). The spec gives the
// actions, not the graph: decision 070 records this one. The web's buttons and the gateway's rule
// are both this declaration.

export const SALE_STATES = {
  new: 'ثبت شده',
  assigned: 'در دست ناظر',
  on_offer: 'در پیشنهاد خریداران',
  in_deal: 'در حال معامله',
  sold: 'فروخته شده',
  canceled: 'لغو شده',
} as const;
export type SaleState = keyof typeof SALE_STATES;
export const SaleStateSchema = codeSchema(SALE_STATES, 'وضعیت فروش نامعتبر است');

const OPEN = ['new', 'assigned', 'on_offer', 'in_deal'] as const satisfies readonly SaleState[];

export const SALE_WORKFLOW = defineWorkflow({
  noun: 'فروش',
  states: SALE_STATES,
  roles: CONCIERGE_SALE_ACCESS.work,
  actions: {
    assign_supervisor: { label: 'تعیین ناظر', from: ['new', 'assigned'], to: 'assigned', roles: CONCIERGE_SALE_ACCESS.supervise },
    send_to_offer: { label: 'ارسال به پیشنهاد', from: ['assigned'], to: 'on_offer', confirm: 'خودرو به خریداران پیشنهاد شود؟' },
    remove_from_offer: { label: 'حذف از پیشنهاد', from: ['on_offer'], to: 'assigned', confirm: 'خودرو از پیشنهاد خریداران برداشته شود؟ پیشنهادهای باز بسته می‌شوند.' },
    submit_deal: { label: 'ثبت معامله', from: ['assigned', 'on_offer'], to: 'in_deal', confirm: 'معامله با این مبلغ و کمیسیون ثبت شود؟' },
    accept_offer: { label: 'پذیرش پیشنهاد خریدار', from: ['on_offer'], to: 'in_deal', confirm: 'این پیشنهاد پذیرفته و معامله با آن آغاز شود؟', roles: CONCIERGE_SALE_ACCESS.supervise },
    approve_deal: { label: 'تأیید معامله', from: ['in_deal'], to: 'sold', confirm: 'معامله تأیید شود؟ کمیسیون قطعی می‌شود.', roles: CONCIERGE_SALE_ACCESS.supervise },
    cancel_deal: { label: 'لغو معامله', from: ['in_deal'], to: 'assigned', reason: 'required', confirm: 'معامله لغو شود؟' },
    /** Back one step (decision 070): assigned → new, on offer → assigned. */
    revert_order: { label: 'بازگشت یک مرحله', from: ['assigned', 'on_offer'], reason: 'required', confirm: 'فروش یک مرحله به عقب برگردد؟' },
    cancel_sale: { label: 'لغو فروش', from: ['new', 'assigned', 'on_offer'], to: 'canceled', reason: 'optional', confirm: 'فروش لغو شود؟ این کار برگشت‌پذیر نیست.' },
    add_note: { label: 'افزودن یادداشت', from: [...OPEN, 'sold', 'canceled'], reason: 'required' },
  },
});
export type SaleAction = (typeof SALE_WORKFLOW.actionList)[number];

/**
 * The states in which a sale has a live (pending or approved) deal, and the only ones: submitting
 * or accepting a deal enters `in_deal`, approving it leads to `sold`, canceling it leaves for
 * `assigned`. The lists filter "has deal" by these states (decision 091).
 */
export const SALE_STATES_WITH_DEAL = ['in_deal', 'sold'] as const satisfies readonly SaleState[];

/** Where `revert_order` leads from each state it is allowed in. */
export const SALE_REVERT_TARGET = { assigned: 'new', on_offer: 'assigned' } as const satisfies Partial<Record<SaleState, SaleState>>;

export const DEAL_STATES = { pending: 'در انتظار تأیید', approved: 'تأیید شده', canceled: 'لغو شده' } as const;
export type DealState = keyof typeof DEAL_STATES;
export const DealStateSchema = z.enum(['pending', 'approved', 'canceled'], { error: 'وضعیت معامله نامعتبر است' });

/** The deal's own table (decision 070); the sale's `approve_deal`/`cancel_deal` move it. */
export const DEAL_WORKFLOW = defineWorkflow({
  noun: 'معامله',
  states: DEAL_STATES,
  actions: {
    approve: { label: 'تأیید معامله', from: ['pending'], to: 'approved' },
    cancel: { label: 'لغو معامله', from: ['pending'], to: 'canceled', reason: 'required' },
  },
});

export const SALE_PLANS = { standard: 'استاندارد', gold: 'طلایی', express: 'فروش فوری' } as const;
export type SalePlan = keyof typeof SALE_PLANS;
export const SalePlanSchema = z.enum(['standard', 'gold', 'express'], { error: 'طرح فروش را انتخاب کنید' });

export const APPLICANT_TYPES = { owner: 'مالک', agent: 'وکیل یا نماینده مالک' } as const;
export type ApplicantType = keyof typeof APPLICANT_TYPES;
export const ApplicantTypeSchema = z.enum(['owner', 'agent'], { error: 'نوع متقاضی را انتخاب کنید' });

export const CANCEL_REASON_TYPES = {
  customer_regret: 'انصراف مشتری',
  sold_elsewhere: 'فروش در جای دیگر',
  price_disagreement: 'عدم توافق بر سر قیمت',
  document_problem: 'مشکل مدارک خودرو',
  unreachable: 'عدم پاسخگویی مشتری',
} as const;
export type CancelReasonType = keyof typeof CANCEL_REASON_TYPES;
export const CancelReasonTypeValueSchema = codeSchema(CANCEL_REASON_TYPES, 'دلیل لغو را انتخاب کنید');

export const PAYMENT_TYPES = { inspection: 'هزینه کارشناسی', commission: 'کمیسیون', deposit: 'بیعانه' } as const;
export const PAYMENT_STATUSES = { paid: 'پرداخت شده', pending: 'در انتظار پرداخت', refunded: 'بازگشت داده شده' } as const;
export const HEALTH_STATES = { healthy: 'سالم', minor: 'آسیب جزئی', major: 'آسیب جدی' } as const;

/** Cities the concierge sale operates in (spec §9's cities). */
export const SALE_CITY_IDS = CITIES.map((c) => c.id) as number[];

export const SALE_MESSAGES = {
  empty: 'فروشی یافت نشد!',
  dealsEmpty: 'معامله‌ای یافت نشد!',
  notFound: 'فروش یافت نشد.',
  notYours: 'این فروش به شما سپرده نشده است.',
  notSupervisor: 'کاربر انتخاب‌شده ناظر فروش نیست.',
  stale: 'این فروش هم‌زمان تغییر کرده است؛ صفحه را تازه کنید و دوباره تلاش کنید.',
  offerNotOpen: 'این پیشنهاد دیگر باز نیست.',
  notOnOffer: 'این خودرو اکنون در پیشنهاد خریداران نیست.',
  reason: 'دلیل را بنویسید.',
  note: 'متن یادداشت را بنویسید.',
  city: 'شهر را انتخاب کنید',
  car: 'خودرو را از فهرست انتخاب کنید',
  name: 'نام متقاضی را بنویسید',
  year: 'سال ساخت نامعتبر است',
  usage: 'کارکرد نامعتبر است',
  price: 'مبلغ نامعتبر است',
  percent: 'درصد کمیسیون باید بین ۰ تا ۱۰۰ باشد',
  buyer: 'نام خریدار را بنویسید',
  address: 'نشانی را بنویسید',
  done: {
    assign_supervisor: 'ناظر فروش تعیین شد.',
    send_to_offer: 'خودرو به پیشنهاد خریداران فرستاده شد.',
    remove_from_offer: 'خودرو از پیشنهاد برداشته شد.',
    submit_deal: 'معامله ثبت شد و منتظر تأیید ناظر است.',
    accept_offer: 'پیشنهاد پذیرفته شد و معامله آغاز شد.',
    approve_deal: 'معامله تأیید شد.',
    cancel_deal: 'معامله لغو شد.',
    revert_order: 'فروش یک مرحله به عقب برگشت.',
    cancel_sale: 'فروش لغو شد.',
    add_note: 'یادداشت ثبت شد.',
  } satisfies Record<SaleAction, string>,
} as const;

// ---- Inputs ----------------------------------------------------------------------------------

const id = (message: string) => wholeNumberField(message);
const trimmed = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max, message }).min(1, { error: message }));
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textField({ max }).optional().default(''));

/** Tomans, typed in any digits, with or without separators. */
export const tomanField = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const digits = toLatinDigits(v.trim()).replace(/[,،٬\s]/g, '');
      return /^\d{1,15}$/.test(digits) ? Number(digits) : v;
    },
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(1_000_000_000_000, { error: message }),
  );
const percentField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(toLatinDigits(v.trim())) : v),
  z.number({ error: SALE_MESSAGES.percent }).min(0, { error: SALE_MESSAGES.percent }).max(100, { error: SALE_MESSAGES.percent }),
);

export const SaleIdInputSchema = z.object({ id: id('شناسه فروش نامعتبر است') });
export type SaleIdInput = z.infer<typeof SaleIdInputSchema>;

/** The submit-order form (`/panel/sell-assisstant/submit-order`): a new sale registered by phone. */
export const CreateSaleInputSchema = z.object({
  applicant_full_name: trimmed(120, SALE_MESSAGES.name),
  applicant_type: ApplicantTypeSchema.default('owner'),
  phone_number: PhoneNumberSchema,
  city_id: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(toLatinDigits(v)) : v),
    z.number({ error: SALE_MESSAGES.city }).refine((c) => SALE_CITY_IDS.includes(c), { error: SALE_MESSAGES.city }),
  ),
  car_model_id: id(SALE_MESSAGES.car),
  car_brand_model_year: wholeNumberField(SALE_MESSAGES.year, { min: 1360, max: 2100 }),
  usage: wholeNumberField(SALE_MESSAGES.usage, { min: 0, max: 2_000_000 }),
  price: tomanField(SALE_MESSAGES.price),
  address: trimmed(300, SALE_MESSAGES.address),
  plan: SalePlanSchema,
  is_quick_sale: z.boolean().default(false),
  is_leasing_available: z.boolean().default(false),
  description: optionalText(500),
});
export type CreateSaleInput = z.input<typeof CreateSaleInputSchema>;
export type CreateSale = z.output<typeof CreateSaleInputSchema>;

export const AssignSupervisorInputSchema = z.object({ id: id('شناسه فروش نامعتبر است'), supervisor_id: id('ناظر را انتخاب کنید'), version: z.number().int().min(0) });
export type AssignSupervisorInput = z.infer<typeof AssignSupervisorInputSchema>;

/** A sale action that needs only the sale and the version the person saw. */
export const SaleStepInputSchema = z.object({ id: id('شناسه فروش نامعتبر است'), version: z.number().int().min(0) });
export type SaleStepInput = z.infer<typeof SaleStepInputSchema>;

export const SaleReasonInputSchema = SaleStepInputSchema.extend({ reason: trimmed(500, SALE_MESSAGES.reason) });
export type SaleReasonInput = z.infer<typeof SaleReasonInputSchema>;

export const CancelSaleInputSchema = SaleStepInputSchema.extend({
  reason_type: CancelReasonTypeValueSchema,
  reason: optionalText(500),
});
export type CancelSaleInput = z.input<typeof CancelSaleInputSchema>;

export const AddNoteInputSchema = z.object({ id: id('شناسه فروش نامعتبر است'), content: trimmed(1000, SALE_MESSAGES.note) });
export type AddNoteInput = z.infer<typeof AddNoteInputSchema>;

export const SubmitDealInputSchema = SaleStepInputSchema.extend({
  buyer_name: trimmed(120, SALE_MESSAGES.buyer),
  buyer_phone_number: PhoneNumberSchema,
  price: tomanField(SALE_MESSAGES.price),
  deal_date: dayKeyField(),
  sale_commission_percent: percentField,
  buy_commission_percent: percentField,
  description: optionalText(500),
});
export type SubmitDealInput = z.input<typeof SubmitDealInputSchema>;

export const AcceptOfferInputSchema = z.object({
  offer_id: id('شناسه پیشنهاد نامعتبر است'),
  deal_date: dayKeyField(),
  sale_commission_percent: percentField,
  buy_commission_percent: percentField,
});
export type AcceptOfferInput = z.input<typeof AcceptOfferInputSchema>;

/** A buyer's offer on the public endpoint (the buyers' site posts it; no staff token). */
export const BuyerOfferInputSchema = z.object({
  buyer_name: trimmed(120, SALE_MESSAGES.buyer),
  buyer_phone_number: PhoneNumberSchema,
  amount: tomanField(SALE_MESSAGES.price),
});
export type BuyerOfferInput = z.input<typeof BuyerOfferInputSchema>;

/** Commission percents a deal starts with (decision 070). */
export const DEFAULT_COMMISSION = { sale: 1, buy: 0.5 } as const;

/** The commission of a deal in tomans: each side's percent of the price, rounded to a thousand tomans; the product commission is their sum. */
export function dealCommission(price: number, salePercent: number, buyPercent: number) {
  const round = (n: number) => Math.round(n / 1000) * 1000;
  const sale = round((price * salePercent) / 100);
  const buy = round((price * buyPercent) / 100);
  return { sale, buy, product: sale + buy };
}

/** What an action answers: the sale's new state and version, and the person's message. */
export const SaleActionResultSchema = z.object({
  id: z.number().int(),
  status: SaleStateSchema,
  version: z.number().int(),
  message: z.string(),
  deal_id: z.number().int().nullable(),
});
export type SaleActionResult = z.infer<typeof SaleActionResultSchema>;

export const CreatedSaleSchema = z.object({ id: z.number().int(), token: z.string() });
export type CreatedSale = z.infer<typeof CreatedSaleSchema>;

/** A person the sale's screens pick or filter by. */
export const SalePersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type SalePerson = z.infer<typeof SalePersonSchema>;
export const SalePeopleSchema = z.object({ supervisors: z.array(SalePersonSchema), sales_experts: z.array(SalePersonSchema) });
export type SalePeople = z.infer<typeof SalePeopleSchema>;
