-- The words of the order search (decision 123, stop 49). The search matches each typed word as
-- the start of a word of the name, car or seller (`'رضا:*'`); the GIN index answers a prefix by
-- collecting every row of every matching word into a bitmap before it intersects them, and for a
-- common first name at 1,000,000 orders that is ~70,000 rows a word: 120-400 ms for a two-word
-- name, against 5 ms for the same words matched exactly. This table holds every word the index
-- holds, so the gateway first turns a typed word into the few whole words it starts (one b-tree
-- range) and asks the index for those exactly. It only grows: a word no order has any more is
-- matched by no row, which costs nothing.
CREATE TABLE IF NOT EXISTS inspection_search_words (word text COLLATE "C" PRIMARY KEY);

CREATE OR REPLACE FUNCTION inspection_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inspection_search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', n.customer_name || ' ' || n.brand_model || ' ' || coalesce(n.seller_name, ''))))
      FROM new_rows n
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Once per statement, over the rows it wrote (a bulk insert of a million orders is one pass).
DROP TRIGGER IF EXISTS inspection_search_words_insert ON inspections;
CREATE TRIGGER inspection_search_words_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_search_words_add();
DROP TRIGGER IF EXISTS inspection_search_words_update ON inspections;
CREATE TRIGGER inspection_search_words_update AFTER UPDATE ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_search_words_add();

INSERT INTO inspection_search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', customer_name || ' ' || brand_model || ' ' || coalesce(seller_name, ''))))
    FROM inspections
ON CONFLICT DO NOTHING;
