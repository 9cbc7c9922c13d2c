-- The NPS figure kept by Tehran answered day, status and score (decision 115): the list's figure
-- and the weekly chart sum these few rows (180 days are at most 180 × 8 × 11) instead of counting
-- the filtered answers on every request. The database keeps them in step itself: an insert or a
-- delete of answers adds its statement's rows by key at once (a seed of 100,000 is one statement),
-- an update that moves an answer to another status, score or day moves one count. Counts are
-- changed by `INSERT … ON CONFLICT DO UPDATE` of a delta in key order, so two transactions
-- changing answers of the same day wait for each other's row and both counts land.

-- An instant's Tehran calendar day (+03:30 all year since 2022, as the list's day filter reads it).
CREATE FUNCTION nps_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '3 hours 30 minutes')::date
$$;

CREATE TABLE nps_days (
  day date NOT NULL,
  state text NOT NULL,
  score smallint NOT NULL,
  -- No CHECK (answers >= 0): a change arrives as an insert of its delta (negative when answers
  -- leave), checked before it meets the row it adds to. A row that falls to 0 stays (no delete
  -- racing a concurrent insert of the same key); the readers sum, so a 0 adds nothing.
  answers integer NOT NULL,
  PRIMARY KEY (day, state, score)
);

CREATE FUNCTION nps_days_follow_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is planned only when taken: an insert trigger has no old_rows, a delete no new_rows.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO nps_days AS d (day, state, score, answers)
    SELECT nps_day(n.answered_at), n.state, n.score, count(*) FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, state, score) DO UPDATE SET answers = d.answers + EXCLUDED.answers;
  ELSE
    INSERT INTO nps_days AS d (day, state, score, answers)
    SELECT nps_day(o.answered_at), o.state, o.score, -count(*) FROM old_rows o GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, state, score) DO UPDATE SET answers = d.answers + EXCLUDED.answers;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER nps_days_on_insert AFTER INSERT ON nps_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nps_days_follow_statement();
CREATE TRIGGER nps_days_on_delete AFTER DELETE ON nps_answers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION nps_days_follow_statement();

-- An answer moved to another status, score or day: its count leaves one key for the other (the
-- two keys in order). A row trigger whose condition the database checks first: an update that
-- changes none of the three (a note, a version) costs nothing here.
CREATE FUNCTION nps_days_follow_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO nps_days AS d (day, state, score, answers)
  SELECT k.day, k.state, k.score, k.delta
    FROM (VALUES (nps_day(OLD.answered_at), OLD.state, OLD.score, -1), (nps_day(NEW.answered_at), NEW.state, NEW.score, 1)) k(day, state, score, delta)
   ORDER BY 1, 2, 3
  ON CONFLICT (day, state, score) DO UPDATE SET answers = d.answers + EXCLUDED.answers;
  RETURN NULL;
END $$;
CREATE TRIGGER nps_days_on_update AFTER UPDATE ON nps_answers FOR EACH ROW
  WHEN ((nps_day(NEW.answered_at), NEW.state, NEW.score) IS DISTINCT FROM (nps_day(OLD.answered_at), OLD.state, OLD.score))
  EXECUTE FUNCTION nps_days_follow_row();

-- Emptied together with its answers.
CREATE FUNCTION nps_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM nps_days;
  RETURN NULL;
END $$;
CREATE TRIGGER nps_days_on_truncate AFTER TRUNCATE ON nps_answers FOR EACH STATEMENT EXECUTE FUNCTION nps_days_truncate();

-- The counts of the answers already there.
INSERT INTO nps_days (day, state, score, answers)
SELECT nps_day(answered_at), state, score, count(*) FROM nps_answers GROUP BY 1, 2, 3;

-- Detractors still waiting for their call back, with what the figure's filters ask of them: the
-- overdue count (and the overdue filter's own count) is read from this index alone.
DROP INDEX nps_answers_waiting;
CREATE INDEX nps_answers_waiting ON nps_answers (due_at) INCLUDE (state, score, answered_at) WHERE responded_at IS NULL AND state <> 'A';

-- The list's orders carry what its filters ask, so a page's keys are read from the index alone
-- (page 2,000 walked 40,000 answers' rows for their status: 43 ms on PGlite at 100,000 answers).
-- The score sort orders all three columns one way (score, answered, id: both directions), which
-- the index of 2400 (score, answered_at DESC, id DESC) matched in neither: every page sorted the
-- whole top score group again.
DROP INDEX nps_answers_answered;
CREATE INDEX nps_answers_answered ON nps_answers (answered_at DESC, id DESC) INCLUDE (state, score);
DROP INDEX nps_answers_score;
CREATE INDEX nps_answers_score ON nps_answers (score, answered_at, id) INCLUDE (state);
