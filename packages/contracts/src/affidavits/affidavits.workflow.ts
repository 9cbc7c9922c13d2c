import { z } from 'zod';
import { defineWorkflow, codesOf } from '../common';

// The affidavit's state table (issue 31 "affidavits by a declared state table", decision 104).
// An affidavit (قولنامه) is drafted with buyer, seller, car and price; staff compute its fee
// (shown before purchase), send the buyer the payment link, purchase it once, send the download
// link, and close it when its document checklist is complete. Editing (before purchase) returns
// it to draft: its fee is computed again. The gateway enforces the table,
// the web draws a button for each action the current state allows.

export const AFFIDAVIT_STATES = {
  draft: 'پیش‌نویس',
  priced: 'کارمزد محاسبه شد',
  purchased: 'خریداری‌شده',
  links_sent: 'لینک دانلود ارسال شد',
  done: 'تکمیل‌شده',
  canceled: 'لغوشده',
} as const;
export type AffidavitState = keyof typeof AFFIDAVIT_STATES;
export const AFFIDAVIT_STATE_LIST = codesOf(AFFIDAVIT_STATES);
export const AffidavitStateSchema = z.enum(AFFIDAVIT_STATE_LIST, { error: 'وضعیت نامعتبر است' });

export const AFFIDAVIT_WORKFLOW = defineWorkflow({
  noun: 'قولنامه',
  states: AFFIDAVIT_STATES,
  actions: {
    update: { label: 'ویرایش قولنامه', from: ['draft', 'priced'], to: 'draft' },
    price: { label: 'محاسبه کارمزد', from: ['draft', 'priced'], to: 'priced' },
    send_payment_link: { label: 'ارسال لینک پرداخت', from: ['priced'], confirm: 'لینک پرداخت کارمزد برای خریدار پیامک شود؟' },
    purchase: { label: 'خرید قولنامه', from: ['priced'], to: 'purchased', confirm: 'قولنامه با این کارمزد خریداری شود؟ خرید برگشت‌پذیر نیست.' },
    send_download_link: { label: 'ارسال لینک دانلود', from: ['purchased', 'links_sent'], to: 'links_sent', confirm: 'لینک دانلود قولنامه برای خریدار و فروشنده پیامک شود؟' },
    complete: { label: 'تکمیل پرونده', from: ['links_sent'], to: 'done', confirm: 'پرونده این قولنامه بسته شود؟' },
    cancel: { label: 'لغو قولنامه', from: ['draft', 'priced'], to: 'canceled', confirm: 'این قولنامه لغو شود؟', reason: 'required' },
  },
});
export type AffidavitAction = (typeof AFFIDAVIT_WORKFLOW.actionList)[number];

/**
 * The fee rule (decision 104): half a percent of the agreed price, at least ۳۰۰٬۰۰۰ and at most
 * ۵٬۰۰۰٬۰۰۰ tomans, rounded up to a thousand tomans. One function for the form's preview and the
 * gateway's price action.
 */
export const AFFIDAVIT_FEE = { rate: 0.005, min: 300_000, max: 5_000_000, step: 1_000 } as const;
export function affidavitFee(price: number): number {
  const raw = Math.ceil((price * AFFIDAVIT_FEE.rate) / AFFIDAVIT_FEE.step) * AFFIDAVIT_FEE.step;
  return Math.min(AFFIDAVIT_FEE.max, Math.max(AFFIDAVIT_FEE.min, raw));
}

/** The documents an affidavit keeps; the first two are its checklist for closing it. */
export const AFFIDAVIT_DOCUMENT_KINDS = {
  affidavit: 'قولنامه',
  payment_receipt: 'رسید پرداخت',
  other: 'سایر',
} as const;
export type AffidavitDocumentKind = keyof typeof AFFIDAVIT_DOCUMENT_KINDS;
export const AFFIDAVIT_DOCUMENT_KIND_LIST = codesOf(AFFIDAVIT_DOCUMENT_KINDS);
export const AFFIDAVIT_CHECKLIST: readonly AffidavitDocumentKind[] = ['affidavit', 'payment_receipt'];
