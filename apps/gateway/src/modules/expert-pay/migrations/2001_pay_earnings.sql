-- Expert pay keeps what each done inspection earns as rows (issue 31 "Pay", decision 114): the
-- payments list, a period's state and an expert's lines read and sum these rows by day and
-- expert instead of computing every line of a period on each request. The database keeps them
-- in step itself: a change to an inspection recomputes that inspection's rows, a change to a
-- share rule recomputes the days it covers, and settling a period records what was paid on each
-- row. How a line is computed is said once, here, in `pay_line` and `pay_shares`; the gateway's
-- previews and penalty lines call the same functions.

-- The base share of each kind of line (decision 107): an expert 40 %, a mechanic 20 % of the
-- inspection's price; a cancellation with penalty takes the expert's share back.
CREATE FUNCTION pay_base_share(kind text) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE kind WHEN 'expert_share' THEN 0.4 WHEN 'mechanic_share' THEN 0.2 WHEN 'penalty' THEN -0.4 END
$$;

-- Whether share rule `r` decides inspection `i`'s shares on day `d` (its conditions are met).
CREATE FUNCTION pay_rule_matches(r share_rules, i inspections, d date) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT d BETWEEN r.start_date AND r.end_date
     AND (cardinality(r.cities) = 0 OR i.city_id = ANY (r.cities))
     AND (cardinality(r.days) = 0 OR ((extract(dow FROM d)::int + 1) % 7) = ANY (r.days))
     AND (r.condition IS NULL OR r.condition = ANY (i.pricing_conditions))
     AND (r.inspection_type IS NULL OR r.inspection_type = i.package)
     AND (r.all_time_shift OR r.shift IS NULL OR r.shift = i.time_slot)
$$;

-- A line of `kind` for inspection `i` on day `d` under `rules` (the rules in force, or a preview's
-- set): price × inspection-price ratio × share ratio × base share, by the one rule whose range
-- and conditions hold (the defaults 1.00 when none does). Rules in force never overlap in days.
CREATE FUNCTION pay_line(kind text, i inspections, d date, rules share_rules[])
RETURNS TABLE (rule_pk bigint, rule_id bigint, rule_version integer, price numeric, base_share numeric, price_ratio numeric, share_ratio numeric, amount numeric)
LANGUAGE sql STABLE AS $$
  SELECT r.pk, r.rule_id, r.version, i.price::numeric, pay_base_share(kind), x.price_ratio, x.share_ratio,
         round(i.price * x.price_ratio * x.share_ratio * pay_base_share(kind))
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT * FROM unnest(rules) r WHERE pay_rule_matches(r, i, d) LIMIT 1) r ON true
    CROSS JOIN LATERAL (
      SELECT coalesce(r.inspection_price_ratio, 1.00) AS price_ratio,
             coalesce(CASE WHEN kind = 'mechanic_share' THEN r.mechanic_share_ratio ELSE r.expert_share_ratio END, 1.00) AS share_ratio
    ) x
$$;

-- The share lines an inspection earns under `rules`: its expert's and its mechanic's, when it is
-- done (not cancelled) on a visit day. The one statement of which inspections earn.
CREATE FUNCTION pay_shares(i inspections, rules share_rules[])
RETURNS TABLE (kind text, expert_id integer, rule_pk bigint, rule_id bigint, rule_version integer, price numeric, base_share numeric, price_ratio numeric, share_ratio numeric, amount numeric)
LANGUAGE sql STABLE AS $$
  SELECT k.kind, k.person, l.*
    FROM (VALUES ('expert_share', i.expert_id), ('mechanic_share', i.mechanic_id)) k(kind, person)
   CROSS JOIN LATERAL pay_line(k.kind, i, i.visit_date, rules) l
   WHERE i.state = 'D' AND NOT i.is_canceled AND i.visit_date IS NOT NULL AND k.person IS NOT NULL
$$;

-- What each person earns on each done inspection as things stand (`done`), and what was paid
-- for it in settled periods (`paid`, null until settled; the settled line and its period's last
-- day). A row paid and no longer earned stays with amount 0 (its clawback is owed); an unpaid
-- row no longer earned is deleted.
CREATE TABLE pay_earnings (
  kind text NOT NULL CHECK (kind IN ('expert_share', 'mechanic_share')),
  expert_id integer NOT NULL,
  inspection_id bigint NOT NULL,
  inspection_code text NOT NULL,
  day date NOT NULL,
  done boolean NOT NULL DEFAULT true,
  rule_pk bigint,
  rule_id bigint,
  rule_version integer,
  price numeric NOT NULL,
  base_share numeric NOT NULL,
  price_ratio numeric NOT NULL,
  share_ratio numeric NOT NULL,
  amount numeric(16, 0) NOT NULL,
  paid numeric(16, 0),
  settled_line bigint REFERENCES pay_lines (pk),
  settled_end date,
  PRIMARY KEY (inspection_id, kind, expert_id),
  CHECK (done OR amount = 0),
  CHECK ((paid IS NULL) = (settled_line IS NULL) AND (paid IS NULL) = (settled_end IS NULL))
);
-- The unpaid rows by day (a period's own lines and the late lines of settled days) and by expert.
CREATE INDEX pay_earnings_unpaid ON pay_earnings (day, expert_id) INCLUDE (kind, amount) WHERE paid IS NULL;
CREATE INDEX pay_earnings_unpaid_expert ON pay_earnings (expert_id, day) WHERE paid IS NULL;
-- The paid rows whose amount no longer holds: the clawbacks owed.
CREATE INDEX pay_earnings_owed ON pay_earnings (expert_id) WHERE paid IS NOT NULL AND amount <> paid;

-- The unpaid rows summed by day, expert and kind: what the payments list and a period's state
-- read (a month is a few thousand of these, not a row a line). Kept by statement triggers on
-- `pay_earnings` from the rows each statement changed, summary rows taken in key order.
CREATE TABLE pay_open_days (
  day date NOT NULL,
  expert_id integer NOT NULL,
  kind text NOT NULL,
  -- No CHECK on lines: a change arrives as an insert of its delta (negative when rows leave),
  -- checked before it meets the row it adds to.
  lines integer NOT NULL,
  amount numeric(16, 0) NOT NULL,
  PRIMARY KEY (day, expert_id, kind)
);

CREATE FUNCTION pay_open_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added pay_earnings[] := '{}';
  removed pay_earnings[] := '{}';
BEGIN
  -- Each branch is planned only when taken: an insert trigger has no old_rows, a delete no new_rows.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN added := ARRAY(SELECT n FROM new_rows n WHERE n.paid IS NULL AND n.amount <> 0); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN removed := ARRAY(SELECT o FROM old_rows o WHERE o.paid IS NULL AND o.amount <> 0); END IF;
  INSERT INTO pay_open_days AS d (day, expert_id, kind, lines, amount)
  SELECT x.day, x.expert_id, x.kind, sum(x.n), sum(x.a)
    FROM (SELECT day, expert_id, kind, 1 AS n, amount AS a FROM unnest(added)
          UNION ALL
          SELECT day, expert_id, kind, -1, -amount FROM unnest(removed)) x
   GROUP BY x.day, x.expert_id, x.kind HAVING sum(x.n) <> 0 OR sum(x.a) <> 0
   ORDER BY x.day, x.expert_id, x.kind
  ON CONFLICT (day, expert_id, kind) DO UPDATE SET lines = d.lines + EXCLUDED.lines, amount = d.amount + EXCLUDED.amount;
  DELETE FROM pay_open_days d
   USING (SELECT day, expert_id, kind FROM unnest(added) UNION SELECT day, expert_id, kind FROM unnest(removed)) x
   WHERE (d.day, d.expert_id, d.kind) = (x.day, x.expert_id, x.kind) AND d.lines = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER pay_open_days_on_insert AFTER INSERT ON pay_earnings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pay_open_days_follow();
CREATE TRIGGER pay_open_days_on_update AFTER UPDATE ON pay_earnings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pay_open_days_follow();
CREATE TRIGGER pay_open_days_on_delete AFTER DELETE ON pay_earnings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pay_open_days_follow();

-- Recomputes the rows of the inspections `ids` from the inspections and the rules in force.
-- Inspection writers take this advisory lock shared; a share rule change takes it exclusively
-- first (its own shared request is then granted at once): a rule's recompute waits for the
-- inspections being written, and those written meanwhile see the new rule.
CREATE FUNCTION pay_refresh_earnings(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('pay_earnings'));
  -- Each statement below reads with a snapshot taken after the lock.
  WITH fresh AS (
    SELECT s.kind, s.expert_id, i.pk AS inspection_id, i.code AS inspection_code, i.visit_date AS day,
           s.rule_pk, s.rule_id, s.rule_version, s.price, s.base_share, s.price_ratio, s.share_ratio, s.amount
      FROM inspections i
     CROSS JOIN LATERAL pay_shares(i, (SELECT coalesce(array_agg(r), '{}') FROM share_rules r WHERE r.in_force)) s
     WHERE i.pk = ANY (ids)
  ),
  unpaid_gone AS (
    DELETE FROM pay_earnings e
     WHERE e.inspection_id = ANY (ids) AND e.paid IS NULL
       AND NOT EXISTS (SELECT 1 FROM fresh f WHERE (f.inspection_id, f.kind, f.expert_id) = (e.inspection_id, e.kind, e.expert_id))
  ),
  paid_gone AS (
    UPDATE pay_earnings e
       SET done = false, rule_pk = NULL, rule_id = NULL, rule_version = NULL, price = 0, base_share = 0, price_ratio = 0, share_ratio = 0, amount = 0
     WHERE e.inspection_id = ANY (ids) AND e.paid IS NOT NULL AND e.done
       AND NOT EXISTS (SELECT 1 FROM fresh f WHERE (f.inspection_id, f.kind, f.expert_id) = (e.inspection_id, e.kind, e.expert_id))
  )
  INSERT INTO pay_earnings AS e (kind, expert_id, inspection_id, inspection_code, day, done, rule_pk, rule_id, rule_version, price, base_share, price_ratio, share_ratio, amount)
  SELECT f.kind, f.expert_id, f.inspection_id, f.inspection_code, f.day, true, f.rule_pk, f.rule_id, f.rule_version, f.price, f.base_share, f.price_ratio, f.share_ratio, f.amount
    FROM fresh f
  ON CONFLICT (inspection_id, kind, expert_id) DO UPDATE
     SET inspection_code = EXCLUDED.inspection_code, day = EXCLUDED.day, done = true, rule_pk = EXCLUDED.rule_pk, rule_id = EXCLUDED.rule_id,
         rule_version = EXCLUDED.rule_version, price = EXCLUDED.price, base_share = EXCLUDED.base_share, price_ratio = EXCLUDED.price_ratio,
         share_ratio = EXCLUDED.share_ratio, amount = EXCLUDED.amount
   WHERE (e.inspection_code, e.day, e.done, e.rule_pk, e.rule_version, e.price, e.price_ratio, e.share_ratio, e.amount)
         IS DISTINCT FROM (EXCLUDED.inspection_code, EXCLUDED.day, true, EXCLUDED.rule_pk, EXCLUDED.rule_version, EXCLUDED.price,
                           EXCLUDED.price_ratio, EXCLUDED.share_ratio, EXCLUDED.amount);
END $$;

-- An inspection inserted or deleted: the rows of those that are done follow (set-based, from the
-- statement's transition table: a seed inserts thousands at once).
CREATE FUNCTION pay_earnings_follow_inspections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is planned only when taken: an insert trigger has no old_rows.
  IF TG_OP = 'INSERT' THEN
    PERFORM pay_refresh_earnings(ARRAY(SELECT pk FROM new_rows WHERE state = 'D'));
  ELSE
    PERFORM pay_refresh_earnings(ARRAY(SELECT pk FROM old_rows WHERE state = 'D'));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER pay_earnings_on_insert AFTER INSERT ON inspections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pay_earnings_follow_inspections();
CREATE TRIGGER pay_earnings_on_delete AFTER DELETE ON inspections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pay_earnings_follow_inspections();

-- An inspection updated: its rows follow when it is or was done and a column a line reads
-- changed. A row trigger whose condition the database checks before calling anything: the many
-- updates of orders that are not done (assignments, holds, a balance of thousands of orders)
-- cost nothing here, not even a copy of their rows.
CREATE FUNCTION pay_earnings_follow_inspection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pay_refresh_earnings(ARRAY[NEW.pk]);
  RETURN NULL;
END $$;
CREATE TRIGGER pay_earnings_on_update AFTER UPDATE ON inspections FOR EACH ROW
  WHEN ((NEW.state = 'D' OR OLD.state = 'D')
        AND (NEW.state, NEW.is_canceled, NEW.expert_id, NEW.mechanic_id, NEW.visit_date, NEW.price, NEW.code, NEW.city_id, NEW.package, NEW.time_slot, NEW.pricing_conditions)
            IS DISTINCT FROM
            (OLD.state, OLD.is_canceled, OLD.expert_id, OLD.mechanic_id, OLD.visit_date, OLD.price, OLD.code, OLD.city_id, OLD.package, OLD.time_slot, OLD.pricing_conditions))
  EXECUTE FUNCTION pay_earnings_follow_inspection();

-- A share rule saved or retired: the done inspections of the days it covers (before and after) follow.
CREATE FUNCTION pay_earnings_follow_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lo date := NEW.start_date;
  hi date := NEW.end_date;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    lo := least(lo, OLD.start_date);
    hi := greatest(hi, OLD.end_date);
  END IF;
  -- The lock first: the inspections are then read with a snapshot that has every writer before it.
  PERFORM pg_advisory_xact_lock(hashtext('pay_earnings'));
  PERFORM pay_refresh_earnings(ARRAY(SELECT pk FROM inspections WHERE state = 'D' AND visit_date BETWEEN lo AND hi));
  RETURN NULL;
END $$;
CREATE TRIGGER pay_earnings_on_rules AFTER INSERT OR UPDATE ON share_rules FOR EACH ROW EXECUTE FUNCTION pay_earnings_follow_rules();

-- Settled lines become what was paid on their rows (a clawback adds to its line's row); a line of
-- an earning no longer done gets a row of amount 0, so its clawback is owed.
CREATE FUNCTION pay_earnings_settled(period_pk bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pay_earnings AS e (kind, expert_id, inspection_id, inspection_code, day, done, price, base_share, price_ratio, share_ratio, amount, paid, settled_line, settled_end)
  SELECT o.kind, o.expert_id, o.inspection_id, o.inspection_code, o.day, false, 0, 0, 0, 0, 0, sum(l.amount), o.pk, s.end_date
    FROM pay_lines l
    JOIN pay_lines o ON o.pk = coalesce(l.corrects_line, l.pk)
    JOIN pay_periods s ON s.pk = o.period_id
   WHERE l.period_id = period_pk AND o.kind IN ('expert_share', 'mechanic_share')
   GROUP BY o.pk, o.kind, o.expert_id, o.inspection_id, o.inspection_code, o.day, s.end_date
  ON CONFLICT (inspection_id, kind, expert_id) DO UPDATE
     SET paid = coalesce(e.paid, 0) + EXCLUDED.paid,
         settled_line = coalesce(e.settled_line, EXCLUDED.settled_line),
         settled_end = coalesce(e.settled_end, EXCLUDED.settled_end);
END $$;

-- A settled period's sums per expert, written once when it is settled and never changed: the
-- payments list of a settled period reads these instead of summing its lines.
CREATE TABLE pay_period_experts (
  period_id bigint NOT NULL REFERENCES pay_periods (pk),
  expert_id integer NOT NULL,
  lines integer NOT NULL CHECK (lines > 0),
  earnings numeric(16, 0) NOT NULL,
  penalties numeric(16, 0) NOT NULL,
  clawbacks numeric(16, 0) NOT NULL,
  total numeric(16, 0) NOT NULL CHECK (total = earnings + penalties + clawbacks),
  PRIMARY KEY (period_id, expert_id)
);
CREATE TRIGGER pay_period_experts_permanent BEFORE UPDATE OR DELETE ON pay_period_experts FOR EACH ROW EXECUTE FUNCTION pay_settled_is_permanent();

CREATE FUNCTION pay_period_experts_settled(period_pk bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pay_period_experts (period_id, expert_id, lines, earnings, penalties, clawbacks, total)
  SELECT period_pk, expert_id, count(*),
         coalesce(sum(amount) FILTER (WHERE kind IN ('expert_share', 'mechanic_share')), 0),
         coalesce(sum(amount) FILTER (WHERE kind = 'penalty'), 0),
         coalesce(sum(amount) FILTER (WHERE kind = 'clawback'), 0),
         sum(amount)
    FROM pay_lines WHERE period_id = period_pk GROUP BY expert_id
$$;

CREATE FUNCTION pay_earnings_on_settle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pay_earnings_settled(NEW.pk);
  PERFORM pay_period_experts_settled(NEW.pk);
  RETURN NULL;
END $$;
-- At commit, when the period's lines are all in, after the balance check (triggers of an event
-- fire in their names' order).
CREATE CONSTRAINT TRIGGER pay_periods_settled_earnings AFTER INSERT ON pay_periods DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION pay_earnings_on_settle();

-- The rows of today's data: what was settled so far, then every done inspection.
DO $$
DECLARE p bigint;
BEGIN
  FOR p IN SELECT pk FROM pay_periods ORDER BY start_date LOOP
    PERFORM pay_earnings_settled(p);
    PERFORM pay_period_experts_settled(p);
  END LOOP;
  PERFORM pay_refresh_earnings(ARRAY(SELECT pk FROM inspections WHERE state = 'D'));
END $$;
