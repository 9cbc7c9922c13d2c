-- Expert pay (issue 31, decisions 107 and 108): the share rules of the inspection settings and
-- the settled pay periods with their lines. Its migrations take 2000-2099.

-- A share rule is a dated set of ratios; editing it writes a new version and retires the old.
-- The days of the rules in force never overlap: one rule decides each day, refused by the
-- database itself (a gist exclusion on the date range; core PostgreSQL, no btree_gist needed).
CREATE SEQUENCE share_rule_ids;
CREATE TABLE share_rules (
  pk bigserial PRIMARY KEY,
  rule_id bigint NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  in_force boolean NOT NULL DEFAULT true,
  tab text NOT NULL DEFAULT 'shift' CHECK (tab IN ('shift', 'date')),
  all_time_shift boolean NOT NULL DEFAULT true,
  days integer[] NOT NULL DEFAULT '{}' CHECK (days <@ ARRAY[0, 1, 2, 3, 4, 5, 6]),
  cities integer[] NOT NULL DEFAULT '{}',
  condition text,
  inspection_type text,
  shift text,
  start_date date NOT NULL,
  end_date date NOT NULL,
  inspection_price_ratio numeric(4, 2) NOT NULL DEFAULT 1.00 CHECK (inspection_price_ratio BETWEEN 0 AND 10),
  expert_share_ratio numeric(4, 2) NOT NULL DEFAULT 1.00 CHECK (expert_share_ratio BETWEEN 0 AND 10),
  mechanic_share_ratio numeric(4, 2) NOT NULL DEFAULT 1.00 CHECK (mechanic_share_ratio BETWEEN 0 AND 10),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date),
  CHECK (tab = 'date' OR start_date = end_date),
  UNIQUE (rule_id, version),
  CONSTRAINT share_rules_no_overlap EXCLUDE USING gist (daterange(start_date, end_date, '[]') WITH &&) WHERE (in_force)
);
CREATE UNIQUE INDEX share_rules_one_in_force ON share_rules (rule_id) WHERE in_force;

-- A rule's numbers are what lines were computed from: a version is never changed, only retired.
CREATE FUNCTION share_rules_versions_stay() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'a share rule version is never deleted' USING ERRCODE = 'P0001'; END IF;
  IF (NEW.rule_id, NEW.version, NEW.tab, NEW.all_time_shift, NEW.days, NEW.cities, NEW.condition, NEW.inspection_type, NEW.shift,
      NEW.start_date, NEW.end_date, NEW.inspection_price_ratio, NEW.expert_share_ratio, NEW.mechanic_share_ratio)
     IS DISTINCT FROM
     (OLD.rule_id, OLD.version, OLD.tab, OLD.all_time_shift, OLD.days, OLD.cities, OLD.condition, OLD.inspection_type, OLD.shift,
      OLD.start_date, OLD.end_date, OLD.inspection_price_ratio, OLD.expert_share_ratio, OLD.mechanic_share_ratio)
     OR (OLD.in_force = false AND NEW.in_force = true) THEN
    RAISE EXCEPTION 'a share rule version is only ever retired' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER share_rules_versions_stay BEFORE UPDATE OR DELETE ON share_rules FOR EACH ROW EXECUTE FUNCTION share_rules_versions_stay();

-- A settled period: one Jalali month, settled once, never reopened (no update, no delete).
CREATE TABLE pay_periods (
  pk bigserial PRIMARY KEY,
  period text NOT NULL UNIQUE CHECK (period ~ '^1[34][0-9]{2}-(0[1-9]|1[0-2])$'),
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  total numeric(16, 0) NOT NULL,
  line_count integer NOT NULL CHECK (line_count > 0),
  settled_by text NOT NULL,
  settled_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pay_periods_no_overlap EXCLUDE USING gist (daterange(start_date, end_date, '[]') WITH &&)
);

-- The lines paid in a period. Each keeps its inspection, the rule version and the inputs.
CREATE TABLE pay_lines (
  pk bigserial PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES pay_periods (pk),
  kind text NOT NULL CHECK (kind IN ('expert_share', 'mechanic_share', 'penalty', 'clawback')),
  expert_id integer NOT NULL,
  source_key text NOT NULL,
  inspection_id bigint,
  inspection_code text,
  day date NOT NULL,
  rule_pk bigint REFERENCES share_rules (pk),
  rule_id bigint,
  rule_version integer,
  inputs jsonb NOT NULL,
  amount numeric(16, 0) NOT NULL,
  reason text NOT NULL DEFAULT '',
  corrects_line bigint REFERENCES pay_lines (pk),
  CHECK ((kind = 'clawback') = (corrects_line IS NOT NULL)),
  CHECK (kind <> 'clawback' OR length(btrim(reason)) > 0)
);
-- A line is settled once: the same earning or penalty of the same person never twice.
CREATE UNIQUE INDEX pay_lines_settled_once ON pay_lines (kind, expert_id, source_key) WHERE kind <> 'clawback';
CREATE INDEX pay_lines_period ON pay_lines (period_id, expert_id);
CREATE INDEX pay_lines_expert ON pay_lines (expert_id, period_id);
CREATE INDEX pay_lines_corrects ON pay_lines (corrects_line) WHERE corrects_line IS NOT NULL;

CREATE FUNCTION pay_settled_is_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a settled period and its lines are never changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER pay_periods_permanent BEFORE UPDATE OR DELETE ON pay_periods FOR EACH ROW EXECUTE FUNCTION pay_settled_is_permanent();
CREATE TRIGGER pay_lines_permanent BEFORE UPDATE OR DELETE ON pay_lines FOR EACH ROW EXECUTE FUNCTION pay_settled_is_permanent();

-- The total of a settled period is the sum of its lines, checked at commit.
CREATE FUNCTION pay_period_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p bigint;
  want numeric;
  want_count integer;
  got numeric;
  got_count integer;
BEGIN
  -- Each branch is planned only when taken: NEW of pay_periods has no period_id.
  IF TG_TABLE_NAME = 'pay_periods' THEN p := NEW.pk; ELSE p := NEW.period_id; END IF;
  SELECT total, line_count INTO want, want_count FROM pay_periods WHERE pk = p;
  SELECT coalesce(sum(amount), 0), count(*) INTO got, got_count FROM pay_lines WHERE period_id = p;
  IF want IS DISTINCT FROM got OR want_count IS DISTINCT FROM got_count THEN
    RAISE EXCEPTION 'period % total % (% lines) is not the sum of its lines % (% lines)', p, want, want_count, got, got_count USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER pay_periods_balanced AFTER INSERT ON pay_periods DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pay_period_balanced();
CREATE CONSTRAINT TRIGGER pay_lines_balanced AFTER INSERT ON pay_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pay_period_balanced();

-- Settling takes this row's lock: two staff settling at once are served one after the other.
CREATE TABLE pay_settle_lock (id integer PRIMARY KEY CHECK (id = 1));
INSERT INTO pay_settle_lock VALUES (1);

-- The payments read done inspections by visit day.
CREATE INDEX IF NOT EXISTS inspections_done_by_day ON inspections (visit_date) WHERE state = 'D';
