-- The management list's orders from an index (decision 119, bench/lists at 100,000 models): by
-- brand then name is the unique (brand_id, name_fa) key; newest-changed and by year here.
CREATE INDEX IF NOT EXISTS car_models_updated_idx ON car_models (updated_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS car_models_year_idx ON car_models (year_from DESC, id DESC);
