-- Leasing (issue 30, decisions 101-103): providers and their plans, orders registered with an
-- OTP, claims with instalments and payments. The money rules are the database's, not only the
-- service's: a claim's instalments always sum to its total and its payments to what it has been
-- paid (deferred constraint triggers, checked at commit), a payment's waterfall allocation sums
-- to the payment, no instalment is paid past its amount and no claim past its total (checks),
-- and payments and allocations are never changed or removed.

CREATE FUNCTION leasing_national_id_ok(code text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s integer := 0;
  r integer;
BEGIN
  IF code !~ '^[0-9]{10}$' OR code ~ '^(.)\1{9}$' THEN RETURN false; END IF;
  FOR i IN 1..9 LOOP s := s + substr(code, i, 1)::integer * (11 - i); END LOOP;
  r := s % 11;
  RETURN substr(code, 10, 1)::integer = CASE WHEN r < 2 THEN r ELSE 11 - r END;
END $$;

CREATE TABLE leasing_providers (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) > 0),
  is_active boolean NOT NULL DEFAULT true,
  conditions text[] NOT NULL DEFAULT '{}',
  city_ids integer[] NOT NULL DEFAULT '{}'
);

CREATE TABLE leasing_plan_groups (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES leasing_providers (id),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  UNIQUE (provider_id, name)
);

CREATE TABLE leasing_plans (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES leasing_plan_groups (id),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  vehicle_type text NOT NULL DEFAULT 'light_car' CHECK (vehicle_type IN ('light_car', 'heavy_car', 'motorcycle')),
  annual_rate numeric(5, 2) NOT NULL CHECK (annual_rate >= 0 AND annual_rate <= 100),
  min_down_percent integer NOT NULL CHECK (min_down_percent BETWEEN 0 AND 90),
  months integer[] NOT NULL CHECK (cardinality(months) > 0 AND 1 <= ALL (months) AND 60 >= ALL (months)),
  is_active boolean NOT NULL DEFAULT true,
  UNIQUE (group_id, name)
);

-- A plan's matching: the brand-models it applies to.
CREATE TABLE leasing_plan_models (
  plan_id integer NOT NULL REFERENCES leasing_plans (id) ON DELETE CASCADE,
  model_id integer NOT NULL REFERENCES car_models (id),
  PRIMARY KEY (plan_id, model_id)
);
CREATE INDEX leasing_plan_models_model_idx ON leasing_plan_models (model_id);

-- One-time codes for registering an order: only the hash is kept; the code is in the gateway's log.
CREATE TABLE leasing_otps (
  id bigserial PRIMARY KEY,
  phone_number text NOT NULL CHECK (phone_number ~ '^09[0-9]{9}$'),
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 5),
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_otps_phone_idx ON leasing_otps (phone_number, created_at DESC);

CREATE TABLE leasing_orders (
  id bigserial PRIMARY KEY,
  code text GENERATED ALWAYS AS ('L' || lpad(id::text, 6, '0')) STORED UNIQUE,
  state text NOT NULL DEFAULT 'registered'
    CHECK (state IN ('registered', 'documents', 'provider_review', 'approved', 'contract_signed', 'delivered', 'rejected', 'canceled')),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  customer_name text NOT NULL CHECK (length(btrim(customer_name)) >= 3),
  national_id text NOT NULL CHECK (leasing_national_id_ok(national_id)),
  phone_number text NOT NULL CHECK (phone_number ~ '^09[0-9]{9}$'),
  city_id integer NOT NULL REFERENCES cities (id),
  provider_id integer NOT NULL REFERENCES leasing_providers (id),
  plan_id integer NOT NULL REFERENCES leasing_plans (id),
  car_title text NOT NULL CHECK (length(btrim(car_title)) >= 2),
  price bigint NOT NULL CHECK (price > 0),
  down_payment bigint NOT NULL CHECK (down_payment >= 0 AND down_payment < price),
  months integer NOT NULL CHECK (months BETWEEN 1 AND 60),
  annual_rate numeric(5, 2) NOT NULL CHECK (annual_rate >= 0 AND annual_rate <= 100),
  monthly bigint NOT NULL CHECK (monthly > 0),
  total bigint NOT NULL CHECK (total >= price - down_payment),
  start_day date NOT NULL,
  reject_reason text CHECK (reject_reason IN ('credit', 'documents', 'guarantor', 'price', 'customer')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX leasing_orders_state_idx ON leasing_orders (state, created_at DESC, id DESC);
CREATE INDEX leasing_orders_created_idx ON leasing_orders (created_at DESC, id DESC);
CREATE INDEX leasing_orders_phone_idx ON leasing_orders (phone_number text_pattern_ops);
CREATE INDEX leasing_orders_customer_trgm ON leasing_orders USING gin (customer_name public.gin_trgm_ops);

-- Documents of an order, kept by the media store.
CREATE TABLE leasing_order_files (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES leasing_orders (id),
  media_id bigint NOT NULL REFERENCES media (id),
  kind text NOT NULL CHECK (kind IN ('national_card', 'payslip', 'guarantee', 'contract', 'other')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_order_files_order_idx ON leasing_order_files (order_id);

CREATE TABLE leasing_order_notes (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES leasing_orders (id),
  text text NOT NULL CHECK (length(btrim(text)) > 0),
  author text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_order_notes_order_idx ON leasing_order_notes (order_id, created_at DESC);

-- Each row of a bulk update, once per request (decision 102): a retry of the same request does
-- not apply a row that already succeeded.
CREATE TABLE leasing_bulk_rows (
  request_id uuid NOT NULL,
  order_id bigint NOT NULL,
  action text NOT NULL,
  ok boolean NOT NULL,
  message text NOT NULL,
  state text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, order_id)
);

CREATE TABLE leasing_claims (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES leasing_orders (id),
  state text NOT NULL DEFAULT 'current' CHECK (state IN ('current', 'followup', 'legal', 'settled')),
  step text CHECK (step IN ('reminder', 'call', 'notice', 'guarantor')),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  total bigint NOT NULL CHECK (total > 0),
  -- The balance (total - paid) never goes below zero.
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= total),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_claims_state_idx ON leasing_claims (state, id DESC);

CREATE TABLE leasing_instalments (
  id bigserial PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES leasing_claims (id),
  seq integer NOT NULL CHECK (seq > 0),
  due_date date NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= amount),
  UNIQUE (claim_id, seq)
);
CREATE INDEX leasing_instalments_unpaid_idx ON leasing_instalments (due_date, claim_id) WHERE paid < amount;

CREATE TABLE leasing_payments (
  id bigserial PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES leasing_claims (id),
  request_id uuid NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  receipt text NOT NULL CHECK (length(btrim(receipt)) > 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_payments_claim_idx ON leasing_payments (claim_id, created_at);

-- The waterfall of one payment: which instalment got how much.
CREATE TABLE leasing_payment_allocations (
  payment_id bigint NOT NULL REFERENCES leasing_payments (id),
  instalment_id bigint NOT NULL REFERENCES leasing_instalments (id),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (payment_id, instalment_id)
);

CREATE TABLE leasing_claim_notes (
  id bigserial PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES leasing_claims (id),
  category text NOT NULL CHECK (category IN ('call', 'promise', 'dispute', 'legal', 'other')),
  text text NOT NULL CHECK (length(btrim(text)) > 0),
  author text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leasing_claim_notes_claim_idx ON leasing_claim_notes (claim_id, created_at DESC);

-- A payment adds to its claim's paid (the claim's check refuses a balance below zero); an
-- allocation adds to its instalment's paid (the instalment's check refuses paying past it).
CREATE FUNCTION leasing_payment_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leasing_claims SET paid = paid + NEW.amount, updated_at = now() WHERE id = NEW.claim_id;
  RETURN NEW;
END $$;
CREATE TRIGGER leasing_payment_applied AFTER INSERT ON leasing_payments FOR EACH ROW EXECUTE FUNCTION leasing_payment_applied();

CREATE FUNCTION leasing_allocation_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT claim_id FROM leasing_payments WHERE id = NEW.payment_id) IS DISTINCT FROM (SELECT claim_id FROM leasing_instalments WHERE id = NEW.instalment_id) THEN
    RAISE EXCEPTION 'allocation of payment % to an instalment of another claim', NEW.payment_id USING ERRCODE = '23514';
  END IF;
  UPDATE leasing_instalments SET paid = paid + NEW.amount WHERE id = NEW.instalment_id;
  RETURN NEW;
END $$;
CREATE TRIGGER leasing_allocation_applied AFTER INSERT ON leasing_payment_allocations FOR EACH ROW EXECUTE FUNCTION leasing_allocation_applied();

CREATE FUNCTION leasing_money_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'leasing payments and their allocations are never changed or removed' USING ERRCODE = '23514';
END $$;
CREATE TRIGGER leasing_payments_permanent BEFORE UPDATE OR DELETE ON leasing_payments FOR EACH ROW EXECUTE FUNCTION leasing_money_is_permanent();
CREATE TRIGGER leasing_allocations_permanent BEFORE UPDATE OR DELETE ON leasing_payment_allocations FOR EACH ROW EXECUTE FUNCTION leasing_money_is_permanent();

-- At commit: a payment's allocations sum to the payment.
CREATE FUNCTION leasing_payment_allocated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE allocated bigint;
BEGIN
  SELECT COALESCE(sum(amount), 0) INTO allocated FROM leasing_payment_allocations WHERE payment_id = NEW.id;
  IF allocated <> NEW.amount THEN
    RAISE EXCEPTION 'payment % of % is allocated %', NEW.id, NEW.amount, allocated USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER leasing_payment_allocated AFTER INSERT ON leasing_payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION leasing_payment_allocated();

-- At commit: a claim's instalments sum to its total, what they were paid to what it was paid,
-- and it is settled exactly when paid in full.
CREATE FUNCTION leasing_claim_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  claim bigint;
  want_total bigint;
  want_paid bigint;
  got_total bigint;
  got_paid bigint;
BEGIN
  IF TG_TABLE_NAME = 'leasing_claims' THEN claim := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN claim := OLD.claim_id;
  ELSE claim := NEW.claim_id;
  END IF;
  SELECT total, paid INTO want_total, want_paid FROM leasing_claims WHERE id = claim;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT COALESCE(sum(amount), 0), COALESCE(sum(paid), 0) INTO got_total, got_paid FROM leasing_instalments WHERE claim_id = claim;
  IF got_total <> want_total THEN
    RAISE EXCEPTION 'instalments of claim % sum to %, not its total %', claim, got_total, want_total USING ERRCODE = '23514';
  END IF;
  IF (SELECT state = 'settled' FROM leasing_claims WHERE id = claim) <> (want_paid = want_total) THEN
    RAISE EXCEPTION 'claim % is settled exactly when it is paid in full', claim USING ERRCODE = '23514';
  END IF;
  IF got_paid <> want_paid THEN
    RAISE EXCEPTION 'instalments of claim % were paid %, the claim %', claim, got_paid, want_paid USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER leasing_claim_balanced AFTER INSERT OR UPDATE ON leasing_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION leasing_claim_balanced();
CREATE CONSTRAINT TRIGGER leasing_instalments_balanced AFTER INSERT OR UPDATE OR DELETE ON leasing_instalments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION leasing_claim_balanced();
