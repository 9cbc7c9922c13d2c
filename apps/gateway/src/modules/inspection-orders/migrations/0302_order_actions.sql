-- The order's own actions (decision 032): a hold is a flag with its end and reason, the price is
-- the package's with the applied pricing conditions, a cancel may refund as a discount code, and
-- a reported difference is a staff message in the order's chat thread.
ALTER TABLE inspections
  ADD COLUMN held_until timestamptz,
  ADD COLUMN hold_reason text NOT NULL DEFAULT '',
  ADD COLUMN pricing_conditions text[] NOT NULL DEFAULT '{}',
  ADD COLUMN discount_code text UNIQUE;

CREATE TABLE inspection_chat_messages (
  id bigserial PRIMARY KEY,
  inspection_pk bigint NOT NULL REFERENCES inspections(pk),
  author_username text NOT NULL,
  author_fullname text NOT NULL DEFAULT '',
  text text NOT NULL CHECK (text <> ''),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_chat_messages_order ON inspection_chat_messages (inspection_pk, at);
