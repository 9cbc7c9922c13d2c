-- Substring search (ILIKE '%…%', what the lists' search boxes do) over 100,000 rows needs
-- trigram indexes. The extension lives in `public`, once per database, so every schema (tests
-- isolate runs in their own) finds it; indexes name its operator class as public.gin_trgm_ops.
-- pg_trgm is a trusted extension: the database's owner may create it without being superuser.
-- Two schemas migrating at once may both try to create it: the loser finds it made.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
