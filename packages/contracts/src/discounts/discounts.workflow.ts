import { z } from 'zod';
import { codesOf, defineWorkflow } from '../common';
import { DISCOUNTS_ACCESS } from './discounts.access';

// A discount code's life (issue 33, decision 117). A code is active when made; staff pause it
// for a while and resume it; a supervisor deactivates it for good with a reason. Every other
// move is refused in Persian. "Expired" is not a state: it is the validity window passed, read
// from the database's clock.

export const DISCOUNT_STATES = { active: 'فعال', paused: 'متوقف', deactivated: 'غیرفعال' } as const;
export type DiscountState = keyof typeof DISCOUNT_STATES;
export const DISCOUNT_STATE_LIST = codesOf(DISCOUNT_STATES);

export const DISCOUNT_WORKFLOW = defineWorkflow({
  noun: 'کد تخفیف',
  states: DISCOUNT_STATES,
  roles: DISCOUNTS_ACCESS.act,
  actions: {
    pause: { label: 'توقف موقت', from: ['active'], to: 'paused', reason: 'optional' },
    resume: { label: 'فعال‌سازی دوباره', from: ['paused'], to: 'active' },
    deactivate: {
      label: 'غیرفعال‌سازی',
      from: ['active'],
      to: 'deactivated',
      reason: 'required',
      confirm: 'این کد برای همیشه غیرفعال شود؟ پس از آن دیگر قابل استفاده یا فعال‌سازی نیست.',
      roles: DISCOUNTS_ACCESS.supervise,
    },
  },
});
export type DiscountAction = (typeof DISCOUNT_WORKFLOW.actionList)[number];
export const DiscountActionSchema = z.enum(DISCOUNT_WORKFLOW.actionList as [DiscountAction, ...DiscountAction[]], { error: 'اقدام نامعتبر است' });

/** What the list's status filter offers: the state, or the validity window passed (decision 117). */
export const DISCOUNT_STATUSES = { active: 'فعال', inactive: 'متوقف یا غیرفعال', expired: 'منقضی' } as const;
export type DiscountStatus = keyof typeof DISCOUNT_STATUSES;
export const DISCOUNT_STATUS_LIST = codesOf(DISCOUNT_STATUSES);

export const DISCOUNT_KINDS = { percent: 'درصدی', amount: 'مبلغ ثابت' } as const;
export type DiscountKind = keyof typeof DISCOUNT_KINDS;
export const DISCOUNT_KIND_LIST = codesOf(DISCOUNT_KINDS);

/** The company's services a code may apply to (decision 117). */
export const DISCOUNT_SERVICES = {
  inspection: 'کارشناسی خودرو',
  concierge_sale: 'فروش همراه',
  leasing: 'لیزینگ',
  affidavit: 'قولنامه',
  pricing: 'قیمت‌گذاری خودرو',
} as const;
export type DiscountService = keyof typeof DISCOUNT_SERVICES;
export const DISCOUNT_SERVICE_LIST = codesOf(DISCOUNT_SERVICES);

/** Where a code came from. */
export const DISCOUNT_ORIGINS = { manual: 'دستی', campaign: 'کمپین', refund: 'بازگشت وجه سفارش' } as const;
export type DiscountOrigin = keyof typeof DISCOUNT_ORIGINS;
export const DISCOUNT_ORIGIN_LIST = codesOf(DISCOUNT_ORIGINS);

/** Why a code does not apply to an order: the declared set a check (and a refused use) answers with. */
export const DISCOUNT_REFUSALS = {
  unknown: 'کد تخفیف وارد‌شده وجود ندارد.',
  paused: 'این کد تخفیف موقتاً متوقف شده است.',
  deactivated: 'این کد تخفیف غیرفعال شده است.',
  not_yet_valid: 'مهلت استفاده از این کد تخفیف هنوز شروع نشده است.',
  expired: 'مهلت استفاده از این کد تخفیف به پایان رسیده است.',
  limit_reached: 'ظرفیت استفاده از این کد تخفیف تکمیل شده است.',
  per_user_limit: 'این مشتری به سقف استفاده از این کد تخفیف رسیده است.',
  min_amount: 'مبلغ سفارش کمتر از حداقل مبلغ لازم برای این کد تخفیف است.',
  wrong_service: 'این کد تخفیف برای این خدمت معتبر نیست.',
  wrong_city: 'این کد تخفیف برای شهر این سفارش معتبر نیست.',
} as const;
export type DiscountRefusal = keyof typeof DISCOUNT_REFUSALS;
export const DISCOUNT_REFUSAL_LIST = codesOf(DISCOUNT_REFUSALS);

/** The discount a code gives on an amount (tomans): a percent of it up to the cap, or a fixed sum; never more than the amount. */
export function discountOf(code: { kind: DiscountKind; value: number; max_discount: number | null }, amount: number): number {
  const raw = code.kind === 'percent' ? Math.floor((amount * code.value) / 100) : code.value;
  const capped = code.kind === 'percent' && code.max_discount !== null ? Math.min(raw, code.max_discount) : raw;
  return Math.max(0, Math.min(capped, amount));
}

/** The alphabet of generated codes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to misread (decision 117). */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Random characters after a campaign's prefix. */
export const CAMPAIGN_CODE_LENGTH = 8;
/** A campaign at most this large is made in the request; a larger one by the background job. */
export const CAMPAIGN_INLINE_MAX = 1000;
export const CAMPAIGN_MAX = 100_000;
/** Rows one background step inserts, each step in its own transaction. */
export const CAMPAIGN_BATCH = 1000;
/** A reserved use not confirmed within this many minutes gives its place back (the order's payment window). */
export const RESERVATION_MINUTES = 30;
