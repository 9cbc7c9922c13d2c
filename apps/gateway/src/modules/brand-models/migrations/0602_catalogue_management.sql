-- The catalogue's write side (/panel/brand-model-management, issue 33, decision 119): states,
-- logos and files through the media store, the types (trims) under a model, the mapping of
-- external names, and merges that can be undone (what moved is kept, row by row).

-- A brand or model in use is retired, never deleted; a merged model points at the one it joined.
ALTER TABLE car_brands
  ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'retired')),
  ADD COLUMN logo_media_id bigint REFERENCES media (id),
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE car_models
  ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'retired', 'merged')),
  ADD COLUMN merged_into integer REFERENCES car_models (id),
  ADD COLUMN logo_media_id bigint REFERENCES media (id),
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT car_models_merged_check CHECK ((state = 'merged') = (merged_into IS NOT NULL) AND merged_into IS DISTINCT FROM id);

CREATE INDEX car_models_state_idx ON car_models (state, brand_id, name_fa);

-- The types (trims) of a model: «اتوماتیک»، «تیپ ۲».
CREATE TABLE car_types (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES car_models (id),
  name_fa text NOT NULL CHECK (length(btrim(name_fa)) BETWEEN 1 AND 80),
  name_en text NOT NULL DEFAULT '' CHECK (length(name_en) <= 80),
  year_from integer CHECK (year_from IS NULL OR year_from BETWEEN 1300 AND 2100),
  year_to integer CHECK (year_to IS NULL OR (year_from IS NOT NULL AND year_to >= year_from)),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'retired')),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, name_fa)
);

-- The §3 brand-model selection's file urls and other file urls: media of a brand or a model.
CREATE TABLE car_catalogue_files (
  id bigserial PRIMARY KEY,
  brand_id integer REFERENCES car_brands (id),
  model_id integer REFERENCES car_models (id),
  media_id bigint NOT NULL REFERENCES media (id),
  kind text NOT NULL CHECK (kind IN ('file', 'other')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((brand_id IS NULL) <> (model_id IS NULL))
);
CREATE INDEX car_catalogue_files_model_idx ON car_catalogue_files (model_id) WHERE model_id IS NOT NULL;
CREATE INDEX car_catalogue_files_brand_idx ON car_catalogue_files (brand_id) WHERE brand_id IS NOT NULL;

-- External names (Divar's or a dealer's spelling) mapped to a model; one name of a source maps to one model.
CREATE TABLE car_name_mappings (
  id serial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('divar', 'dealer', 'bama', 'catalogue', 'other')),
  external_name text NOT NULL CHECK (length(btrim(external_name)) BETWEEN 1 AND 120),
  normalized text NOT NULL CHECK (length(normalized) BETWEEN 1 AND 120),
  model_id integer NOT NULL REFERENCES car_models (id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, normalized)
);
CREATE INDEX car_name_mappings_model_idx ON car_name_mappings (model_id);

-- A merge of one model into another, and what it moved (to move it back on undo).
CREATE TABLE catalogue_merges (
  id serial PRIMARY KEY,
  source_model_id integer NOT NULL REFERENCES car_models (id),
  target_model_id integer NOT NULL REFERENCES car_models (id),
  source_name text NOT NULL,
  target_name text NOT NULL,
  state text NOT NULL DEFAULT 'done' CHECK (state IN ('done', 'undone')),
  moved jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(moved) = 'object'),
  alias_id integer,
  reason text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_by text,
  undone_at timestamptz,
  CHECK (source_model_id <> target_model_id),
  CHECK ((state = 'undone') = (undone_at IS NOT NULL))
);
CREATE INDEX catalogue_merges_created_idx ON catalogue_merges (created_at DESC, id DESC);
CREATE UNIQUE INDEX catalogue_merges_one_open ON catalogue_merges (source_model_id) WHERE state = 'done';

-- Each row a merge re-pointed, by its primary key after the move.
CREATE TABLE catalogue_merge_moves (
  merge_id integer NOT NULL REFERENCES catalogue_merges (id),
  table_name text NOT NULL,
  column_name text NOT NULL,
  row_key jsonb NOT NULL
);
CREATE INDEX catalogue_merge_moves_merge_idx ON catalogue_merge_moves (merge_id, table_name, column_name);

-- A link row the target already had (a tag, a plan's model): removed on merge, kept whole to come back on undo.
CREATE TABLE catalogue_merge_drops (
  merge_id integer NOT NULL REFERENCES catalogue_merges (id),
  table_name text NOT NULL,
  row_data jsonb NOT NULL
);
CREATE INDEX catalogue_merge_drops_merge_idx ON catalogue_merge_drops (merge_id);
