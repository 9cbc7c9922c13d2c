-- اسکیماهای کارشناسی (report-schemas, issue 32, decision 110). Its migrations take 2100-2199.
-- A schema is a name and a slug over immutable versions of its tree; one active schema per
-- vehicle type (the primary key of report_schema_activations); brand-model customisations are
-- patches over one master version.
CREATE TABLE report_schemas (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 2 AND 60),
  vehicle_types text[] NOT NULL CHECK (cardinality(vehicle_types) > 0 AND vehicle_types <@ ARRAY['light_car', 'heavy_car', 'motorcycle']),
  -- The vehicle types it is active for: kept with report_schema_activations in one transaction.
  active_for text[] NOT NULL DEFAULT '{}' CHECK (active_for <@ vehicle_types),
  is_active boolean GENERATED ALWAYS AS (cardinality(active_for) > 0) STORED,
  version integer NOT NULL CHECK (version >= 1),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schemas_updated ON report_schemas (updated_at DESC, id DESC);
CREATE INDEX report_schemas_active_updated ON report_schemas (is_active, updated_at DESC, id DESC);
CREATE INDEX report_schemas_name ON report_schemas (name, id);
CREATE INDEX report_schemas_types ON report_schemas USING gin (vehicle_types);
CREATE INDEX report_schemas_name_trgm ON report_schemas USING gin (name public.gin_trgm_ops);
CREATE INDEX report_schemas_slug_trgm ON report_schemas USING gin (slug public.gin_trgm_ops);

-- Every saved version; a published version never changes (the trigger refuses it).
CREATE TABLE report_schema_versions (
  schema_id bigint NOT NULL REFERENCES report_schemas (id),
  version integer NOT NULL CHECK (version >= 1),
  tree jsonb NOT NULL CHECK (jsonb_typeof(tree) = 'array' AND jsonb_array_length(tree) > 0),
  field_count integer NOT NULL CHECK (field_count >= 0),
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schema_id, version)
);
CREATE FUNCTION report_schema_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a published schema version never changes' USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER report_schema_version_frozen BEFORE UPDATE OR DELETE ON report_schema_versions FOR EACH ROW EXECUTE FUNCTION report_schema_version_frozen();

-- One active schema per vehicle type: the key says so.
CREATE TABLE report_schema_activations (
  vehicle_type text PRIMARY KEY CHECK (vehicle_type IN ('light_car', 'heavy_car', 'motorcycle')),
  schema_id bigint NOT NULL REFERENCES report_schemas (id),
  activated_by text NOT NULL,
  activated_at timestamptz NOT NULL DEFAULT now()
);

-- A brand-model's customisation: a patch over one master version (decision 110).
CREATE TABLE report_schema_customisations (
  schema_id bigint NOT NULL REFERENCES report_schemas (id),
  model_id integer NOT NULL REFERENCES car_models (id),
  base_version integer NOT NULL,
  patch jsonb NOT NULL CHECK (jsonb_typeof(patch) = 'object'),
  row_version integer NOT NULL DEFAULT 1 CHECK (row_version >= 1),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schema_id, model_id),
  FOREIGN KEY (schema_id, base_version) REFERENCES report_schema_versions (schema_id, version)
);

-- Reports filled (or being filled) on a version: what "impact before publish" counts. No module
-- keeps filled reports yet, so the demo seed makes a plausible table of them (decision 110).
CREATE TABLE report_schema_reports (
  id bigserial PRIMARY KEY,
  schema_id bigint NOT NULL,
  version integer NOT NULL,
  inspection_code text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (schema_id, version) REFERENCES report_schema_versions (schema_id, version)
);
CREATE INDEX report_schema_reports_version ON report_schema_reports (schema_id, version, state);

-- Who has a schema open in the editor, refreshed while the editor is open (presence).
CREATE TABLE report_schema_editors (
  schema_id bigint NOT NULL REFERENCES report_schemas (id),
  username text NOT NULL,
  fullname text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schema_id, username)
);
