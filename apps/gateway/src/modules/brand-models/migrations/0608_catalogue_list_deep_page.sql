-- The management list's deep page at 100,000 models (issue 33, decision 131): by brand then name
-- (the default order), a page far down skips its offset in the index; with the id in the index
-- the skip is read from the index alone (no row fetched for the rows skipped).
CREATE INDEX IF NOT EXISTS car_models_brand_name_id_idx ON car_models (brand_id, name_fa) INCLUDE (id);
