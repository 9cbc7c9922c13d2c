-- Deals: a deal keeps the supervisor and the city of its sale as they were when it was submitted
-- (decision 091). The deal list filters by both at 100,000 deals; through the sale it had to join
-- every sale first (a supervisor's deals: 72 ms to count on PGlite, 12 ms on the deal's own rows).
-- A sale's supervisor cannot change while it has a live deal (assign_supervisor is allowed in
-- new and assigned only), and its city never changes, so a live deal always agrees with its sale;
-- a canceled deal keeps the supervisor it had.
ALTER TABLE concierge_sale_deals ADD COLUMN supervisor_id bigint REFERENCES users (id);
ALTER TABLE concierge_sale_deals ADD COLUMN city_id integer REFERENCES cities (id);
UPDATE concierge_sale_deals d SET supervisor_id = s.supervisor_id, city_id = s.city_id FROM concierge_sales s WHERE s.id = d.sale_id;
ALTER TABLE concierge_sale_deals ALTER COLUMN city_id SET NOT NULL;
CREATE INDEX concierge_sale_deals_supervisor ON concierge_sale_deals (supervisor_id, deal_date, id);
CREATE INDEX concierge_sale_deals_city ON concierge_sale_deals (city_id, deal_date, id);

-- The sale list's yes/no and plan filters keep a fifth to a third of the sales: counted from these
-- indexes alone instead of reading every sale (36 ms → 3 ms on PGlite), and paged in their order.
CREATE INDEX concierge_sales_quick ON concierge_sales (is_quick_sale, created_at DESC, id DESC);
CREATE INDEX concierge_sales_leasing ON concierge_sales (is_leasing_available, created_at DESC, id DESC);
CREATE INDEX concierge_sales_plan ON concierge_sales (plan, created_at DESC, id DESC);
