-- The module was called `tickets` until it became `inspection-tickets` (sell and expert tickets
-- are modules of their own). A database seeded under the old name keeps its demo tickets: the
-- seed run is renamed so it does not run a second time.
CREATE TABLE IF NOT EXISTS seed_runs (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now());
UPDATE seed_runs SET name = 'inspection-tickets' WHERE name = 'tickets';
