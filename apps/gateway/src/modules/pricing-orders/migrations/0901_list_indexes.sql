-- The indexes decision 081 asks for, so each tab's sorts and filters read one page from an index
-- at 100,000 orders (bench/lists), and trigram indexes for the search, which matches the code,
-- name, phone or car anywhere (ILIKE '%…%'; pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS pricing_orders_status_estimated_idx ON pricing_orders (status, estimated_at, id);
CREATE INDEX IF NOT EXISTS pricing_orders_status_usage_idx ON pricing_orders (status, usage, id);
CREATE INDEX IF NOT EXISTS pricing_orders_status_year_idx ON pricing_orders (status, year, id);
CREATE INDEX IF NOT EXISTS pricing_orders_status_code_idx ON pricing_orders (status, code);
CREATE INDEX IF NOT EXISTS pricing_orders_expert_idx ON pricing_orders (expert_username, status, estimated_at);
CREATE INDEX IF NOT EXISTS pricing_orders_city_idx ON pricing_orders (city_id, status, created_at);
CREATE INDEX IF NOT EXISTS pricing_orders_model_idx ON pricing_orders (model_id, status, created_at);
CREATE INDEX IF NOT EXISTS pricing_orders_code_trgm ON pricing_orders USING gin (code public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS pricing_orders_customer_trgm ON pricing_orders USING gin (customer_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS pricing_orders_phone_trgm ON pricing_orders USING gin (phone_number public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS pricing_orders_car_trgm ON pricing_orders USING gin (brand_model public.gin_trgm_ops);
