-- NPS survey answers and their follow-up (issue 33, decision 115). The module's migrations take 2400-2499.
-- The status is a letter of spec §4 (A set aside; B new; C to call; D call unanswered; E called
-- back; F referred; G resolved; H closed), moved only by the declared table (contracts nps.workflow.ts).
CREATE TABLE nps_answers (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'B' CHECK (state IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H')),
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  score smallint NOT NULL CHECK (score BETWEEN 0 AND 10),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
  customer_name text NOT NULL CHECK (length(btrim(customer_name)) BETWEEN 2 AND 100),
  customer_phone text NOT NULL CHECK (customer_phone ~ '^09[0-9]{9}$'),
  -- The inspection order surveyed, when the answer came from one: one answer per order.
  inspection_id bigint UNIQUE REFERENCES inspections (pk),
  channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'app', 'call')),
  answered_at timestamptz NOT NULL,
  -- A detractor's target: called back within 48 hours of answering.
  due_at timestamptz,
  -- The first call back (or the close, when it came first): where the target ends.
  responded_at timestamptz,
  root_cause text CHECK (root_cause IN ('expert_delay', 'expert_conduct', 'report_quality', 'price', 'payment', 'booking', 'app', 'support', 'expectation', 'no_issue')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Detractors (0-6) and only they carry the target, 48 hours after the answer.
  CHECK ((score <= 6) = (due_at IS NOT NULL)),
  CHECK (due_at IS NULL OR due_at = answered_at + interval '48 hours'),
  -- A closed follow-up has its root cause; an open one has none yet.
  CHECK ((state = 'H') = (root_cause IS NOT NULL)),
  -- Called back or later has been responded to.
  CHECK (state NOT IN ('E', 'F', 'G', 'H') OR responded_at IS NOT NULL)
);
-- The list's orders, newest first (by status too, as the default filter names seven of eight), and by score.
CREATE INDEX nps_answers_answered ON nps_answers (answered_at DESC, id DESC);
CREATE INDEX nps_answers_state_answered ON nps_answers (state, answered_at DESC, id DESC);
CREATE INDEX nps_answers_score ON nps_answers (score, answered_at DESC, id DESC);
-- Detractors still waiting for their call back: the "overdue only" filter reads only these.
CREATE INDEX nps_answers_waiting ON nps_answers (due_at) WHERE responded_at IS NULL AND state <> 'A';
CREATE INDEX nps_answers_phone ON nps_answers (customer_phone text_pattern_ops);
-- Word-prefix search over the customer's name (as the affidavits', 1800).
CREATE INDEX nps_answers_name_fts ON nps_answers USING gin (to_tsvector('simple', customer_name));
