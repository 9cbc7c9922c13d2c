import { z } from 'zod';
import { codesOf, defineWorkflow } from '../common';
import { NPS_ACCESS } from './nps.access';

// The follow-up of an NPS answer (issue 33, spec §4, decision 115). The statuses are the letter
// codes A–H of the spec; the status filter shows B–H by default, so A is the one kept out of
// sight: an answer set aside (a test, a duplicate, an answer of no real customer), which also
// keeps it out of the default NPS figure. Every answer arrives as B; staff open a follow-up,
// call the customer back (or record that the call went unanswered), refer it to the team
// responsible, record it resolved and close it with its root cause.

export const NPS_STATES = {
  A: 'کنارگذاشته',
  B: 'جدید',
  C: 'در انتظار تماس',
  D: 'تماس بی‌پاسخ',
  E: 'تماس گرفته شد',
  F: 'ارجاع به واحد مسئول',
  G: 'رسیدگی‌شده',
  H: 'بسته‌شده',
} as const;
export type NpsState = keyof typeof NPS_STATES;
export const NPS_STATE_LIST = codesOf(NPS_STATES);
export const NpsStateSchema = z.enum(NPS_STATE_LIST, { error: 'وضعیت نامعتبر است' });
/** Spec §4: the status filter's default set. */
export const DEFAULT_NPS_STATES: readonly NpsState[] = ['B', 'C', 'D', 'E', 'F', 'G', 'H'];

export const NPS_WORKFLOW = defineWorkflow({
  noun: 'پاسخ نظرسنجی',
  states: NPS_STATES,
  roles: NPS_ACCESS.act,
  actions: {
    open_followup: { label: 'شروع پیگیری', from: ['B'], to: 'C' },
    call_back: { label: 'تماس با مشتری', from: ['C', 'D'], to: 'E', reason: 'optional' },
    no_answer: { label: 'تماس بی‌پاسخ', from: ['C', 'D'], to: 'D', reason: 'optional' },
    refer: { label: 'ارجاع به واحد مسئول', from: ['E'], to: 'F', reason: 'required' },
    resolve: { label: 'ثبت رسیدگی', from: ['E', 'F'], to: 'G', reason: 'optional' },
    close: { label: 'بستن پیگیری', from: ['B', 'C', 'D', 'E', 'F', 'G'], to: 'H', confirm: 'پیگیری این پاسخ با علت ریشه‌ای انتخاب‌شده بسته شود؟', reason: 'optional' },
    exclude: { label: 'کنار گذاشتن پاسخ', from: ['B'], to: 'A', confirm: 'این پاسخ کنار گذاشته شود؟ در فهرست پیش‌فرض و شاخص NPS آن دیده نمی‌شود.', reason: 'required', roles: NPS_ACCESS.supervise },
    restore: { label: 'بازگرداندن پاسخ', from: ['A'], to: 'B', roles: NPS_ACCESS.supervise },
    reopen: { label: 'بازگشایی پیگیری', from: ['H'], to: 'C', reason: 'required', roles: NPS_ACCESS.supervise },
  },
});
export type NpsAction = (typeof NPS_WORKFLOW.actionList)[number];
export const NpsActionSchema = z.enum(NPS_WORKFLOW.actionList as [NpsAction, ...NpsAction[]], { error: 'اقدام نامعتبر است' });

/** Why the customer scored as they did: a follow-up is closed with one of these (decision 115). */
export const NPS_ROOT_CAUSES = {
  expert_delay: 'تأخیر یا بدقولی کارشناس',
  expert_conduct: 'رفتار کارشناس',
  report_quality: 'دقت یا کیفیت گزارش کارشناسی',
  price: 'قیمت و هزینه خدمات',
  payment: 'پرداخت یا بازگشت وجه',
  booking: 'رزرو و زمان‌بندی بازدید',
  app: 'مشکل سایت یا اپلیکیشن',
  support: 'پاسخ‌گویی پشتیبانی',
  expectation: 'برداشت نادرست از خدمات',
  no_issue: 'بدون مشکل مشخص',
} as const;
export type NpsRootCause = keyof typeof NPS_ROOT_CAUSES;
export const NPS_ROOT_CAUSE_LIST = codesOf(NPS_ROOT_CAUSES);

/** Promoters score 9–10, passives 7–8, detractors 0–6; NPS is % promoters − % detractors. */
export const NPS_GROUPS = { promoter: 'مروج', passive: 'خنثی', detractor: 'منتقد' } as const;
export type NpsGroup = keyof typeof NPS_GROUPS;
export const NPS_GROUP_LIST = codesOf(NPS_GROUPS);
export const NPS_GROUP_SCORES: Record<NpsGroup, readonly [min: number, max: number]> = { promoter: [9, 10], passive: [7, 8], detractor: [0, 6] };
export const npsGroupOf = (score: number): NpsGroup => (score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor');

/** A detractor is called back within this many hours of answering (the follow-up's target). */
export const NPS_TARGET_HOURS = 48;

/** Where a survey answer came from. */
export const NPS_CHANNELS = { sms: 'پیامک', app: 'اپلیکیشن', call: 'تماس تلفنی' } as const;
export type NpsChannel = keyof typeof NPS_CHANNELS;
export const NPS_CHANNEL_LIST = codesOf(NPS_CHANNELS);

/**
 * The NPS of some counts, in percent with one decimal: promoters' share minus detractors'
 * (null for no answers). The gateway computes the figure in SQL; this is the same rule for tests
 * and for the chart's table.
 */
export function npsScore(counts: { count: number; promoters: number; detractors: number }): number | null {
  if (counts.count === 0) return null;
  const tenths = (1000 * (counts.promoters - counts.detractors)) / counts.count;
  // Halves away from zero, as SQL's round() of a numeric.
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10 || 0;
}
