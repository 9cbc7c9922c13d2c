import type { Generated } from 'kysely';

/** The tables of `migrations/2600_discounts.sql`. Money is in tomans (bigint, read as a number). */
export interface DiscountCampaignsTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  total: number;
  done: Generated<number>;
  state: Generated<'running' | 'done'>;
  kind: 'percent' | 'amount';
  value: number;
  max_discount: number | null;
  min_order: number;
  valid_from: string;
  valid_until: string;
  usage_limit: number;
  per_user_limit: number;
  services: string[];
  city_id: number | null;
  created_by: string;
  created_at: Generated<string>;
  finished_at: string | null;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  max_discount: number | null;
  min_order: Generated<number>;
  valid_from: string;
  valid_until: string;
  usage_limit: number;
  per_user_limit: number;
  used: Generated<number>;
  reserved: Generated<number>;
  services: string[];
  city_id: number | null;
  state: Generated<'active' | 'paused' | 'deactivated'>;
  version: Generated<number>;
  origin: Generated<'manual' | 'campaign' | 'refund'>;
  campaign_id: number | null;
  inspection_id: number | null;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  phone: string;
  amount: number;
  discount: number;
  service: string;
  city_id: number | null;
  order_ref: Generated<string>;
  state: 'reserved' | 'confirmed' | 'released';
  created_by: string;
  created_at: Generated<string>;
  settled_at: string | null;
}

export interface DiscountsTables {
  discount_campaigns: DiscountCampaignsTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
}
