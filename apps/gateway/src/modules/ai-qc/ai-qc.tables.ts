import type { Generated } from 'kysely';

/** The table of `migrations/2500_ai_qc.sql`. */
export interface AiQcTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface AiQcTables {
  ai_qc: AiQcTable;
}
