import type { Generated } from 'kysely';
import type { CarBodyType, NameSource } from '@panel/contracts/brand-models';
import type { VehicleType } from '@panel/contracts/common';

/** The tables of `migrations/0600_catalogue.sql`, as the drivers answer them. */
export interface CarBrandsTable {
  id: Generated<number>;
  name_fa: string;
  name_en: string;
  logo_url: string | null;
  state: Generated<'active' | 'retired' | 'merged'>;
  merged_into: Generated<number | null>;
  logo_media_id: number | null;
  version: Generated<number>;
  updated_at: Generated<string>;
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
  state: Generated<'active' | 'retired' | 'merged'>;
  merged_into: number | null;
  logo_media_id: number | null;
  version: Generated<number>;
  updated_at: Generated<string>;
}

/** The tables of `migrations/0602_catalogue_management.sql`. */
export interface CarTypesTable {
  id: Generated<number>;
  model_id: number;
  name_fa: string;
  name_en: Generated<string>;
  year_from: number | null;
  year_to: number | null;
  state: Generated<'active' | 'retired'>;
  version: Generated<number>;
  created_at: Generated<string>;
}

export interface CarCatalogueFilesTable {
  id: Generated<number>;
  brand_id: number | null;
  model_id: number | null;
  media_id: number;
  kind: 'file' | 'other';
  created_by: string;
  created_at: Generated<string>;
}

export interface CarNameMappingsTable {
  id: Generated<number>;
  source: NameSource;
  external_name: string;
  normalized: string;
  model_id: number;
  created_by: string;
  created_at: Generated<string>;
}

export interface CatalogueMergesTable {
  id: Generated<number>;
  level: Generated<'model' | 'brand'>;
  source_model_id: number | null;
  target_model_id: number | null;
  source_brand_id: number | null;
  target_brand_id: number | null;
  source_name: string;
  target_name: string;
  state: Generated<'done' | 'undone'>;
  moved: Generated<Record<string, number>>;
  /** The external names the merge made (its undo removes them), migration 0606. */
  alias_ids: Generated<number[]>;
  reason: Generated<string>;
  created_by: string;
  created_at: Generated<string>;
  undone_by: string | null;
  undone_at: string | null;
}

export interface BrandModelsTables {
  car_brands: CarBrandsTable;
  car_models: CarModelsTable;
  car_types: CarTypesTable;
  car_catalogue_files: CarCatalogueFilesTable;
  car_name_mappings: CarNameMappingsTable;
  catalogue_merges: CatalogueMergesTable;
}
