import type { Generated } from 'kysely';
import type { DealState, SalePlan, SaleState } from '@panel/contracts/concierge-sale';

/** The tables of `migrations/0700_concierge_sale.sql`, as the drivers answer them. */
export interface ConciergeSalesTable {
  id: Generated<number>;
  token: string;
  status: Generated<SaleState>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  applicant_full_name: string;
  applicant_type: Generated<'owner' | 'agent'>;
  phone_number: string;
  city_id: number;
  address: Generated<string>;
  car_model_id: number;
  car_brand_model: string;
  car_brand_model_year: number;
  usage: number;
  car_color: string | null;
  car_options: Generated<string[]>;
  car_health_description: string | null;
  health_description: string | null;
  health_detail: Generated<Record<string, string>>;
  health_state: string | null;
  painted_parts: Generated<string[]>;
  damaged_parts: Generated<string[]>;
  changed_parts: Generated<string[]>;
  smoothed_parts: Generated<string[]>;
  price: number | null;
  min_price: number | null;
  max_price: number | null;
  pricing_description: string | null;
  inspection_price: number | null;
  plan: SalePlan;
  is_quick_sale: Generated<boolean>;
  is_leasing_available: Generated<boolean>;
  is_warrantied: Generated<boolean>;
  warranty_number: string | null;
  pos_receipt_number: string | null;
  is_new_financial_model: Generated<boolean>;
  is_count_in_offer: Generated<boolean>;
  offer_supervisor: string | null;
  supervisor_id: number | null;
  sales_expert_id: number | null;
  follower_id: number | null;
  price_expert_id: number | null;
  reagent_switch_id: string | null;
  car_post_token: string | null;
  car_post_link: string | null;
  divar_post_token: string | null;
  divar_post_link: string | null;
  operator_note: string | null;
  description: string | null;
  cancel_reason_types: Generated<string[]>;
  available_city: Generated<boolean>;
  version: Generated<number>;
}

export interface ConciergeBuyerOffersTable {
  id: Generated<number>;
  sale_id: number;
  buyer_name: string;
  buyer_phone_number: string;
  amount: number;
  created_at: Generated<string>;
  state: Generated<'open' | 'accepted' | 'closed'>;
  version: Generated<number>;
}

export interface ConciergeDealsTable {
  id: Generated<number>;
  sale_id: number;
  /** The sale's supervisor and city when the deal was submitted (migration 0702, decision 091). */
  supervisor_id: number | null;
  city_id: number;
  state: Generated<DealState>;
  buyer_name: string;
  buyer_phone_number: string;
  buyer_offer_id: number | null;
  price: number;
  deal_date: string;
  description: string | null;
  sale_commission_percent: number;
  buy_commission_percent: number;
  sale_commission: number;
  buy_commission: number;
  product_commission: number;
  created_by: string;
  created_at: Generated<string>;
  approved_by: string | null;
  approved_at: string | null;
  canceled_reason: string | null;
  canceled_at: string | null;
}

export interface ConciergeNotesTable {
  id: Generated<number>;
  sale_id: number;
  content: string;
  author: string;
  created_at: Generated<string>;
}

export interface ConciergePaymentsTable {
  id: Generated<number>;
  sale_id: number;
  amount: number;
  type: string;
  status: string;
  paid_at: string | null;
  description: string | null;
}

export interface ConciergePricingItemsTable {
  id: Generated<number>;
  sale_id: number;
  title: string;
  price: number;
}

export interface ConciergePriceAgreementsTable {
  id: Generated<number>;
  sale_id: number;
  price: number;
  created_at: Generated<string>;
  description: string | null;
}

export interface ConciergeDocumentsTable {
  id: Generated<number>;
  sale_id: number;
  kind: 'affidavit' | 'payment_receipt' | 'other';
  name: string;
  url: string;
}

export interface ConciergeInspectionsTable {
  id: Generated<number>;
  sale_id: number;
  token: string;
  state: string;
  created_at: Generated<string>;
  report_url: string | null;
}

export interface ConciergeSaleTables {
  concierge_sales: ConciergeSalesTable;
  concierge_sale_buyer_offers: ConciergeBuyerOffersTable;
  concierge_sale_deals: ConciergeDealsTable;
  concierge_sale_notes: ConciergeNotesTable;
  concierge_sale_payments: ConciergePaymentsTable;
  concierge_sale_pricing_items: ConciergePricingItemsTable;
  concierge_sale_price_agreements: ConciergePriceAgreementsTable;
  concierge_sale_documents: ConciergeDocumentsTable;
  concierge_sale_inspections: ConciergeInspectionsTable;
  concierge_sales_experts: ConciergeSalesExpertsTable;
}

export interface ConciergeSalesExpertsTable {
  user_id: number;
  switch_user_id: string;
}
