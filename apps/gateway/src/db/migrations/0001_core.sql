-- Tables shared by several modules. Each module owns the rest in its own migrations folder.

CREATE TABLE cities (
  id integer PRIMARY KEY,
  name text NOT NULL,
  key text NOT NULL
);

-- An inspection order. `state` holds both vocabularies of the spec: the order-list states
-- (R A C P M T O E I S Q W) and the dispatch inspection states (E O M T I S D Q W F).
CREATE TABLE inspections (
  pk bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  state text NOT NULL,
  customer_name text NOT NULL,
  phone_number text NOT NULL,
  city_id integer NOT NULL REFERENCES cities(id),
  inspection_center text,
  center text,
  visit_place text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  brand_model text NOT NULL,
  package text NOT NULL,
  visit_date date,
  visit_time text,
  time_slot text,
  price bigint NOT NULL DEFAULT 0,
  concierge_sale bigint,
  operation_note text NOT NULL DEFAULT '',
  is_canceled boolean NOT NULL DEFAULT false,
  price_diff bigint NOT NULL DEFAULT 0,
  is_immediate boolean NOT NULL DEFAULT false,
  seller_name text,
  seller_phone_number text,
  request_type text NOT NULL DEFAULT 'web',
  assistant text,
  expert_id bigint,
  mechanic_id bigint,
  qc boolean NOT NULL DEFAULT false,
  pricing boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX inspections_state_idx ON inspections (state);
CREATE INDEX inspections_visit_idx ON inspections (visit_date, time_slot);
CREATE INDEX inspections_phone_idx ON inspections (phone_number);
