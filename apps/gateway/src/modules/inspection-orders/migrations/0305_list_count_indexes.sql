-- The order list's default view and its filters that keep many orders, at 100,000 orders
-- (bench/lists, decision 091). The list always filters by state (twelve of its states by default),
-- so each index carries the state: the page and the count are then read from the index alone,
-- never from the wide order rows (a deep page: 119 → 13 ms, the request-type count 42 → 6 ms, on
-- PGlite once vacuumed).
CREATE INDEX IF NOT EXISTS inspections_visit_state_idx ON inspections (visit_date, time_slot, pk) INCLUDE (state);
DROP INDEX IF EXISTS inspections_visit_pk_idx;
CREATE INDEX IF NOT EXISTS inspections_assistant_state_idx ON inspections (assistant, state);
CREATE INDEX IF NOT EXISTS inspections_request_type_state_idx ON inspections (request_type, state);
CREATE INDEX IF NOT EXISTS inspections_package_state_idx ON inspections (package, state);
CREATE INDEX IF NOT EXISTS inspections_qc_state_idx ON inspections (qc, state);
CREATE INDEX IF NOT EXISTS inspections_pricing_state_idx ON inspections (pricing, state);
CREATE INDEX IF NOT EXISTS inspections_city_state_idx ON inspections (city_id, state);
