-- The SMS history's text box and its target box (when not a phone's start) match anywhere
-- (ILIKE '%…%'): trigram indexes serve them on a large outbox (pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS outbox_text_trgm ON outbox USING gin (text public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS outbox_target_trgm ON outbox USING gin (target public.gin_trgm_ops);
