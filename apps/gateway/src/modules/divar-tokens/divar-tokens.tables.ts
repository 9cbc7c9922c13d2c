import type { Generated } from 'kysely';

/** The table of `migrations/1100_divar_tokens.sql`. */
export interface DivarTokensTable {
  id: Generated<number>;
  token: string;
  car_post_id: number | null;
  concierge_sale_id: number | null;
  version: Generated<number>;
  linked_at: string | null;
  linked_by: string | null;
  created_at: Generated<string>;
  created_by: string;
}

export interface DivarTokensTables {
  divar_tokens: DivarTokensTable;
}
