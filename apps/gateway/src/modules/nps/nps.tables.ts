import type { Generated } from 'kysely';

/** The table of `migrations/2400_nps.sql`. */
export interface NpsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface NpsTables {
  nps: NpsTable;
}
