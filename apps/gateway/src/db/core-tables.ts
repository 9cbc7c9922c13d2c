import type { Generated } from 'kysely';
import type { ExpertLevel } from '@panel/contracts/common';

/**
 * Row types of the core tables of `migrations/0001_core.sql`, which several modules read. Types
 * are what the drivers answer after `type-parsers.ts`: int8 and numeric as numbers, timestamps
 * as ISO strings, dates as 'YYYY-MM-DD'. A module adds its own tables in its own folder.
 */

export interface CitiesTable {
  id: number;
  name: string;
  key: string;
}

export interface InspectionsTable {
  pk: Generated<number>;
  code: string;
  state: string;
  customer_name: string;
  phone_number: string;
  city_id: number;
  inspection_center: string | null;
  center: string | null;
  visit_place: Generated<string>;
  description: Generated<string>;
  brand_model: string;
  package: string;
  visit_date: string | null;
  visit_time: string | null;
  time_slot: string | null;
  price: Generated<number>;
  concierge_sale: number | null;
  operation_note: Generated<string>;
  is_canceled: Generated<boolean>;
  price_diff: Generated<number>;
  is_immediate: Generated<boolean>;
  seller_name: string | null;
  seller_phone_number: string | null;
  request_type: Generated<string>;
  assistant: string | null;
  expert_id: number | null;
  mechanic_id: number | null;
  qc: Generated<boolean>;
  pricing: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  // Added by migration 0200; declared here because a table has one declaration.
  offer_sent_at: string | null;
  // Added by inspection-orders' migration 0302 (decision 032).
  held_until: string | null;
  hold_reason: Generated<string>;
  pricing_conditions: Generated<string[]>;
  discount_code: string | null;
  // Added by inspection-orders' migration 0308 (decision 136): the car's VIN.
  vin: string | null;
}

/** The media store of `migrations/0010_media.sql` (src/media). */
export interface MediaTable {
  id: Generated<number>;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  created_by: string;
  created_at: Generated<string>;
}

/** What leaves the system, of `migrations/0003_outbox.sql` (src/outbox.ts writes it; notifications reads it). */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'push' | 'bank_refund';
  target: string;
  text: string;
  amount: number | null;
  entity: string | null;
  entity_id: number | null;
  state: Generated<'recorded' | 'sent' | 'failed'>;
  created_by: string;
  created_at: Generated<string>;
}

/**
 * The experts (made by dispatch's migration 0200; owned by the experts module since decision 105,
 * which adds and edits them, migrations 19xx). Dispatch, offers, reserves and notifications read it.
 */
export interface ExpertsTable {
  pk: Generated<number>;
  report_name: string;
  level: ExpertLevel;
  is_car_expert: Generated<boolean>;
  is_motor_cycle_expert: Generated<boolean>;
  is_concierge_sale_expert: Generated<boolean>;
  is_car_mechanic: Generated<boolean>;
  is_motor_cycle_mechanic: Generated<boolean>;
  is_leasing_expert: Generated<boolean>;
  city_id: number;
  areas: Generated<number[]>;
  /** The expert app's account (migration 0201). */
  username: string | null;
  /** Migration 1900: the phone, whether the expert works (the sheet makes cells only for active ones), the row's version. */
  phone_number: string | null;
  is_active: Generated<boolean>;
  version: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface CoreTables {
  cities: CitiesTable;
  inspections: InspectionsTable;
  media: MediaTable;
  outbox: OutboxTable;
  experts: ExpertsTable;
}
