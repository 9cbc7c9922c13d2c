import type { Generated } from 'kysely';
import type { MediaTable } from '../../db/core-tables';

/** The tables of `migrations/2900_car_info.sql`. */
export interface CarInfoTable {
  type_id: number;
  content: Generated<string>;
  options: Generated<string[]>;
  version: Generated<number>;
  updated_by: string;
  updated_at: Generated<string>;
}

export interface CarInfoImagesTable {
  id: Generated<number>;
  type_id: number;
  media_id: number;
  caption: Generated<string>;
  created_by: string;
  created_at: Generated<string>;
}

export interface CarInfoNotesTable {
  id: Generated<number>;
  type_id: number;
  kind: 'comment' | 'feedback';
  author: string;
  body: string;
  rating: number | null;
  state: Generated<'new' | 'published' | 'hidden'>;
  version: Generated<number>;
  created_by: string;
  created_at: Generated<string>;
}

/** Active types per model and how many have information (migration 2902, kept by triggers). */
export interface CarInfoModelCountsTable {
  model_id: number;
  types: number;
  with_info: number;
}

export interface CarInfoTables {
  car_info: CarInfoTable;
  car_info_model_counts: CarInfoModelCountsTable;
  car_info_images: CarInfoImagesTable;
  car_info_notes: CarInfoNotesTable;
}

/** What the module reads of the catalogue (brand-models owns it; modules never import each other) and the media store. */
export type CarInfoReadTables = CarInfoTables & {
  car_types: { id: number; model_id: number; name_fa: string; state: string };
  car_models: { id: number; brand_id: number; name_fa: string; state: string };
  car_brands: { id: number; name_fa: string };
  media: MediaTable;
};
