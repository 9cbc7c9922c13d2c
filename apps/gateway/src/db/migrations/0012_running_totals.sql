-- Running totals kept by the database (decision 130): a summary table whose rows sum a source
-- table's rows by a key (the NPS days, the expert pay's open days, the transactions' day and
-- amount totals), in step with every insert, update and delete. One function writes the trigger
-- function and the triggers of each such table from a declaration:
--
--   SELECT running_totals(source, totals, key columns, a row's key, which rows, empty,
--                         ARRAY[column, share, ...], row_when)
--     source         the table summed ('nps_answers')
--     totals         the summary table ('nps_days'); its function and triggers are named after it
--     key columns    its primary key ('day, state, score')
--     a row's key    the same over the source row r ('nps_day(r.answered_at), r.state, r.score')
--     which rows     the rows that count, a condition over r ('true', 'r.paid IS NULL')
--     empty          'keep' a key that falls to 0 (no delete racing a concurrent insert of the
--                    same key; readers sum, so a 0 adds nothing) or 'drop' it (its first column 0)
--     column, share  pairs: a summed column and a row's share of it ('rows', '1', 'amount', 'r.amount')
--     row_when       when given, an update is a row trigger with this condition over OLD and NEW,
--                    which the database checks before calling anything (the updates that move no
--                    share cost nothing); otherwise a statement trigger over both transition tables
--
-- Inserts and deletes are statement triggers (REFERENCING NEW TABLE AS new_rows / OLD TABLE AS
-- old_rows): a statement's rows are added at once (a seed of 100,000 is one statement). A change
-- is an `INSERT … ON CONFLICT DO UPDATE` of deltas in key order, so two transactions changing the
-- same key wait for each other's row and both land; a key whose deltas sum to 0 is not written.
-- The summed columns take no CHECK (>= 0): a negative delta is checked before it meets its row.
-- The function written is plain PL/pgSQL (its statements' plans are kept per connection, as a
-- module's own would be), not one function reading its arguments on every call: a dynamic
-- statement is planned again on each row (measured in decision 130).
CREATE FUNCTION running_totals(source text, totals text, keys text, key_of text, counted text, empty text, shares text[], row_when text DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  by_key text;
  columns text := '';
  sums text := '';
  adds text := '';
  moved text := '';
  total text;
  share text;
  body text := '';
  change text;
BEGIN
  SELECT string_agg(n::text, ', ') INTO by_key FROM generate_series(1, array_length(string_to_array(keys, ','), 1)) n;
  FOR i IN 1 .. array_length(shares, 1) / 2 LOOP
    total := quote_ident(shares[2 * i - 1]);
    share := format('sum(r.running_sign * (%s))', shares[2 * i]);
    columns := columns || ', ' || total;
    sums := sums || ', ' || share;
    adds := adds || CASE WHEN i > 1 THEN ', ' ELSE '' END || format('%1$s = t.%1$s + EXCLUDED.%1$s', total);
    moved := moved || CASE WHEN i > 1 THEN ' OR ' ELSE '' END || share || ' <> 0';
  END LOOP;
  -- One branch a kind of change, each naming only what its trigger has (an insert has no
  -- old_rows); PL/pgSQL plans a branch when it is first taken.
  FOREACH change IN ARRAY ARRAY[
    'TG_LEVEL = ''ROW''|SELECT -1 AS running_sign, (OLD).* UNION ALL SELECT 1, (NEW).*',
    'TG_OP = ''INSERT''|SELECT 1 AS running_sign, n.* FROM new_rows n',
    'TG_OP = ''DELETE''|SELECT -1 AS running_sign, o.* FROM old_rows o',
    'true|SELECT -1 AS running_sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n'
  ] LOOP
    body := body || format(E'  %s %s THEN\n    INSERT INTO %I AS t (%s%s)\n    SELECT %s%s FROM (%s) r WHERE %s GROUP BY %s HAVING %s ORDER BY %s\n    ON CONFLICT (%s) DO UPDATE SET %s;\n',
      CASE WHEN body = '' THEN 'IF' ELSE 'ELSIF' END, split_part(change, '|', 1), totals, keys, columns,
      key_of, sums, split_part(change, '|', 2), counted, by_key, moved, by_key, keys, adds);
    IF empty = 'drop' THEN
      body := body || format(E'    DELETE FROM %I t WHERE t.%I = 0 AND (%s) IN (SELECT %s FROM (%s) r WHERE %s);\n',
        totals, shares[1], keys, key_of, split_part(change, '|', 2), counted);
    END IF;
  END LOOP;
  EXECUTE format(E'CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$\nBEGIN\n%s  END IF;\n  RETURN NULL;\nEND $body$',
    totals || '_follow', body);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', totals || '_on_insert', source, totals || '_follow');
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', totals || '_on_delete', source, totals || '_follow');
  IF row_when IS NULL THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', totals || '_on_update', source, totals || '_follow');
  ELSE
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW WHEN (%s) EXECUTE FUNCTION %I()', totals || '_on_update', source, row_when, totals || '_follow');
  END IF;
END $$;
