import type { Generated } from 'kysely';
import type { LeasingClaimState, LeasingClaimStep, LeasingNoteCategory, LeasingOrderState, LeasingRejectReason, VehicleType } from '@panel/contracts/leasing';

/** The tables of `migrations/1700_leasing.sql`, as the drivers answer them. */
export interface LeasingProvidersTable {
  id: Generated<number>;
  name: string;
  is_active: Generated<boolean>;
  conditions: Generated<string[]>;
  city_ids: Generated<number[]>;
}

export interface LeasingPlanGroupsTable {
  id: Generated<number>;
  provider_id: number;
  name: string;
}

export interface LeasingPlansTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  vehicle_type: Generated<VehicleType>;
  annual_rate: number;
  min_down_percent: number;
  months: number[];
  is_active: Generated<boolean>;
}

export interface LeasingPlanModelsTable {
  plan_id: number;
  model_id: number;
}

export interface LeasingOtpsTable {
  id: Generated<number>;
  phone_number: string;
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
  created_at: Generated<string>;
}

export interface LeasingOrdersTable {
  id: Generated<number>;
  code: Generated<string>;
  state: Generated<LeasingOrderState>;
  version: Generated<number>;
  customer_name: string;
  national_id: string;
  phone_number: string;
  city_id: number;
  provider_id: number;
  plan_id: number;
  car_title: string;
  price: number;
  down_payment: number;
  months: number;
  annual_rate: number;
  monthly: number;
  total: number;
  start_day: string;
  reject_reason: LeasingRejectReason | null;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface LeasingOrderFilesTable {
  id: Generated<number>;
  order_id: number;
  media_id: number;
  kind: 'national_card' | 'payslip' | 'guarantee' | 'contract' | 'other';
  created_by: string;
  created_at: Generated<string>;
}

export interface LeasingOrderNotesTable {
  id: Generated<number>;
  order_id: number;
  text: string;
  author: string;
  created_at: Generated<string>;
}

export interface LeasingBulkRowsTable {
  request_id: string;
  order_id: number;
  action: string;
  ok: boolean;
  message: string;
  state: LeasingOrderState | null;
  at: Generated<string>;
}

export interface LeasingClaimsTable {
  id: Generated<number>;
  order_id: number;
  state: Generated<LeasingClaimState>;
  step: LeasingClaimStep | null;
  version: Generated<number>;
  total: number;
  paid: Generated<number>;
  /** The earliest unpaid instalment's due day (migration 1709, kept by a trigger). */
  next_due_date: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface LeasingInstalmentsTable {
  id: Generated<number>;
  claim_id: number;
  seq: number;
  due_date: string;
  amount: number;
  paid: Generated<number>;
}

export interface LeasingPaymentsTable {
  id: Generated<number>;
  claim_id: number;
  request_id: string;
  amount: number;
  paid_on: string;
  receipt: string;
  created_by: string;
  created_at: Generated<string>;
}

export interface LeasingPaymentAllocationsTable {
  payment_id: number;
  instalment_id: number;
  amount: number;
}

export interface LeasingClaimNotesTable {
  id: Generated<number>;
  claim_id: number;
  category: LeasingNoteCategory;
  text: string;
  author: string;
  created_at: Generated<string>;
}

export interface LeasingPromisesTable {
  id: Generated<number>;
  claim_id: number;
  promised_on: string;
  amount: number;
  state: Generated<'pending' | 'kept' | 'broken'>;
  created_by: string;
  created_at: Generated<string>;
  resolved_at: string | null;
}

export interface LeasingTables {
  leasing_providers: LeasingProvidersTable;
  leasing_plan_groups: LeasingPlanGroupsTable;
  leasing_plans: LeasingPlansTable;
  leasing_plan_models: LeasingPlanModelsTable;
  leasing_otps: LeasingOtpsTable;
  leasing_orders: LeasingOrdersTable;
  leasing_order_files: LeasingOrderFilesTable;
  leasing_order_notes: LeasingOrderNotesTable;
  leasing_bulk_rows: LeasingBulkRowsTable;
  leasing_claims: LeasingClaimsTable;
  leasing_instalments: LeasingInstalmentsTable;
  leasing_payments: LeasingPaymentsTable;
  leasing_payment_allocations: LeasingPaymentAllocationsTable;
  leasing_claim_notes: LeasingClaimNotesTable;
  leasing_promises: LeasingPromisesTable;
}
