import type { Generated } from 'kysely';
import type { Availability, ExpertLevel } from '@panel/contracts/common';
import type { CellHistoryAction } from '@panel/contracts/dispatch';

/** The tables of `migrations/0200_dispatch.sql`, as the drivers answer them. */
export interface DispatchAreasTable {
  id: number;
  name: string;
  city_id: number;
}

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
  at: Generated<string>;
}

export interface DispatchTables {
  dispatch_areas: DispatchAreasTable;
  experts: ExpertsTable;
  dispatch_shifts: DispatchShiftsTable;
  expert_timeslots: ExpertTimeslotsTable;
  dispatch_notes: DispatchNotesTable;
  dispatch_history: DispatchHistoryTable;
}
