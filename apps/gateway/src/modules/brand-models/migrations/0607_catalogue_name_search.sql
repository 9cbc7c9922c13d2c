-- The management list's name search at 100,000 models (issue 33, decision 131). The search is
-- "contains" (ILIKE) over «brand model», in Persian and in English; every suffix of a model's
-- lower-cased name is a lexeme, so "the name contains w" is "some lexeme starts with w", a prefix
-- query a GIN index answers (PostgreSQL runs in the C locale here, where trigrams drop Persian
-- letters; the car-info list reads its types' names so, decision 128). The brands are a handful
-- and are read whole; a match across the two names is the brand's end and the model's start.
CREATE FUNCTION catalogue_suffixes(name text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT substr(lower(name), i) FROM generate_series(1, length(name)) i))
$$;
CREATE INDEX IF NOT EXISTS car_models_name_fa_suffixes_idx ON car_models USING gin (catalogue_suffixes(name_fa));
CREATE INDEX IF NOT EXISTS car_models_name_en_suffixes_idx ON car_models USING gin (catalogue_suffixes(name_en));
