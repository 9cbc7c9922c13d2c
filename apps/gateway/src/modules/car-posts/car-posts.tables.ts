import type { Generated } from 'kysely';
import type { CarPostState, CarPostType } from '@panel/contracts/car-posts';

/** The tables of `migrations/0800_car_posts.sql` (and the core `media` store they point at). */
export interface CarPostsTable {
  id: Generated<number>;
  token: string;
  state: Generated<CarPostState>;
  car_post_type: CarPostType;
  title: string;
  description: Generated<string>;
  model_id: number;
  brand_model: string;
  year: number;
  usage: number;
  color: string;
  gearbox: 'manual' | 'automatic';
  document: string;
  body_status: string;
  /** 'YYYY-MM-DD', the day the insurance runs out (migration 0802). */
  third_party_insurance_deadline: string | null;
  city_id: number;
  price: number;
  is_discounted: Generated<boolean>;
  discounted_price: number | null;
  owner_name: string;
  owner_phone_number: string;
  sales_expert_name: string | null;
  sales_expert_phone_number: string | null;
  concierge_sale_id: number | null;
  license_plate_code: string | null;
  /** The car's VIN (migration 0805, decision 136). */
  vin: string | null;
  inspection_token: string | null;
  body_findings: Generated<{ part: string; finding: string }[]>;
  version: Generated<number>;
  created_at: Generated<string>;
  submitted_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface CarPostImagesTable {
  id: Generated<number>;
  post_id: number;
  media_id: number;
  position: number;
  is_cover: Generated<boolean>;
}

export interface CarPostVersionsTable {
  id: Generated<number>;
  post_id: number;
  version: number;
  editor: string | null;
  reason: Generated<string>;
  changes: Record<string, { from: string | number | boolean | null; to: string | number | boolean | null }>;
  created_at: Generated<string>;
}

export interface CarPostReasonsTable {
  id: Generated<number>;
  kind: 'rejection' | 'edit';
  title: string;
  is_active: Generated<boolean>;
}

export interface CarPostFeedbacksTable {
  id: Generated<number>;
  post_id: number;
  action: 'reject' | 'return_to_editing';
  reasons: string[];
  text: Generated<string>;
  message: string;
  actor_username: string;
  actor_fullname: string;
  created_at: Generated<string>;
}

export interface CarPostsTables {
  car_posts: CarPostsTable;
  car_post_images: CarPostImagesTable;
  car_post_versions: CarPostVersionsTable;
  car_post_reasons: CarPostReasonsTable;
  car_post_feedbacks: CarPostFeedbacksTable;
}
