import { z } from 'zod';
import { ROLES, STAFF, codesOf, defineWorkflow } from '../common';

// The review of a machine-made text (issue 33, decision 116). A model outside the panel writes a
// text about an inspection order or a car post; it waits for a person, who approves it as it is,
// edits it in place and approves the edit, rejects it with a reason, or sends it back to the
// model for another try. A supervisor may return a decided text to the queue. The gateway
// enforces this table; the web draws a button for each action the current state allows.

export const AI_TEXT_STATES = {
  pending: 'در انتظار بررسی',
  approved: 'تأییدشده',
  rejected: 'ردشده',
  regenerating: 'در انتظار تولید دوباره',
} as const;
export type AiTextState = keyof typeof AI_TEXT_STATES;
export const AI_TEXT_STATE_LIST = codesOf(AI_TEXT_STATES);
export const AiTextStateSchema = z.enum(AI_TEXT_STATE_LIST, { error: 'وضعیت نامعتبر است' });
/** The queue: what the list shows when its address names no state. */
export const DEFAULT_AI_TEXT_STATES: readonly AiTextState[] = ['pending'];

export const AI_TEXT_WORKFLOW = defineWorkflow({
  noun: 'متن',
  states: AI_TEXT_STATES,
  roles: STAFF,
  actions: {
    approve: { label: 'تأیید', from: ['pending'], to: 'approved' },
    edit_approve: { label: 'ویرایش و تأیید', from: ['pending'], to: 'approved' },
    reject: { label: 'رد متن', from: ['pending'], to: 'rejected', reason: 'required' },
    regenerate: { label: 'ارسال برای تولید دوباره', from: ['pending'], to: 'regenerating', reason: 'required', confirm: 'متن برای تولید دوباره به مدل برگردد؟ توضیح شما همراه آن فرستاده می‌شود.' },
    resubmit: { label: 'متن تازه مدل', from: ['regenerating'], to: 'pending' },
    reopen: { label: 'بازگشت به صف بررسی', from: ['approved', 'rejected'], to: 'pending', reason: 'required', roles: [ROLES.supervisor], confirm: 'این متن دوباره در صف بررسی قرار گیرد؟ متن تأییدشده و دلیل رد پاک می‌شود و در تاریخچه می‌ماند.' },
  },
});
export type AiTextAction = (typeof AI_TEXT_WORKFLOW.actionList)[number];
/** What a person does from the queue (`resubmit` is the model's). */
export const AI_REVIEW_ACTIONS = ['approve', 'edit_approve', 'reject', 'regenerate', 'reopen'] as const satisfies readonly AiTextAction[];

/** What the model wrote, and what it describes: an inspection order's report or a car post. */
export const AI_TEXT_KINDS = {
  report_summary: 'خلاصه گزارش کارشناسی',
  report_technical: 'شرح فنی گزارش',
  post_description: 'توضیحات آگهی خودرو',
  post_highlights: 'نکات برجسته آگهی',
} as const;
export type AiTextKind = keyof typeof AI_TEXT_KINDS;
export const AI_TEXT_KIND_LIST = codesOf(AI_TEXT_KINDS);
export const AiTextKindSchema = z.enum(AI_TEXT_KIND_LIST, { error: 'نوع متن نامعتبر است' });
export type AiSubjectType = 'inspection' | 'car_post';
/** Which kind of thing each kind of text describes. */
export const AI_TEXT_SUBJECT: Record<AiTextKind, AiSubjectType> = {
  report_summary: 'inspection',
  report_technical: 'inspection',
  post_description: 'car_post',
  post_highlights: 'car_post',
};
export const AI_SUBJECT_LABELS: Record<AiSubjectType, string> = { inspection: 'سفارش بازدید', car_post: 'آگهی خودرو' };

/** Why a text is rejected (a declared list; «سایر» needs the reason written out). */
export const AI_REJECT_REASONS = {
  wrong_facts: 'اطلاعات نادرست یا مغایر با گزارش',
  incomplete: 'متن ناقص یا نامفهوم',
  tone: 'لحن نامناسب یا تبلیغاتی',
  personal_data: 'دارای اطلاعات شخصی یا تماس',
  unrelated: 'نامرتبط با خودرو یا سفارش',
  language: 'ایراد نگارشی و زبانی فراوان',
  other: 'سایر',
} as const;
export type AiRejectReason = keyof typeof AI_REJECT_REASONS;
export const AI_REJECT_REASON_LIST = codesOf(AI_REJECT_REASONS);
