import type { Generated } from 'kysely';

/** The table of `migrations/2900_car_info.sql`. */
export interface CarInfoTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<string>;
  created_by: string;
}

export interface CarInfoTables {
  car_info: CarInfoTable;
}
