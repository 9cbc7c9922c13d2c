-- Concierge sales (issue 15, decision 070): a customer's car the company sells for them, from the
-- phone lead to the deal. People are users (supervisor, sales expert, follower, price expert);
-- the car is a model of the brand-model catalogue, kept with its full name as registered.
CREATE TABLE concierge_sales (
  id bigserial PRIMARY KEY,
  token text NOT NULL UNIQUE CHECK (token ~ '^cs-[0-9a-z]{6,}$'),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'assigned', 'on_offer', 'in_deal', 'sold', 'canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  applicant_full_name text NOT NULL CHECK (length(btrim(applicant_full_name)) > 0),
  applicant_type text NOT NULL DEFAULT 'owner' CHECK (applicant_type IN ('owner', 'agent')),
  phone_number text NOT NULL CHECK (phone_number ~ '^09[0-9]{9}$'),
  city_id integer NOT NULL REFERENCES cities (id),
  address text NOT NULL DEFAULT '',
  car_model_id integer NOT NULL REFERENCES car_models (id),
  car_brand_model text NOT NULL CHECK (length(btrim(car_brand_model)) > 0),
  car_brand_model_year integer NOT NULL CHECK (car_brand_model_year BETWEEN 1360 AND 2100),
  usage integer NOT NULL CHECK (usage >= 0),
  car_color text,
  car_options text[] NOT NULL DEFAULT '{}',
  car_health_description text,
  health_description text,
  health_detail jsonb NOT NULL DEFAULT '{}',
  health_state text CHECK (health_state IN ('healthy', 'minor', 'major')),
  painted_parts text[] NOT NULL DEFAULT '{}',
  damaged_parts text[] NOT NULL DEFAULT '{}',
  changed_parts text[] NOT NULL DEFAULT '{}',
  smoothed_parts text[] NOT NULL DEFAULT '{}',
  -- The price the customer asks, then the price expert's bounds.
  price bigint CHECK (price > 0),
  min_price bigint CHECK (min_price > 0),
  max_price bigint CHECK (max_price > 0),
  pricing_description text,
  inspection_price bigint CHECK (inspection_price >= 0),
  plan text NOT NULL CHECK (plan IN ('standard', 'gold', 'express')),
  is_quick_sale boolean NOT NULL DEFAULT false,
  is_leasing_available boolean NOT NULL DEFAULT false,
  is_warrantied boolean NOT NULL DEFAULT false,
  warranty_number text,
  pos_receipt_number text,
  is_new_financial_model boolean NOT NULL DEFAULT true,
  is_count_in_offer boolean NOT NULL DEFAULT false,
  offer_supervisor text,
  supervisor_id bigint REFERENCES users (id),
  sales_expert_id bigint REFERENCES users (id),
  follower_id bigint REFERENCES users (id),
  price_expert_id bigint REFERENCES users (id),
  reagent_switch_id text,
  car_post_token text,
  car_post_link text,
  divar_post_token text,
  divar_post_link text,
  operator_note text,
  description text,
  cancel_reason_types text[] NOT NULL DEFAULT '{}',
  available_city boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  CHECK (min_price IS NULL OR max_price IS NULL OR min_price <= max_price),
  -- On offer exactly while counted in the buyers' offers.
  CHECK ((status = 'on_offer') = is_count_in_offer),
  CHECK (status = 'new' OR supervisor_id IS NOT NULL OR status = 'canceled'),
  CHECK ((status = 'canceled') = (cardinality(cancel_reason_types) > 0)),
  CHECK (NOT is_warrantied OR warranty_number IS NOT NULL)
);
CREATE INDEX concierge_sales_created ON concierge_sales (created_at DESC, id DESC);
CREATE INDEX concierge_sales_phone ON concierge_sales (phone_number text_pattern_ops);
CREATE INDEX concierge_sales_status ON concierge_sales (status, created_at DESC);
CREATE INDEX concierge_sales_supervisor ON concierge_sales (supervisor_id, created_at DESC);
CREATE INDEX concierge_sales_expert ON concierge_sales (sales_expert_id, created_at DESC);
CREATE INDEX concierge_sales_city ON concierge_sales (city_id, created_at DESC);

-- Buyers' offers on a sale on offer (the public endpoint takes them).
CREATE TABLE concierge_sale_buyer_offers (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  buyer_name text NOT NULL CHECK (length(btrim(buyer_name)) > 0),
  buyer_phone_number text NOT NULL CHECK (buyer_phone_number ~ '^09[0-9]{9}$'),
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'closed')),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX concierge_sale_buyer_offers_sale ON concierge_sale_buyer_offers (sale_id, created_at DESC);
CREATE INDEX concierge_sale_buyer_offers_open ON concierge_sale_buyer_offers (created_at DESC) WHERE state = 'open';
CREATE UNIQUE INDEX concierge_sale_buyer_offers_one_accepted ON concierge_sale_buyer_offers (sale_id) WHERE state = 'accepted';

-- A sale's deal: at most one that is not canceled. Commission amounts are kept as computed when
-- the deal was submitted (decision 070).
CREATE TABLE concierge_sale_deals (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'canceled')),
  buyer_name text NOT NULL CHECK (length(btrim(buyer_name)) > 0),
  buyer_phone_number text NOT NULL CHECK (buyer_phone_number ~ '^09[0-9]{9}$'),
  buyer_offer_id bigint REFERENCES concierge_sale_buyer_offers (id),
  price bigint NOT NULL CHECK (price > 0),
  deal_date date NOT NULL,
  description text,
  sale_commission_percent numeric(5, 2) NOT NULL CHECK (sale_commission_percent BETWEEN 0 AND 100),
  buy_commission_percent numeric(5, 2) NOT NULL CHECK (buy_commission_percent BETWEEN 0 AND 100),
  sale_commission bigint NOT NULL CHECK (sale_commission >= 0),
  buy_commission bigint NOT NULL CHECK (buy_commission >= 0),
  product_commission bigint NOT NULL CHECK (product_commission = sale_commission + buy_commission),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_by text,
  approved_at timestamptz,
  canceled_reason text,
  canceled_at timestamptz,
  CHECK ((state = 'approved') = (approved_at IS NOT NULL)),
  CHECK ((state = 'canceled') = (canceled_at IS NOT NULL))
);
CREATE UNIQUE INDEX concierge_sale_deals_one_live ON concierge_sale_deals (sale_id) WHERE state <> 'canceled';
CREATE INDEX concierge_sale_deals_date ON concierge_sale_deals (deal_date DESC, id DESC);

CREATE TABLE concierge_sale_notes (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  content text NOT NULL CHECK (length(btrim(content)) > 0),
  author text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX concierge_sale_notes_sale ON concierge_sale_notes (sale_id, created_at DESC);

CREATE TABLE concierge_sale_payments (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  amount bigint NOT NULL CHECK (amount > 0),
  type text NOT NULL CHECK (type IN ('inspection', 'commission', 'deposit')),
  status text NOT NULL CHECK (status IN ('paid', 'pending', 'refunded')),
  paid_at timestamptz,
  description text,
  CHECK ((status = 'pending') = (paid_at IS NULL))
);
CREATE INDEX concierge_sale_payments_sale ON concierge_sale_payments (sale_id);

CREATE TABLE concierge_sale_pricing_items (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  title text NOT NULL CHECK (length(btrim(title)) > 0),
  price bigint NOT NULL CHECK (price >= 0)
);
CREATE INDEX concierge_sale_pricing_items_sale ON concierge_sale_pricing_items (sale_id);

CREATE TABLE concierge_sale_price_agreements (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  price bigint NOT NULL CHECK (price > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  description text
);
CREATE INDEX concierge_sale_price_agreements_sale ON concierge_sale_price_agreements (sale_id);

CREATE TABLE concierge_sale_documents (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  kind text NOT NULL CHECK (kind IN ('affidavit', 'payment_receipt', 'other')),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  url text NOT NULL CHECK (url ~ '^https?://')
);
CREATE INDEX concierge_sale_documents_sale ON concierge_sale_documents (sale_id);

CREATE TABLE concierge_sale_inspections (
  id bigserial PRIMARY KEY,
  sale_id bigint NOT NULL REFERENCES concierge_sales (id),
  token text NOT NULL UNIQUE,
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  report_url text CHECK (report_url IS NULL OR report_url ~ '^https?://')
);
CREATE INDEX concierge_sale_inspections_sale ON concierge_sale_inspections (sale_id);

-- The telephony switch's id of each sales expert (spec §3 `sales_expert.switch_user_id`), kept
-- here because the users table is the auth module's.
CREATE TABLE concierge_sales_experts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  switch_user_id text NOT NULL UNIQUE CHECK (switch_user_id ~ '^[0-9]{3,6}$')
);
