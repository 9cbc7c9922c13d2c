import type { Generated } from 'kysely';
import type { PricingStatus } from '@panel/contracts/pricing-orders';

/** The table of `migrations/0900_pricing_orders.sql`. */
export interface PricingOrdersTable {
  id: Generated<number>;
  code: string;
  status: Generated<PricingStatus>;
  version: Generated<number>;
  model_id: number;
  brand_model: string;
  year: number;
  usage: number;
  city_id: number;
  customer_name: string;
  phone_number: string;
  description: Generated<string>;
  expert_username: string | null;
  expert_name: string | null;
  estimate_min: number | null;
  estimate_max: number | null;
  expert_note: Generated<string>;
  created_at: Generated<string>;
  estimated_at: string | null;
}

export interface PricingOrdersTables {
  pricing_orders: PricingOrdersTable;
}
