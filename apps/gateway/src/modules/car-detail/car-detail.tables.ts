/**
 * The module's own tables: none (decision 120). It reads the other modules' tables in plain SQL
 * (car-detail.service.ts) and adds only indexes and the `car_plate_key()` function
 * (`migrations/2800_car_detail.sql`).
 */
export type CarDetailTables = Record<never, never>;
