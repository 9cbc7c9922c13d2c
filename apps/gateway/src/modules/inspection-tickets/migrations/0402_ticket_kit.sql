-- The ticket kit (decision 086): inspection tickets gain a replies thread, resolve and reopen by
-- the kit's state table (the action log holds who did what), and the kit's checks.
CREATE TABLE ticket_replies (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets (pk) ON DELETE CASCADE,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  author_username text NOT NULL CHECK (length(btrim(author_username)) > 0),
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_replies_ticket_idx ON ticket_replies (ticket_id, created_at, id);

ALTER TABLE tickets ADD CONSTRAINT tickets_title_check CHECK (length(btrim(title)) > 0);
-- An open ticket carries no resolution; reopening clears it.
ALTER TABLE tickets ADD CONSTRAINT tickets_open_clean_check CHECK (resolved OR (resolved_at IS NULL AND resolved_by IS NULL));
-- The list's filters other than the day and the expert (spec §2), each in the list's order.
CREATE INDEX tickets_assistant_idx ON tickets (assistant, created_at DESC, pk DESC);
CREATE INDEX tickets_resolved_idx ON tickets (resolved, created_at DESC, pk DESC);
