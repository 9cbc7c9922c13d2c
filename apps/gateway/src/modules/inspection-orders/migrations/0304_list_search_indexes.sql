-- The car filter matches the car's name anywhere (ILIKE '%…%'); at 100,000 orders only a trigram
-- index keeps it from reading every order (bench/lists). pg_trgm: core migration 0011.
CREATE INDEX IF NOT EXISTS inspections_brand_model_trgm_idx ON inspections USING gin (brand_model public.gin_trgm_ops);
