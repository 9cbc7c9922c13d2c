-- What the sale, deal and buyers' offer lists need at 100,000 rows each (bench/lists).
-- Searches match names and cars anywhere (ILIKE '%…%') and tokens by prefix: trigram indexes
-- serve both (pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS concierge_sales_applicant_trgm ON concierge_sales USING gin (applicant_full_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS concierge_sales_car_trgm ON concierge_sales USING gin (car_brand_model public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS concierge_sales_token_trgm ON concierge_sales USING gin (token public.gin_trgm_ops);
-- The sale list's sorts (the id breaks ties).
CREATE INDEX IF NOT EXISTS concierge_sales_price_sort ON concierge_sales (price, id);
CREATE INDEX IF NOT EXISTS concierge_sales_usage_sort ON concierge_sales (usage, id);
CREATE INDEX IF NOT EXISTS concierge_sales_year_sort ON concierge_sales (car_brand_model_year, id);

-- Deals: found through their sale (search, supervisor, city), by buyer, and sorted by each column.
CREATE INDEX IF NOT EXISTS concierge_sale_deals_sale ON concierge_sale_deals (sale_id);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_buyer_trgm ON concierge_sale_deals USING gin (buyer_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_buyer_phone ON concierge_sale_deals (buyer_phone_number text_pattern_ops);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_state_date ON concierge_sale_deals (state, deal_date, id);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_price_sort ON concierge_sale_deals (price, id);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_commission_sort ON concierge_sale_deals (product_commission, id);
CREATE INDEX IF NOT EXISTS concierge_sale_deals_created_sort ON concierge_sale_deals (created_at, id);

-- Buyers' offers: by buyer, by state in the default order, and by amount.
CREATE INDEX IF NOT EXISTS concierge_sale_buyer_offers_buyer_trgm ON concierge_sale_buyer_offers USING gin (buyer_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS concierge_sale_buyer_offers_phone ON concierge_sale_buyer_offers (buyer_phone_number text_pattern_ops);
CREATE INDEX IF NOT EXISTS concierge_sale_buyer_offers_state_created ON concierge_sale_buyer_offers (state, created_at, id);
CREATE INDEX IF NOT EXISTS concierge_sale_buyer_offers_created ON concierge_sale_buyer_offers (created_at, id);
CREATE INDEX IF NOT EXISTS concierge_sale_buyer_offers_amount ON concierge_sale_buyer_offers (amount, id);
