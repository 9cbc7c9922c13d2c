-- The list's sort by resolution time over every ticket, open ones included (`ordering=-resolved_at`):
-- read in order from this index instead of sorting every ticket (64 ms at 100,000 on PGlite).
CREATE INDEX IF NOT EXISTS sell_tickets_resolved_at_sort_idx ON sell_tickets (resolved_at, pk);
