-- Affidavits (قولنامه, issue 31, decision 104). The module's migrations take 1800-1899.
CREATE TABLE affidavits (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'priced', 'purchased', 'links_sent', 'done', 'canceled')),
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  buyer_name text NOT NULL CHECK (length(btrim(buyer_name)) BETWEEN 3 AND 100),
  buyer_phone text NOT NULL CHECK (buyer_phone ~ '^09[0-9]{9}$'),
  seller_name text NOT NULL CHECK (length(btrim(seller_name)) BETWEEN 3 AND 100),
  seller_phone text NOT NULL CHECK (seller_phone ~ '^09[0-9]{9}$'),
  car_title text NOT NULL CHECK (length(btrim(car_title)) BETWEEN 2 AND 120),
  car_year integer NOT NULL CHECK (car_year BETWEEN 1360 AND 1410),
  city_id integer NOT NULL REFERENCES cities (id),
  price bigint NOT NULL CHECK (price BETWEEN 10000000 AND 1000000000000),
  fee bigint CHECK (fee > 0),
  concierge_sale_id bigint REFERENCES concierge_sales (id),
  -- The one purchase: its request id, so the same request again finds it.
  purchase_request_id uuid UNIQUE,
  purchased_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (buyer_phone <> seller_phone),
  -- Priced or later has a fee; purchased or later was purchased exactly once.
  CHECK (state IN ('draft', 'canceled') OR fee IS NOT NULL),
  CHECK ((state IN ('purchased', 'links_sent', 'done')) = (purchase_request_id IS NOT NULL AND purchased_at IS NOT NULL))
);
-- The list's default order, newest first, answered from the index at any depth; by state too.
CREATE INDEX affidavits_created_at ON affidavits (created_at DESC, id DESC);
CREATE INDEX affidavits_state_created ON affidavits (state, created_at DESC, id DESC);
CREATE INDEX affidavits_price ON affidavits (price, id);
CREATE INDEX affidavits_buyer_phone ON affidavits (buyer_phone text_pattern_ops);
CREATE INDEX affidavits_seller_phone ON affidavits (seller_phone text_pattern_ops);
-- Word-prefix search over the buyer's and seller's names and the car (as the sell tickets', 1300).
CREATE INDEX affidavits_search_fts ON affidavits USING gin (to_tsvector('simple', buyer_name || ' ' || seller_name || ' ' || car_title));
CREATE INDEX affidavits_city_created ON affidavits (city_id, created_at DESC, id DESC);

-- The documents of an affidavit; the file itself is in the shared media store.
CREATE TABLE affidavit_documents (
  id bigserial PRIMARY KEY,
  affidavit_id bigint NOT NULL REFERENCES affidavits (id),
  media_id bigint NOT NULL REFERENCES media (id),
  kind text NOT NULL CHECK (kind IN ('affidavit', 'payment_receipt', 'other')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX affidavit_documents_affidavit ON affidavit_documents (affidavit_id, id);

-- Each payment or download link sent, once per request id (a double click is one message); the
-- message itself is in the shared outbox.
CREATE TABLE affidavit_links (
  id bigserial PRIMARY KEY,
  affidavit_id bigint NOT NULL REFERENCES affidavits (id),
  kind text NOT NULL CHECK (kind IN ('payment', 'download')),
  request_id uuid NOT NULL UNIQUE,
  target text NOT NULL,
  amount bigint CHECK (amount > 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'payment') = (amount IS NOT NULL))
);
CREATE INDEX affidavit_links_affidavit ON affidavit_links (affidavit_id, id);
