import { z } from 'zod';
import { SALE_STATES } from './concierge-sale.flow';
import { codeSchema } from '../common/enums';

// Nested shapes the spec names without fields are ours; they are what the reference
// gateway returns and what the concierge-sale screens read.

const DateTime = z.iso.datetime({ offset: true });
const Toman = z.number().nonnegative();
const Percent = z.number().min(0).max(100);

export const ConciergeFollowerSchema = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type ConciergeFollower = z.infer<typeof ConciergeFollowerSchema>;

export const ConciergeSupervisorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});
export type ConciergeSupervisor = z.infer<typeof ConciergeSupervisorSchema>;

export const ConciergeSalesExpertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string(),
  /** The expert's user id in the telephony switch, used to route calls. */
  switch_user_id: z.string().nullable(),
});
export type ConciergeSalesExpert = z.infer<typeof ConciergeSalesExpertSchema>;

export const ConciergeHealthInfoSchema = z.object({
  description: z.string().nullable(),
  /** Part name -> its condition, as the inspector wrote it. */
  health_detail: z.record(z.string(), z.string()),
});

export const ConciergeNoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  author: z.string(),
  created_at: DateTime,
});

export const ConciergeInspectionSchema = z.object({
  token: z.string(),
  state: z.string(),
  created_at: DateTime,
  report_url: z.url().nullable(),
});

export const PricingItemSchema = z.object({ title: z.string(), price: Toman });
export const PriceAgreementSchema = z.object({
  price: Toman,
  created_at: DateTime,
  description: z.string().nullable(),
});
export const CancelReasonTypeSchema = z.object({ value: z.string(), label: z.string() });
export const ConciergePaymentSchema = z.object({
  id: z.number().int(),
  amount: Toman,
  type: z.string(),
  status: z.string(),
  paid_at: DateTime.nullable(),
  description: z.string().nullable(),
});

export const DocumentFileSchema = z.object({ name: z.string(), url: z.url() });
export type DocumentFile = z.infer<typeof DocumentFileSchema>;
export const AffidavitDocumentsSchema = z.object({
  affidavit: z.array(DocumentFileSchema),
  payment_receipt: z.array(DocumentFileSchema),
  other: z.array(DocumentFileSchema),
});

export const ConciergeSaleDetailSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  created_at: DateTime,
  applicant_full_name: z.string(),
  applicant_type: z.string(),
  phone_number: z.string(),
  offer_supervisor: z.string().nullable(),
  car_health_description: z.string().nullable(),
  health_info: ConciergeHealthInfoSchema,
  /** Kilometres driven. */
  usage: z.number().int().nonnegative(),
  car_brand_model_year: z.number().int(),
  car_brand_model: z.string(),
  city: z.string(),
  address: z.string(),
  operator_note: z.string().nullable(),
  description: z.string().nullable(),
  inspection_price: Toman.nullable(),
  status: codeSchema(SALE_STATES),
  notes: z.array(ConciergeNoteSchema),
  deal_date: z.iso.date().nullable(),
  product_commission: Toman.nullable(),
  sale_concierge_commission: Toman.nullable(),
  sale_concierge_commission_percent: Percent.nullable(),
  buy_concierge_commission: Toman.nullable(),
  buy_concierge_commission_percent: Percent.nullable(),
  is_warrantied: z.boolean(),
  warranty_number: z.string().nullable(),
  pos_receipt_number: z.string().nullable(),
  car_post_token: z.string().nullable(),
  price: Toman.nullable(),
  deal_description: z.string().nullable(),
  health_state: z.string().nullable(),
  reagent_switch_id: z.string().nullable(),
  is_canceled: z.boolean(),
  plan: z.string().nullable(),
  follower: ConciergeFollowerSchema.nullable(),
  price_expert: ConciergeFollowerSchema.nullable(),
  is_quick_sale: z.boolean(),
  is_leasing_available: z.boolean(),
  supervisor: ConciergeSupervisorSchema.nullable(),
  sales_expert: ConciergeSalesExpertSchema.nullable(),
  divar_post_token: z.string().nullable(),
  divar_post_link: z.url().nullable(),
  car_post_link: z.url().nullable(),
  min_price: Toman.nullable(),
  max_price: Toman.nullable(),
  pricing_description: z.string().nullable(),
  car_options: z.array(z.string()),
  car_color: z.string().nullable(),
  inspections: z.array(ConciergeInspectionSchema),
  pricing_items: z.array(PricingItemSchema),
  price_agreements: z.array(PriceAgreementSchema),
  is_painted: z.boolean(),
  painted_parts: z.array(z.string()),
  is_damaged: z.boolean(),
  damaged_parts: z.array(z.string()),
  is_changed: z.boolean(),
  changed_parts: z.array(z.string()),
  is_smoothed: z.boolean(),
  smoothed_parts: z.array(z.string()),
  cancel_reason_types: z.array(CancelReasonTypeSchema),
  payments_list: z.array(ConciergePaymentSchema),
  deal_buyer_name: z.string().nullable(),
  deal_buyer_phone_number: z.string().nullable(),
  has_deal: z.boolean(),
  deal_id: z.number().int().nullable(),
  deal_state: z.enum(['pending', 'approved', 'canceled']).nullable(),
  is_new_financial_model: z.boolean(),
  is_count_in_offer: z.boolean(),
  affidavit_documents: AffidavitDocumentsSchema,
  /** Whether the service operates in the sale's city. */
  available_city: z.boolean(),
  // Ours, beside the spec's fields: what the screens need to act on the sale.
  city_id: z.number().int(),
  car_model_id: z.number().int(),
  /** The deal's buyer-side fields the detail shows with the commission. */
  deal_price: Toman.nullable(),
  version: z.number().int(),
});
export type ConciergeSaleDetail = z.infer<typeof ConciergeSaleDetailSchema>;
