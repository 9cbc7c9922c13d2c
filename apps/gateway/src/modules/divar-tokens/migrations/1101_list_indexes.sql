-- The token search matches anywhere in the token (ILIKE '%…%'): a trigram index serves it at
-- 100,000 tokens (bench/lists; pg_trgm: core migration 0011).
CREATE INDEX IF NOT EXISTS divar_tokens_token_trgm ON divar_tokens USING gin (token public.gin_trgm_ops);
