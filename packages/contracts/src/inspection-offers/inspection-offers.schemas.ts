import { z } from 'zod';
import { defineListFilter, defineWorkflow, listField, paginated, wholeNumberField } from '../common';

// Inspection offers (issue 14; spec §2 "inspection offer list", §7 "live offer monitoring"): an
// order nobody could be assigned to is offered to the experts whose city, level and type fit,
// with a deadline. Experts answer from their own app; the first acceptance assigns the order.

export const OFFER_STATES = {
  open: 'باز',
  accepted: 'پذیرفته شده',
  expired: 'منقضی شده',
  removed: 'برداشته شده',
} as const;
export type OfferState = keyof typeof OFFER_STATES;
export const OfferStateSchema = z.enum(Object.keys(OFFER_STATES) as [OfferState, ...OfferState[]], { error: 'وضعیت پیشنهاد نامعتبر است' });

/** The offer's own life; staff remove an offer through the order's `remove_offer` action. */
export const OFFER_WORKFLOW = defineWorkflow({
  noun: 'پیشنهاد',
  states: OFFER_STATES,
  actions: {
    accept: { label: 'پذیرفتن', from: ['open'], to: 'accepted' },
    decline: { label: 'رد کردن', from: ['open'] },
    see: { label: 'مشاهده', from: ['open'] },
    expire: { label: 'انقضا', from: ['open'], to: 'expired' },
    remove: { label: 'حذف پیشنهاد', from: ['open'], to: 'removed' },
  },
});

/** How long an offer waits for an expert, by default (decision 032). */
export const OFFER_DEADLINE_MINUTES = 30;

export const offerListFilter = defineListFilter({
  /** Order code or customer name. */
  query: listField.text(),
  state: listField.someOf(OfferStateSchema),
  cities: listField.ids('شهر نامعتبر است'),
  /** The Tehran day the offer was sent. */
  date: listField.day(),
});
export const OfferListFilterSchema = offerListFilter.schema;
export type OfferListFilter = z.infer<typeof OfferListFilterSchema>;

export const OfferSchema = z.object({
  id: z.number().int(),
  inspection_pk: z.number().int(),
  order_code: z.string(),
  customer_name: z.string(),
  city_id: z.number().int(),
  city: z.string(),
  visit_place: z.string(),
  package: z.string(),
  price: z.number(),
  sent_at: z.iso.datetime({ offset: true }),
  deadline: z.iso.datetime({ offset: true }),
  sent_by: z.string(),
  /** Experts the offer went to, and how many of them saw and declined it. */
  recipients: z.number().int(),
  seen: z.number().int(),
  declined: z.number().int(),
  state: OfferStateSchema,
  accepted_expert: z.string().nullable(),
  closed_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferListPageSchema = paginated(OfferSchema);
export type OfferListPage = z.infer<typeof OfferListPageSchema>;

/** An expert's answer through the expert app's endpoint (the expert's own token). */
export const OfferAnswerInputSchema = z.object({ id: wholeNumberField('شناسه پیشنهاد نامعتبر است') });
export type OfferAnswerInput = z.infer<typeof OfferAnswerInputSchema>;

export const OFFER_MESSAGES = {
  empty: 'پیشنهادی یافت نشد!',
  monitoringEmpty: 'اکنون هیچ پیشنهاد بازی نیست.',
  notRecipient: 'این پیشنهاد برای شما فرستاده نشده است.',
  taken: 'این سفارش را کارشناس دیگری پذیرفته است.',
  noExperts: 'کارشناس واجد شرایطی برای این سفارش یافت نشد.',
} as const;
