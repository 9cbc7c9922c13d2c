-- Word-prefix search over names and cars ('رضا' finds 'رضایی', 'پژو ۲۰۶' finds 'پژو ۲۰۶ تیپ ۲')
-- served by a GIN index, so a name search stays fast at 100,000 orders. The 'simple' config
-- only lowercases and splits on non-letters: right for Persian, which PostgreSQL does not stem.
CREATE INDEX IF NOT EXISTS inspections_search_fts_idx ON inspections
  USING gin (to_tsvector('simple', customer_name || ' ' || brand_model || ' ' || coalesce(seller_name, '')));
