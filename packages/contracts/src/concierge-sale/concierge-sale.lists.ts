import { z } from 'zod';
import { LastEventIdField } from '../common/fields';
import { defineListFilter, listField, paginated } from '../common';
import { DealStateSchema, SalePlanSchema, SaleStateSchema } from './concierge-sale.flow';

const DateTime = z.iso.datetime({ offset: true });

// ---- The sale list (`/panel/concierge-sale`) ---------------------------------------------------

export const SALE_SORTS = ['created_at', 'price', 'usage', 'year'] as const;
export type SaleSort = (typeof SALE_SORTS)[number];
export const SALE_SORT_LABELS: Record<SaleSort, string> = { created_at: 'زمان ثبت', price: 'قیمت', usage: 'کارکرد', year: 'سال ساخت' };

export const saleListFilter = defineListFilter({
  /** Phone, applicant name, token or car (the caller-history dialog's `?search={phone}`). */
  search: listField.text(),
  status: listField.someOf(SaleStateSchema),
  supervisor: listField.id('ناظر نامعتبر است'),
  salesExpert: listField.id('کارشناس فروش نامعتبر است'),
  cities: listField.ids('شهر نامعتبر است'),
  plan: listField.oneOf(SalePlanSchema),
  quickSale: listField.flag('مقدار فروش فوری نامعتبر است'),
  leasing: listField.flag('مقدار امکان لیزینگ نامعتبر است'),
  hasDeal: listField.flag('مقدار دارای معامله نامعتبر است'),
  /** Created from this Tehran day through `createdTo`, both included. */
  createdFrom: listField.day(),
  createdTo: listField.day(),
  ...listField.ordering(SALE_SORTS, 'created_at'),
  /** The previous page's `next`: the page starts after its last sale (keyset paging, decision 123). */
  after: listField.cursor(),
});
export const SaleListFilterSchema = saleListFilter.schema;
export type SaleListFilter = z.infer<typeof SaleListFilterSchema>;

export const SaleListItemSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  created_at: DateTime,
  applicant_full_name: z.string(),
  phone_number: z.string(),
  city: z.string(),
  car_brand_model: z.string(),
  car_brand_model_year: z.number().int(),
  usage: z.number().int(),
  price: z.number().nullable(),
  status: SaleStateSchema,
  plan: SalePlanSchema,
  is_quick_sale: z.boolean(),
  is_leasing_available: z.boolean(),
  is_count_in_offer: z.boolean(),
  supervisor_name: z.string().nullable(),
  sales_expert_name: z.string().nullable(),
  has_deal: z.boolean(),
});
export type SaleListItem = z.infer<typeof SaleListItemSchema>;
export const SaleListPageSchema = paginated(SaleListItemSchema);
export type SaleListPage = z.infer<typeof SaleListPageSchema>;

// ---- Deals across sales (`/panel/deals`) -------------------------------------------------------

/** The columns the deals list sorts by (in SQL). */
export const DEAL_SORTS = ['deal_date', 'price', 'product_commission', 'created_at'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

export const dealListFilter = defineListFilter({
  /** Buyer, seller, phone or sale token. */
  search: listField.text(),
  state: listField.someOf(DealStateSchema),
  supervisor: listField.id('ناظر نامعتبر است'),
  cities: listField.ids('شهر نامعتبر است'),
  /** Deal day from / to (Tehran days, included). */
  dealFrom: listField.day(),
  dealTo: listField.day(),
  /** The latest deal first unless the address says otherwise. */
  ...listField.ordering(DEAL_SORTS, 'deal_date'),
});
export const DealListFilterSchema = dealListFilter.schema;
export type DealListFilter = z.infer<typeof DealListFilterSchema>;

export const DealSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  sale_token: z.string(),
  state: DealStateSchema,
  car_brand_model: z.string(),
  seller_name: z.string(),
  buyer_name: z.string(),
  buyer_phone_number: z.string(),
  city: z.string(),
  price: z.number(),
  deal_date: z.iso.date(),
  sale_commission_percent: z.number(),
  sale_commission: z.number(),
  buy_commission_percent: z.number(),
  buy_commission: z.number(),
  product_commission: z.number(),
  supervisor_name: z.string().nullable(),
  created_at: DateTime,
  approved_at: DateTime.nullable(),
  canceled_reason: z.string().nullable(),
});
export type Deal = z.infer<typeof DealSchema>;

/** One page of deals with the totals of the whole filtered set (not just the page). */
export const DealListPageSchema = paginated(DealSchema).extend({
  totals: z.object({ count: z.number().int(), price: z.number(), commission: z.number() }),
});
export type DealListPage = z.infer<typeof DealListPageSchema>;

// ---- Buyers' offers and live offer monitoring (`/panel/concierge-sale/offer-monitoring`) -------

export const BUYER_OFFER_STATES = { open: 'باز', accepted: 'پذیرفته شده', closed: 'بسته شده' } as const;
export type BuyerOfferState = keyof typeof BUYER_OFFER_STATES;

/** A buyer's offer as the monitoring screen reads it: the offer beside its sale's price bounds. */
export const BuyerOfferSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  sale_token: z.string(),
  car_brand_model: z.string(),
  car_brand_model_year: z.number().int(),
  city: z.string(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  asking_price: z.number().nullable(),
  buyer_name: z.string(),
  buyer_phone_number: z.string(),
  amount: z.number(),
  created_at: DateTime,
  state: z.enum(['open', 'accepted', 'closed']),
  version: z.number().int(),
});
export type BuyerOffer = z.infer<typeof BuyerOfferSchema>;

/** The gateway's live channel of buyers' offers: one topic, every open offer of every sale on offer. */
export const WS_CONCIERGE_OFFERS_PATH = '/ws/concierge-sale/offers';
export const CONCIERGE_OFFERS_TOPIC = 'on-offer';
export const OffersInitMessageSchema = z.object({ type: z.literal('init'), data: z.literal(CONCIERGE_OFFERS_TOPIC) });
/** The channel's message: offers that changed (an offer no longer open leaves the screen). */
export const OffersLiveMessageSchema = z.object({ offers: z.array(BuyerOfferSchema) });

export const WatchOffersInputSchema = z.object({ lastEventId: LastEventIdField });
export type WatchOffersInput = z.infer<typeof WatchOffersInputSchema>;

/** What the browser receives (decision 062's event shapes, with offers as the items). */
export const OffersEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), topic: z.string(), offers: z.array(BuyerOfferSchema), at: z.string() }),
  z.object({ type: z.literal('delta'), topic: z.string(), offers: z.array(BuyerOfferSchema) }),
  z.object({ type: z.literal('status'), topic: z.string(), upstream: z.enum(['live', 'reconnecting']) }),
  z.object({ type: z.literal('reconnect'), topic: z.string() }),
]);
export type OffersEvent = z.infer<typeof OffersEventSchema>;

/** The columns the concierge-sale offer list sorts by (in SQL). */
export const BUYER_OFFER_SORTS = ['created_at', 'amount'] as const;
export type BuyerOfferSort = (typeof BUYER_OFFER_SORTS)[number];

/** The concierge-sale offer list (spec §2's implied screen): every buyer's offer, filters in the address. */
export const buyerOfferListFilter = defineListFilter({
  /** Buyer, phone, sale token or car. */
  search: listField.text(),
  state: listField.someOf(z.enum(['open', 'accepted', 'closed'])),
  /** The Tehran day the offer arrived. */
  date: listField.day(),
  /** The newest offer first unless the address says otherwise. */
  ...listField.ordering(BUYER_OFFER_SORTS, 'created_at'),
});
export const BuyerOfferListFilterSchema = buyerOfferListFilter.schema;
export type BuyerOfferListFilter = z.infer<typeof BuyerOfferListFilterSchema>;
export const BuyerOfferListPageSchema = paginated(BuyerOfferSchema);
export type BuyerOfferListPage = z.infer<typeof BuyerOfferListPageSchema>;
