-- Price-estimation requests (issue 16): a car (catalogue model and year) a customer wants priced;
-- a price expert takes one (IP), enters the band (DO). Decision 081.
CREATE TABLE pricing_orders (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[0-9]{6,10}$'),
  status text NOT NULL DEFAULT 'PE' CHECK (status IN ('PE', 'IP', 'DO')),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  model_id integer NOT NULL REFERENCES car_models (id),
  brand_model text NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 1300 AND 2100),
  usage integer NOT NULL CHECK (usage >= 0),
  city_id integer NOT NULL REFERENCES cities (id),
  customer_name text NOT NULL CHECK (length(btrim(customer_name)) > 0),
  phone_number text NOT NULL CHECK (phone_number ~ '^09[0-9]{9}$'),
  description text NOT NULL DEFAULT '',
  expert_username text,
  expert_name text,
  estimate_min bigint CHECK (estimate_min IS NULL OR estimate_min > 0),
  estimate_max bigint,
  expert_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  estimated_at timestamptz,
  CHECK (estimate_max IS NULL OR estimate_max >= estimate_min),
  CHECK ((status = 'PE') = (expert_username IS NULL)),
  CHECK ((status = 'DO') = (estimate_min IS NOT NULL AND estimate_max IS NOT NULL AND estimated_at IS NOT NULL))
);
CREATE INDEX pricing_orders_status_idx ON pricing_orders (status, created_at, id);
CREATE INDEX pricing_orders_model_year_idx ON pricing_orders (model_id, year, estimated_at DESC);
