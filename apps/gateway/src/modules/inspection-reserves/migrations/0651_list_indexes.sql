-- What the reserve list's search and sorts need at 100,000 reserves (bench/lists).
-- The customer's name anywhere (ILIKE '%…%'); pg_trgm: core migration 0011.
CREATE INDEX IF NOT EXISTS inspection_reserves_customer_trgm ON inspection_reserves USING gin (customer_name public.gin_trgm_ops);
-- The sorts, first page read in order from the index, within a state tab or across all.
CREATE INDEX IF NOT EXISTS inspection_reserves_state_reserved ON inspection_reserves (state, reserved_at, id);
CREATE INDEX IF NOT EXISTS inspection_reserves_customer ON inspection_reserves (customer_name, id);
CREATE INDEX IF NOT EXISTS inspection_reserves_price ON inspection_reserves (price, id);
CREATE INDEX IF NOT EXISTS inspection_reserves_deadline ON inspection_reserves (payment_deadline, id);
