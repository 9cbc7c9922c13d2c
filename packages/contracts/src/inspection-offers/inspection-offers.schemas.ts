import { z } from 'zod';
import { INSPECTION_OFFERS_ACCESS } from './inspection-offers.access';
import { LastEventIdField } from '../common/fields';
import { defineListFilter, defineWorkflow, listField, paginated, toPersianDigits, wholeNumberField, codeSchema } from '../common';

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
export const OfferStateSchema = codeSchema(OFFER_STATES, 'وضعیت پیشنهاد نامعتبر است');

/** The offer's own life; staff remove an offer through the order's `remove_offer` action. */
export const OFFER_WORKFLOW = defineWorkflow({
  noun: 'پیشنهاد',
  states: OFFER_STATES,
  actions: {
    accept: { label: 'پذیرفتن', from: ['open'], to: 'accepted', roles: INSPECTION_OFFERS_ACCESS.answer },
    decline: { label: 'رد کردن', from: ['open'], roles: INSPECTION_OFFERS_ACCESS.answer },
    see: { label: 'مشاهده', from: ['open'], roles: INSPECTION_OFFERS_ACCESS.answer },
    /** The system's own move when the deadline passes. */
    expire: { label: 'انقضا', from: ['open'], to: 'expired' },
    remove: { label: 'حذف پیشنهاد', from: ['open'], to: 'removed', roles: INSPECTION_OFFERS_ACCESS.send },
  },
});

/** How long an offer waits for an expert, by default (decision 032). */
export const OFFER_DEADLINE_MINUTES = 30;

/** The columns the offer list sorts by (in SQL). */
export const OFFER_SORT_COLUMNS = ['sent_at', 'deadline', 'price', 'customer_name', 'order_code'] as const;
export type OfferSortColumn = (typeof OFFER_SORT_COLUMNS)[number];

export const offerListFilter = defineListFilter({
  /** Order code or customer name. */
  query: listField.text(),
  state: listField.someOf(OfferStateSchema),
  cities: listField.ids('شهر نامعتبر است'),
  /** The Tehran day the offer was sent. */
  date: listField.day(),
  /** The newest offer first unless the address says otherwise. */
  ...listField.ordering(OFFER_SORT_COLUMNS, 'sent_at'),
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

/**
 * How an offer's experts answered, as every list shows it: a decline answers an offer the expert
 * saw, so "seen" is never fewer than "declined", whatever the upstream counted.
 */
export function offerAnswers(offer: { seen: number; declined: number; recipients: number }) {
  const seen = Math.max(offer.seen, offer.declined);
  return { seen, declined: offer.declined, recipients: offer.recipients, text: `${toPersianDigits(seen)} / ${toPersianDigits(offer.declined)} از ${toPersianDigits(offer.recipients)}` };
}

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

// ---- The expert app (the expert's own token, role 'backoffice#expert'; decision 033) ----

/** An open offer as its expert sees it in the app. */
export const ExpertOfferSchema = OfferSchema.pick({ id: true, order_code: true, city: true, visit_place: true, package: true, price: true, deadline: true }).extend({
  visit_date: z.string().nullable(),
  time_slot: z.string().nullable(),
  seen_at: z.iso.datetime({ offset: true }).nullable(),
  declined_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ExpertOffer = z.infer<typeof ExpertOfferSchema>;

export const EXPERT_OFFER_MESSAGES = {
  notExpert: 'این حساب به کارشناسی وصل نیست.',
  declined: 'شما این پیشنهاد را رد کرده‌اید.',
  closed: (state: string) => `این پیشنهاد «${state}» است و دیگر پاسخی نمی‌پذیرد.`,
  seen: 'پیشنهاد دیده شد.',
  declinedDone: 'پیشنهاد رد شد.',
  accepted: 'پیشنهاد پذیرفته شد و سفارش به شما تخصیص یافت.',
} as const;

export const ExpertOfferAnswerSchema = z.object({ id: z.number().int(), state: OfferStateSchema, message: z.string() });
export type ExpertOfferAnswer = z.infer<typeof ExpertOfferAnswerSchema>;

// ---- Live offer monitoring (decision 062's kit; decision 033) ----

/** The gateway's websocket of offer monitoring. */
export const WS_OFFERS_PATH = '/ws/offers';
/** The one topic of `/ws/offers`: the open offers. */
export const OPEN_OFFERS_TOPIC = 'open';

/** An open offer on the monitoring screen; `version` grows with every change (seen, declined, closed). */
export const LiveOfferSchema = OfferSchema.extend({ version: z.number().int() });
export type LiveOffer = z.infer<typeof LiveOfferSchema>;
/** An offer that left the open offers (accepted, expired, removed): its tombstone. */
export const OfferTombstoneSchema = z.object({ id: z.number().int(), version: z.number().int(), removed: z.literal(true), state: OfferStateSchema });
export type OfferTombstone = z.infer<typeof OfferTombstoneSchema>;
export const LiveOfferItemSchema = z.union([LiveOfferSchema, OfferTombstoneSchema]);
export type LiveOfferItem = z.infer<typeof LiveOfferItemSchema>;

/** The gateway's message on `/ws/offers`: the snapshot (open offers), then each change. */
export const OffersLiveMessageSchema = z.object({ offers: z.array(LiveOfferItemSchema) });
export type OffersLiveMessage = z.infer<typeof OffersLiveMessageSchema>;
export const OffersLiveInitSchema = z.object({ type: z.literal('init'), data: z.literal(OPEN_OFFERS_TOPIC) });

export const WatchOffersInputSchema = z.object({
  /** Set by tRPC from the last `tracked()` id on reconnect ('epoch:offset'). */
  lastEventId: LastEventIdField,
});
export type WatchOffersInput = z.infer<typeof WatchOffersInputSchema>;

export const OffersEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), offers: z.array(LiveOfferSchema), at: z.iso.datetime({ offset: true }) }),
  z.object({ type: z.literal('delta'), offers: z.array(LiveOfferItemSchema) }),
  z.object({ type: z.literal('status'), upstream: z.enum(['live', 'reconnecting']) }),
  z.object({ type: z.literal('reconnect') }),
]);
export type OffersEvent = z.infer<typeof OffersEventSchema>;
