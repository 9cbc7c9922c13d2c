-- The car-info list at 100,000 types (decision 128). Two things the list read from 100,000 rows
-- on every page are kept ready instead.
--
-- 1. How many active types each model has, and how many of them have information: the list's
--    count is a sum over the models (a thousand rows, not a hundred thousand), and a page by the
--    catalogue's order starts at the model its offset falls in. Kept by triggers on car_types
--    (a type added, removed, retired, moved by a merge) and car_info (information saved or
--    removed), so every writer, the catalogue's included, keeps it true. A model's own state and
--    brand are read from car_models when counting, so the catalogue's model writes need nothing.
--    No foreign key to car_models on purpose: a catalogue merge re-points every row that has one
--    (decision 119), and these rows follow the types' moves through the trigger instead.
CREATE TABLE car_info_model_counts (
  model_id integer PRIMARY KEY,
  types integer NOT NULL DEFAULT 0 CHECK (types >= 0),
  with_info integer NOT NULL DEFAULT 0 CHECK (with_info >= 0 AND with_info <= types)
);

CREATE FUNCTION car_info_count_type(p_model integer, p_type integer, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  informed integer := CASE WHEN EXISTS (SELECT 1 FROM car_info WHERE type_id = p_type) THEN 1 ELSE 0 END;
BEGIN
  -- A type counted out updates its model's row (the row's checks would refuse a negative insert).
  IF p_sign < 0 THEN
    UPDATE car_info_model_counts SET types = types - 1, with_info = with_info - informed WHERE model_id = p_model;
  ELSE
    INSERT INTO car_info_model_counts AS c (model_id, types, with_info) VALUES (p_model, 1, informed)
    ON CONFLICT (model_id) DO UPDATE SET types = c.types + 1, with_info = c.with_info + excluded.with_info;
  END IF;
END $$;

CREATE FUNCTION car_info_types_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'active' THEN
    PERFORM car_info_count_type(OLD.model_id, OLD.id, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.state = 'active' THEN
    PERFORM car_info_count_type(NEW.model_id, NEW.id, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER car_info_types_counted AFTER INSERT OR DELETE OR UPDATE OF state, model_id, id ON car_types
  FOR EACH ROW EXECUTE FUNCTION car_info_types_counted();

CREATE FUNCTION car_info_info_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE car_info_model_counts c SET with_info = c.with_info - 1
      FROM car_types t WHERE t.id = OLD.type_id AND t.state = 'active' AND c.model_id = t.model_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE car_info_model_counts c SET with_info = c.with_info + 1
      FROM car_types t WHERE t.id = NEW.type_id AND t.state = 'active' AND c.model_id = t.model_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER car_info_info_counted AFTER INSERT OR DELETE OR UPDATE OF type_id ON car_info
  FOR EACH ROW EXECUTE FUNCTION car_info_info_counted();

INSERT INTO car_info_model_counts (model_id, types, with_info)
SELECT t.model_id, count(*), count(i.type_id) FROM car_types t LEFT JOIN car_info i ON i.type_id = t.id WHERE t.state = 'active' GROUP BY t.model_id;

-- 2. A type's name searched anywhere in it (the list's search is "contains", ILIKE): every
--    suffix of the lower-cased name is a lexeme, so "contains w" is "some lexeme starts with w",
--    a prefix query a GIN index answers. PostgreSQL runs in the C locale here, where trigrams
--    drop Persian letters. An index on the catalogue's car_types (decision 128 says why).
CREATE FUNCTION car_info_suffixes(name text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT substr(lower(name), i) FROM generate_series(1, length(name)) i))
$$;
CREATE INDEX IF NOT EXISTS car_types_name_suffixes_idx ON car_types USING gin (car_info_suffixes(name_fa));
