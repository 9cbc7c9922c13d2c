-- Running totals kept by the database (decision 130): a summary table whose rows sum a source
-- table's rows by a key (the NPS days, the expert pay's open days, the transactions' day and
-- amount totals), in step with every insert, update and delete. One trigger function for all;
-- each trigger names in its arguments what it sums:
--
--   running_totals(totals, key columns, a row's key, which rows, empty, column, share, ...)
--     totals         the summary table ('nps_days')
--     key columns    its primary key ('day, state, score')
--     a row's key    the same over the source row r ('nps_day(r.answered_at), r.state, r.score')
--     which rows     the rows that count, a condition over r ('true', 'r.paid IS NULL')
--     empty          'keep' a key that falls to 0 (no delete racing a concurrent insert of the
--                    same key; readers sum, so a 0 adds nothing) or 'drop' it (its first column 0)
--     column, share  then pairs: a summed column and a row's share of it ('rows', '1',
--                    'amount', 'r.amount')
--
-- As a statement trigger (REFERENCING NEW TABLE AS new_rows and/or OLD TABLE AS old_rows) a
-- statement's rows are added at once (a seed of 100,000 is one statement); as a row trigger on
-- UPDATE, with a WHEN the database checks first, a changed row's old key loses its share and its
-- new key gains it. A change is an `INSERT … ON CONFLICT DO UPDATE` of deltas in key order, so two
-- transactions changing the same key wait for each other's row and both land; a key whose deltas
-- sum to 0 is not written. The summed columns take no CHECK (>= 0): a negative delta is checked
-- before it meets the row it adds to.
CREATE FUNCTION running_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  totals text := TG_ARGV[0];
  keys text := TG_ARGV[1];
  key_of text := TG_ARGV[2];
  counted text := TG_ARGV[3];
  by_key text;
  columns text := '';
  sums text := '';
  adds text := '';
  moved text := '';
  source text;
  total text;
  share text;
  statements text[];
  statement text;
BEGIN
  SELECT string_agg(n::text, ', ') INTO by_key FROM generate_series(1, array_length(string_to_array(keys, ','), 1)) n;
  FOR i IN 0 .. (TG_NARGS - 5) / 2 - 1 LOOP
    total := quote_ident(TG_ARGV[5 + 2 * i]);
    share := format('sum(r.running_sign * (%s))', TG_ARGV[6 + 2 * i]);
    columns := columns || ', ' || total;
    sums := sums || ', ' || share;
    adds := adds || CASE WHEN i > 0 THEN ', ' ELSE '' END || format('%1$s = t.%1$s + EXCLUDED.%1$s', total);
    moved := moved || CASE WHEN i > 0 THEN ' OR ' ELSE '' END || share || ' <> 0';
  END LOOP;
  -- The changed rows, signed; each names only the transition tables its trigger has.
  source := format('(%s) r WHERE %s', CASE
    WHEN TG_LEVEL = 'ROW' THEN 'SELECT -1 AS running_sign, ($1).* UNION ALL SELECT 1, ($2).*'
    WHEN TG_OP = 'INSERT' THEN 'SELECT 1 AS running_sign, n.* FROM new_rows n'
    WHEN TG_OP = 'DELETE' THEN 'SELECT -1 AS running_sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS running_sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n'
  END, counted);
  statements := ARRAY[format('INSERT INTO %1$I AS t (%2$s%3$s) SELECT %4$s%5$s FROM %6$s GROUP BY %7$s HAVING %8$s ORDER BY %7$s ON CONFLICT (%2$s) DO UPDATE SET %9$s',
                              totals, keys, columns, key_of, sums, source, by_key, moved, adds)];
  IF TG_ARGV[4] = 'drop' THEN
    statements := statements || format('DELETE FROM %1$I t WHERE t.%2$I = 0 AND (%3$s) IN (SELECT %4$s FROM %5$s)', totals, TG_ARGV[5], keys, key_of, source);
  END IF;
  FOREACH statement IN ARRAY statements LOOP
    -- A row trigger's rows are its parameters; a statement trigger has no OLD or NEW to pass.
    IF TG_LEVEL = 'ROW' THEN EXECUTE statement USING OLD, NEW; ELSE EXECUTE statement; END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- The three triggers that keep `totals` (running_totals' first argument) in step with `source`,
-- named <totals>_on_insert, _on_delete and _on_update: an update as a row trigger when `row_when`
-- (over OLD and NEW) says which updates move a share, the database checking it before calling
-- anything; otherwise as a statement trigger over both transition tables.
CREATE FUNCTION running_totals_triggers(source text, args text[], row_when text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  call text := format('running_totals(%s)', (SELECT string_agg(quote_literal(a), ', ') FROM unnest(args) a));
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %s', args[1] || '_on_insert', source, call);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %s', args[1] || '_on_delete', source, call);
  IF row_when IS NULL THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %s', args[1] || '_on_update', source, call);
  ELSE
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW WHEN (%s) EXECUTE FUNCTION %s', args[1] || '_on_update', source, row_when, call);
  END IF;
END $$;
