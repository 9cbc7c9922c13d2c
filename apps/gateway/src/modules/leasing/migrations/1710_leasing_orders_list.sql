-- The orders list's filters by provider and city keep the list's order (created_at DESC, id DESC)
-- in the index, so a filtered page and its count read an index alone (issue 30, bench/lists).
CREATE INDEX leasing_orders_provider_idx ON leasing_orders (provider_id, created_at DESC, id DESC);
CREATE INDEX leasing_orders_city_idx ON leasing_orders (city_id, created_at DESC, id DESC);
