import type { Generated } from 'kysely';
import type { ReserveState } from '@panel/contracts/inspection-reserves';

/** The table of `migrations/0650_reserves.sql`, as the drivers answer it. */
export interface InspectionReservesTable {
  id: Generated<number>;
  cell_pk: number;
  customer_name: string;
  phone_number: string;
  city_id: number;
  package: string;
  price: number;
  state: Generated<ReserveState>;
  reserved_at: Generated<string>;
  payment_deadline: string;
  paid_at: string | null;
  renewals: Generated<number>;
  link_sent_at: string | null;
  link_text: string | null;
  closed_at: string | null;
  release_reason: Generated<string>;
  version: Generated<number>;
  created_by: string;
}

export interface InspectionReservesTables {
  inspection_reserves: InspectionReservesTable;
}
