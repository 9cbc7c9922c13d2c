-- What the car-post queue needs at 100,000 posts (bench/lists).
-- The search and the sales-expert filter match anywhere (ILIKE/LIKE '%…%'): trigram indexes on
-- each column they look in (pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS car_posts_title_trgm ON car_posts USING gin (title public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_token_trgm ON car_posts USING gin (token public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_owner_trgm ON car_posts USING gin (owner_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_owner_phone_trgm ON car_posts USING gin (owner_phone_number public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_brand_model_trgm ON car_posts USING gin (brand_model public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_expert_trgm ON car_posts USING gin (sales_expert_name public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS car_posts_expert_phone_trgm ON car_posts USING gin (sales_expert_phone_number public.gin_trgm_ops);
-- The "all" tab's sorts (no state to lead the index).
CREATE INDEX IF NOT EXISTS car_posts_submitted_all_idx ON car_posts (submitted_at, id);
CREATE INDEX IF NOT EXISTS car_posts_created_all_idx ON car_posts (created_at, id);
CREATE INDEX IF NOT EXISTS car_posts_price_all_idx ON car_posts (price, id);
