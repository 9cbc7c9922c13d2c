import type { Generated } from 'kysely';

/** The table of `migrations/2600_discounts.sql`. */
export interface DiscountsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface DiscountsTables {
  discounts: DiscountsTable;
}
