import type { Generated } from 'kysely';
import type { Availability } from '@panel/contracts/common';
import type { CellHistoryAction } from '@panel/contracts/dispatch';

/**
 * The tables of `migrations/0200_dispatch.sql`, as the drivers answer them. The `experts` table it
 * made is the experts module's since decision 105 (its row type is a core table: several modules read it).
 */
export interface DispatchAreasTable {
  id: number;
  name: string;
  city_id: number;
}

export interface DispatchShiftsTable {
  pk: Generated<number>;
  date: string;
  slot: number;
  start_time: string;
  end_time: string;
}

export interface ExpertTimeslotsTable {
  pk: Generated<number>;
  expert_id: number;
  shift_id: number;
  state: Generated<Availability>;
  inspection_id: number | null;
  hold_username: string | null;
  hold_fullname: string | null;
  hold_expires_at: string | null;
  version: Generated<number>;
  updated_at: Generated<string>;
}

export interface DispatchNotesTable {
  pk: Generated<number>;
  agent_username: string;
  agent_fullname: string;
  content: string;
  is_active: Generated<boolean>;
  shift_id: number;
  expert_id: number;
  created_at: Generated<string>;
}

export interface DispatchHistoryTable {
  pk: Generated<number>;
  timeslot_id: number;
  action: CellHistoryAction;
  actor_username: Generated<string>;
  actor_fullname: Generated<string>;
  inspection_code: string | null;
  details: Generated<string>;
  /** A cancellation with the penalty (expert pay deducts it; migration 2300). */
  penalty: Generated<boolean>;
  at: Generated<string>;
}

export interface DispatchTables {
  dispatch_areas: DispatchAreasTable;
  dispatch_shifts: DispatchShiftsTable;
  expert_timeslots: ExpertTimeslotsTable;
  dispatch_notes: DispatchNotesTable;
  dispatch_history: DispatchHistoryTable;
}
