-- The ticket search matches anywhere in the title, the description and the order code
-- (ILIKE '%…%'): trigram indexes serve it at 100,000 tickets (bench/lists; pg_trgm: core
-- migration 0011). PostgreSQL combines the three with a BitmapOr.
CREATE INDEX IF NOT EXISTS tickets_title_trgm ON tickets USING gin (title public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS tickets_description_trgm ON tickets USING gin (description public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS tickets_order_code_trgm ON tickets USING gin (order_code public.gin_trgm_ops);
