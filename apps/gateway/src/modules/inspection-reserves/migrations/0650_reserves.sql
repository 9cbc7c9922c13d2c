-- Customers' reserves of an expert's shift cell while they pay (decisions 032, 033). While a
-- reserve waits, its cell shows "instant reserved" (availability 4) on the dispatch sheet; an
-- unpaid one expires at its deadline and frees the cell. At most one waiting reserve per cell.
CREATE TABLE inspection_reserves (
  id bigserial PRIMARY KEY,
  cell_pk bigint NOT NULL REFERENCES expert_timeslots(pk),
  customer_name text NOT NULL CHECK (length(btrim(customer_name)) > 0),
  phone_number text NOT NULL CHECK (phone_number ~ '^09[0-9]{9}$'),
  city_id integer NOT NULL REFERENCES cities(id),
  package text NOT NULL CHECK (length(package) > 0),
  price integer NOT NULL CHECK (price > 0),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'paid', 'expired', 'released')),
  reserved_at timestamptz NOT NULL DEFAULT now(),
  payment_deadline timestamptz NOT NULL,
  paid_at timestamptz,
  renewals integer NOT NULL DEFAULT 0 CHECK (renewals >= 0),
  link_sent_at timestamptz,
  link_text text,
  closed_at timestamptz,
  release_reason text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_by text NOT NULL,
  CHECK (payment_deadline > reserved_at),
  CHECK ((state = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((state = 'waiting') = (closed_at IS NULL)),
  CHECK ((link_sent_at IS NULL) = (link_text IS NULL))
);
CREATE UNIQUE INDEX inspection_reserves_one_waiting ON inspection_reserves (cell_pk) WHERE state = 'waiting';
CREATE INDEX inspection_reserves_due ON inspection_reserves (payment_deadline) WHERE state = 'waiting';
CREATE INDEX inspection_reserves_state_deadline ON inspection_reserves (state, payment_deadline, id);
CREATE INDEX inspection_reserves_reserved ON inspection_reserves (reserved_at DESC, id DESC);
CREATE INDEX inspection_reserves_cell ON inspection_reserves (cell_pk);
CREATE INDEX inspection_reserves_phone ON inspection_reserves (phone_number text_pattern_ops);
