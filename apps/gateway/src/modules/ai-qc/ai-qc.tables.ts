import type { Generated } from 'kysely';
import type { AiRejectReason, AiTextKind, AiTextState } from '@panel/contracts/ai-qc';

/** The tables of `migrations/2500_ai_qc.sql`, as the drivers answer them. */
export interface AiModelsTable {
  name: string;
  first_seen_at: Generated<string>;
}

export interface AiTextsTable {
  id: Generated<number>;
  kind: AiTextKind;
  model: string;
  inspection_pk: number | null;
  car_post_id: number | null;
  state: Generated<AiTextState>;
  version: Generated<number>;
  revision: Generated<number>;
  machine_text: string;
  final_text: string | null;
  edited: Generated<boolean>;
  changed_words: number | null;
  change_percent: number | null;
  reject_reason: AiRejectReason | null;
  review_note: Generated<string>;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AiQcTables {
  ai_models: AiModelsTable;
  ai_texts: AiTextsTable;
}
