-- The experts (issue 31, decision 105): the experts module owns the people and their areas from
-- here on. The table was made by dispatch's 0200 (the sheet's rows); this adds what staff keep
-- about a person, and the rules the database itself refuses.
ALTER TABLE experts ADD COLUMN phone_number text CHECK (phone_number ~ '^09[0-9]{9}$');
ALTER TABLE experts ADD COLUMN is_active boolean NOT NULL DEFAULT true;
ALTER TABLE experts ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE experts ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE experts ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE experts ADD CONSTRAINT experts_report_name_check CHECK (length(btrim(report_name)) BETWEEN 2 AND 100);
-- Every expert is of at least one type, and works in one to ten areas.
ALTER TABLE experts ADD CONSTRAINT experts_type_check CHECK (
  is_car_expert OR is_motor_cycle_expert OR is_concierge_sale_expert OR is_car_mechanic OR is_motor_cycle_mechanic OR is_leasing_expert);
ALTER TABLE experts ADD CONSTRAINT experts_areas_check CHECK (cardinality(areas) BETWEEN 1 AND 10);
-- One person, one phone.
CREATE UNIQUE INDEX experts_phone_idx ON experts (phone_number) WHERE phone_number IS NOT NULL;
-- The list's search by the start of a phone.
CREATE INDEX experts_phone_prefix_idx ON experts (phone_number text_pattern_ops);

-- An array cannot carry a foreign key: every area must be a dispatch area of the expert's own city.
CREATE FUNCTION experts_areas_in_city() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM unnest(NEW.areas) AS a(id)
    WHERE NOT EXISTS (SELECT 1 FROM dispatch_areas d WHERE d.id = a.id AND d.city_id = NEW.city_id)
  ) THEN
    RAISE EXCEPTION 'expert areas outside the city' USING ERRCODE = '23514', CONSTRAINT = 'experts_areas_in_city';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER experts_areas_in_city BEFORE INSERT OR UPDATE OF areas, city_id ON experts
  FOR EACH ROW EXECUTE FUNCTION experts_areas_in_city();

-- The list: its default order (by name) and each filter, answered from an index at any depth.
CREATE INDEX experts_name_idx ON experts (report_name, pk);
CREATE INDEX experts_level_idx ON experts (level, report_name, pk);
CREATE INDEX experts_city_idx ON experts (city_id, report_name, pk);
CREATE INDEX experts_areas_idx ON experts USING gin (areas);
CREATE INDEX experts_search_idx ON experts USING gin (to_tsvector('simple', report_name));
