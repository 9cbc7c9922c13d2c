-- What the offer list's filters, sorts and search need at 100,000 offers (bench/lists).
-- An order's offers (the sorts by the order's columns walk the order's index and join here).
CREATE INDEX IF NOT EXISTS inspection_offers_order_idx ON inspection_offers (inspection_pk, id);
-- A state tab in the default order, newest sent first.
CREATE INDEX IF NOT EXISTS inspection_offers_state_sent_idx ON inspection_offers (state, sent_at, id);
-- The deadline sort across every state (the existing deadline index holds only open offers).
CREATE INDEX IF NOT EXISTS inspection_offers_deadline_sort_idx ON inspection_offers (deadline, id);
-- The search matches the order code or the customer's name anywhere (ILIKE '%…%'); trigram
-- indexes on the orders' columns serve it (pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS inspections_code_trgm_idx ON inspections USING gin (code public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS inspections_customer_trgm_idx ON inspections USING gin (customer_name public.gin_trgm_ops);
