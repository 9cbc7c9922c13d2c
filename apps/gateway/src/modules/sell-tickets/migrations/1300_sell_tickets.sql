-- The sale team's tickets (/panel/sell-tickets, issue 16) on the ticket kit (decision 086): what a
-- seller, a buyer or a sales expert raises, assigned to a member of the sale team, about a
-- concierge sale or a car post where it concerns one.
CREATE TABLE sell_tickets (
  pk bigserial PRIMARY KEY,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('pricing', 'buyer_visit', 'documents', 'payment', 'post_edit', 'other')),
  customer_name text NOT NULL CHECK (length(btrim(customer_name)) > 0),
  customer_phone text NOT NULL CHECK (customer_phone ~ '^09[0-9]{9}$'),
  city_id integer NOT NULL REFERENCES cities (id),
  -- The sale team's member it is assigned to (spec §2 `assistant`), and the sales expert it concerns (`expert`).
  assistant text NOT NULL REFERENCES users (username),
  sales_expert_id bigint REFERENCES users (id),
  concierge_sale_id bigint REFERENCES concierge_sales (id),
  car_post_id bigint REFERENCES car_posts (id),
  resolved boolean NOT NULL DEFAULT false,
  resolved_at timestamptz,
  resolved_by text,
  resolution_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- At most one subject; resolved exactly when it says who and when; never resolved before it was opened.
  CHECK (num_nonnulls(concierge_sale_id, car_post_id) <= 1),
  CHECK (resolved = (resolved_at IS NOT NULL AND resolved_by IS NOT NULL)),
  CHECK (resolved_at IS NULL OR resolved_at >= created_at)
);
-- The list's order (newest first) and each filter of spec §2 in that order, so a page of a
-- hundred thousand tickets is an index range, not a sort.
CREATE INDEX sell_tickets_created_idx ON sell_tickets (created_at DESC, pk DESC);
CREATE INDEX sell_tickets_assistant_idx ON sell_tickets (assistant, created_at DESC, pk DESC);
CREATE INDEX sell_tickets_expert_idx ON sell_tickets (sales_expert_id, created_at DESC, pk DESC);
CREATE INDEX sell_tickets_resolved_idx ON sell_tickets (resolved, created_at DESC, pk DESC);
CREATE INDEX sell_tickets_resolved_at_idx ON sell_tickets (resolved_at DESC, pk DESC) WHERE resolved;
CREATE INDEX sell_tickets_sale_idx ON sell_tickets (concierge_sale_id) WHERE concierge_sale_id IS NOT NULL;
CREATE INDEX sell_tickets_post_idx ON sell_tickets (car_post_id) WHERE car_post_id IS NOT NULL;
-- The free-text query: a ticket number, a phone's start, or words (the GIN index below).
CREATE INDEX sell_tickets_phone_idx ON sell_tickets (customer_phone text_pattern_ops);

CREATE TABLE sell_ticket_replies (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES sell_tickets (pk) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  author_username text NOT NULL CHECK (length(btrim(author_username)) > 0),
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sell_ticket_replies_ticket_idx ON sell_ticket_replies (ticket_id, created_at, id);

-- Word-prefix search over the title and the customer's name (as the order search, 0301).
CREATE INDEX sell_tickets_search_fts_idx ON sell_tickets USING gin (to_tsvector('simple', title || ' ' || customer_name));
