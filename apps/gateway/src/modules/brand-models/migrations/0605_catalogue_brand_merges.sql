-- Merging a duplicate brand into another (issue 33, decision 127): a brand can be merged like a
-- model, and a merge record names either two models or two brands.
ALTER TABLE car_brands DROP CONSTRAINT car_brands_state_check;
ALTER TABLE car_brands
  ADD CONSTRAINT car_brands_state_check CHECK (state IN ('active', 'retired', 'merged')),
  ADD COLUMN merged_into integer REFERENCES car_brands (id),
  ADD CONSTRAINT car_brands_merged_check CHECK ((state = 'merged') = (merged_into IS NOT NULL) AND merged_into IS DISTINCT FROM id);

ALTER TABLE catalogue_merges
  ADD COLUMN level text NOT NULL DEFAULT 'model' CHECK (level IN ('model', 'brand')),
  ADD COLUMN source_brand_id integer REFERENCES car_brands (id),
  ADD COLUMN target_brand_id integer REFERENCES car_brands (id),
  ALTER COLUMN source_model_id DROP NOT NULL,
  ALTER COLUMN target_model_id DROP NOT NULL,
  ADD CONSTRAINT catalogue_merges_level_ids_check CHECK (CASE level
    WHEN 'model' THEN source_model_id IS NOT NULL AND target_model_id IS NOT NULL AND source_brand_id IS NULL AND target_brand_id IS NULL
    ELSE source_brand_id IS NOT NULL AND target_brand_id IS NOT NULL AND source_brand_id <> target_brand_id AND source_model_id IS NULL AND target_model_id IS NULL END);
CREATE UNIQUE INDEX catalogue_merges_one_open_brand ON catalogue_merges (source_brand_id) WHERE state = 'done';
