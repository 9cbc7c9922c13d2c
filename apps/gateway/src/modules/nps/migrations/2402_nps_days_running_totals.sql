-- The NPS days (2401) kept by the shared running totals (0012, decision 130): the same sums by
-- the same keys, written by the shared function in place of this module's two.
DROP TRIGGER nps_days_on_insert ON nps_answers;
DROP TRIGGER nps_days_on_delete ON nps_answers;
DROP TRIGGER nps_days_on_update ON nps_answers;
DROP FUNCTION nps_days_follow_statement();
DROP FUNCTION nps_days_follow_row();

-- An update moves a count only when it changes the answer's status, score or day.
SELECT running_totals('nps_answers', 'nps_days', 'day, state, score', 'nps_day(r.answered_at), r.state, r.score', 'true', 'keep', ARRAY['answers', '1'],
  '(nps_day(NEW.answered_at), NEW.state, NEW.score) IS DISTINCT FROM (nps_day(OLD.answered_at), OLD.state, OLD.score)');
