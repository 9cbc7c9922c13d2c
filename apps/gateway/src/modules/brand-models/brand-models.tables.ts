import type { Generated } from 'kysely';
import type { CarBodyType } from '@panel/contracts/brand-models';
import type { VehicleType } from '@panel/contracts/common';

/** The tables of `migrations/0600_catalogue.sql`, as the drivers answer them. */
export interface CarBrandsTable {
  id: Generated<number>;
  name_fa: string;
  name_en: string;
  logo_url: string | null;
}

export interface CarModelsTable {
  id: Generated<number>;
  brand_id: number;
  name_fa: string;
  name_en: string;
  body_type: CarBodyType;
  vehicle_type: Generated<VehicleType>;
  year_from: number;
  year_to: number | null;
  is_imported: Generated<boolean>;
}

export interface BrandModelsTables {
  car_brands: CarBrandsTable;
  car_models: CarModelsTable;
}
