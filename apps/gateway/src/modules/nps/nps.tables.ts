import type { Generated } from 'kysely';
import type { NpsChannel, NpsRootCause, NpsState } from '@panel/contracts/nps';

/** The table of `migrations/2400_nps.sql`, as the drivers answer it. */
export interface NpsAnswersTable {
  id: Generated<number>;
  state: Generated<NpsState>;
  version: Generated<number>;
  score: number;
  comment: Generated<string>;
  customer_name: string;
  customer_phone: string;
  inspection_id: number | null;
  channel: Generated<NpsChannel>;
  answered_at: string;
  due_at: string | null;
  responded_at: string | null;
  root_cause: NpsRootCause | null;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** `migrations/2401_nps_days.sql`: answers counted by Tehran answered day, status and score (kept by triggers). */
export interface NpsDaysTable {
  day: string;
  state: NpsState;
  score: number;
  answers: number;
}

export interface NpsTables {
  nps_answers: NpsAnswersTable;
  nps_days: NpsDaysTable;
}
