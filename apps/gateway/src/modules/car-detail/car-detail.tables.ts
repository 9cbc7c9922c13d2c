import type { Generated } from 'kysely';

/** The table of `migrations/2800_car_detail.sql`. */
export interface CarDetailTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface CarDetailTables {
  car_detail: CarDetailTable;
}
