-- The inspection catalogue (issue 29, part B; decisions 099, 100): vehicle kinds, the packages
-- sold, the standard ratio of each pricing condition, the pricing rates, and every quote locked
-- for an order or a reserve with its breakdown.

-- Exclusion constraints over plain columns (condition, city, package WITH =) need btree_gist's
-- operator classes. Like pg_trgm (0011) it is trusted and lives in `public`, once per database.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;

CREATE TABLE vehicle_kinds (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 60),
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Cities are spec §9's list (contracts' CITIES), seeded after the migrations; a package keeps the
-- ids it is sold in. Report fields are the keys of contracts' REPORT_FIELDS.
CREATE TABLE inspection_packages (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  vehicle_kind_id integer NOT NULL REFERENCES vehicle_kinds (id),
  base_price bigint NOT NULL CHECK (base_price BETWEEN 10000 AND 100000000 AND base_price % 1000 = 0),
  service_minutes integer NOT NULL CHECK (service_minutes BETWEEN 15 AND 480),
  inspection_type text NOT NULL CHECK (inspection_type IN ('both', 'uberized', 'employed')),
  city_ids integer[] NOT NULL CHECK (cardinality(city_ids) >= 1 AND array_position(city_ids, NULL) IS NULL),
  report_fields text[] NOT NULL CHECK (
    cardinality(report_fields) >= 1
    AND report_fields <@ ARRAY['body', 'chassis', 'engine', 'gearbox', 'suspension', 'brakes', 'electrical', 'interior', 'tyres', 'documents', 'road_test', 'diagnostics']
  ),
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_packages_kind ON inspection_packages (vehicle_kind_id);

-- The ratio a condition applies when staff choose it by hand and no rate is in force for it.
CREATE TABLE pricing_conditions (
  condition text PRIMARY KEY CHECK (condition IN ('holiday', 'weather', 'traffic', 'demand_peak', 'promotion', 'immediate_inspection')),
  ratio numeric(5, 3) NOT NULL CHECK (ratio BETWEEN 0.5 AND 3)
);

-- A rate: one condition's ratio on a range of days, for one city or all (NULL), one package or
-- all (NULL). Two rates of one key never cover the same day (the exclusion constraint).
CREATE TABLE pricing_rates (
  id bigserial PRIMARY KEY,
  condition text NOT NULL REFERENCES pricing_conditions (condition),
  city_id integer REFERENCES cities (id),
  package_id integer REFERENCES inspection_packages (id),
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  ratio numeric(5, 3) NOT NULL CHECK (ratio BETWEEN 0.5 AND 3),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 300),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  CONSTRAINT pricing_rates_range CHECK (ends_on >= starts_on),
  CONSTRAINT pricing_rates_no_overlap EXCLUDE USING gist (
    condition WITH =,
    (coalesce(city_id, 0)) WITH =,
    (coalesce(package_id, 0)) WITH =,
    daterange(starts_on, ends_on, '[]') WITH &&
  )
);
CREATE INDEX pricing_rates_list ON pricing_rates (starts_on DESC, id DESC);

-- What a price was when it was quoted: base × each factor = price, kept as it was then.
CREATE TABLE inspection_quotes (
  id bigserial PRIMARY KEY,
  entity text NOT NULL CHECK (entity IN ('inspection', 'inspection_reserve')),
  entity_id bigint NOT NULL,
  package_id integer NOT NULL REFERENCES inspection_packages (id),
  package text NOT NULL,
  city_id integer NOT NULL,
  day date NOT NULL,
  base_price bigint NOT NULL CHECK (base_price > 0),
  factors jsonb NOT NULL CHECK (jsonb_typeof(factors) = 'array'),
  raw_multiplier numeric(8, 3) NOT NULL CHECK (raw_multiplier > 0),
  multiplier numeric(5, 3) NOT NULL CHECK (multiplier BETWEEN 0.5 AND 2),
  capped boolean NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  explanation text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_quotes_entity ON inspection_quotes (entity, entity_id, id DESC);

-- Today's catalogue (what contracts held as a constant until issue 29), so the demo is unchanged.
INSERT INTO vehicle_kinds (name) VALUES ('سواری'), ('شاسی‌بلند'), ('وانت');
INSERT INTO inspection_packages (name, vehicle_kind_id, base_price, service_minutes, inspection_type, city_ids, report_fields)
SELECT p.name, k.id, p.price, p.minutes, p.kind, ARRAY[1, 2, 3, 4, 5, 6, 7, 12, 1763, 1751, 150, 103], p.fields
FROM (VALUES
  ('کارشناسی پایه', 650000, 45, 'both', ARRAY['body', 'chassis', 'engine', 'gearbox', 'documents']),
  ('کارشناسی استاندارد', 950000, 60, 'both', ARRAY['body', 'chassis', 'engine', 'gearbox', 'suspension', 'brakes', 'electrical', 'tyres', 'documents']),
  ('کارشناسی جامع', 1450000, 90, 'employed', ARRAY['body', 'chassis', 'engine', 'gearbox', 'suspension', 'brakes', 'electrical', 'interior', 'tyres', 'documents', 'road_test', 'diagnostics']),
  ('کارشناسی فوری', 1900000, 60, 'uberized', ARRAY['body', 'chassis', 'engine', 'gearbox', 'suspension', 'brakes', 'electrical', 'tyres', 'documents'])
) AS p (name, price, minutes, kind, fields)
CROSS JOIN (SELECT id FROM vehicle_kinds WHERE name = 'سواری') AS k;
-- The percents of decision 032, now the conditions' standard ratios.
INSERT INTO pricing_conditions (condition, ratio) VALUES
  ('holiday', 1.2), ('weather', 1.1), ('traffic', 1.1), ('demand_peak', 1.15), ('promotion', 0.9), ('immediate_inspection', 1.3);
