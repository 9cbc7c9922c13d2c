-- The experts' tickets (/panel/experts/tickets, issue 31) on the ticket kit (decision 086): an
-- expert's question or complaint, assigned to a member of staff, about an order where it concerns one.
CREATE TABLE expert_tickets (
  pk bigserial PRIMARY KEY,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('question', 'complaint', 'schedule', 'payment', 'app', 'other')),
  expert_id bigint NOT NULL REFERENCES experts (pk),
  assistant text NOT NULL REFERENCES users (username),
  inspection_id bigint REFERENCES inspections (pk),
  resolved boolean NOT NULL DEFAULT false,
  resolved_at timestamptz,
  resolved_by text,
  resolution_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (resolved = (resolved_at IS NOT NULL AND resolved_by IS NOT NULL)),
  CHECK (resolved_at IS NULL OR resolved_at >= created_at)
);
CREATE INDEX expert_tickets_created_idx ON expert_tickets (created_at DESC, pk DESC);
CREATE INDEX expert_tickets_assistant_idx ON expert_tickets (assistant, created_at DESC, pk DESC);
CREATE INDEX expert_tickets_expert_idx ON expert_tickets (expert_id, created_at DESC, pk DESC);
CREATE INDEX expert_tickets_resolved_idx ON expert_tickets (resolved, created_at DESC, pk DESC);
CREATE INDEX expert_tickets_resolved_at_sort_idx ON expert_tickets (resolved_at, pk);
CREATE INDEX expert_tickets_inspection_idx ON expert_tickets (inspection_id) WHERE inspection_id IS NOT NULL;
CREATE INDEX expert_tickets_search_fts_idx ON expert_tickets USING gin (to_tsvector('simple', title));

CREATE TABLE expert_ticket_replies (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES expert_tickets (pk) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  author_username text NOT NULL CHECK (length(btrim(author_username)) > 0),
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expert_ticket_replies_ticket_idx ON expert_ticket_replies (ticket_id, created_at, id);
