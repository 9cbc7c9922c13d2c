-- Divar post tokens (issue 16, decision 084): the marketplace's post token of an external advert,
-- linked to a car post or to a concierge sale (never both), or to nothing (unlinked). A token is
-- one row for life (its history stays with it); it links to at most one thing at a time, and a
-- car post or a sale has at most one token at a time.
CREATE TABLE divar_tokens (
  id bigserial PRIMARY KEY,
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9]{8}$'),
  car_post_id bigint REFERENCES car_posts (id),
  concierge_sale_id bigint REFERENCES concierge_sales (id),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  linked_at timestamptz,
  linked_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL CHECK (length(btrim(created_by)) > 0),
  -- Exactly one target when linked, none when not; who linked it and when go with the link.
  CHECK (num_nonnulls(car_post_id, concierge_sale_id) <= 1),
  CHECK ((num_nonnulls(car_post_id, concierge_sale_id) = 1) = (linked_at IS NOT NULL AND linked_by IS NOT NULL)),
  -- The key the sale's copy of its token references (below).
  UNIQUE (token, concierge_sale_id)
);
CREATE UNIQUE INDEX divar_tokens_car_post_idx ON divar_tokens (car_post_id) WHERE car_post_id IS NOT NULL;
CREATE UNIQUE INDEX divar_tokens_sale_idx ON divar_tokens (concierge_sale_id) WHERE concierge_sale_id IS NOT NULL;
CREATE INDEX divar_tokens_created_idx ON divar_tokens (created_at DESC, id DESC);

-- One truth: the concierge sale's `divar_post_token` (shown in the sale detail) is a copy of
-- this table's link, written only by the divar-tokens service in the transaction that links or
-- unlinks. The foreign key makes a copy that disagrees impossible: a sale may name a token only
-- when that token's row links to that very sale. Sales seeded before this table keep their
-- well-formed tokens as links; others lose the copy.
UPDATE concierge_sales SET divar_post_token = NULL, divar_post_link = NULL WHERE divar_post_token IS NOT NULL AND divar_post_token !~ '^[A-Za-z0-9]{8}$';
INSERT INTO divar_tokens (token, concierge_sale_id, linked_at, linked_by, created_at, created_by)
  SELECT divar_post_token, id, updated_at, 'سامانه', updated_at, 'سامانه' FROM concierge_sales WHERE divar_post_token IS NOT NULL;
ALTER TABLE concierge_sales ADD CONSTRAINT concierge_sales_divar_token_fk FOREIGN KEY (divar_post_token, id) REFERENCES divar_tokens (token, concierge_sale_id);
