-- Turn-assign (issue 29, decision 097): the inspection assistants who follow orders by phone,
-- the rotation pointer (one row, locked for update by every assignment) and the turn ledger
-- (why each order went to whom, and whom the rotation passed over).
CREATE TABLE inspection_assistants (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE REFERENCES users (username),
  position integer NOT NULL UNIQUE CHECK (position > 0),
  active boolean NOT NULL DEFAULT true,
  paused_until timestamptz,
  pause_reason text NOT NULL DEFAULT '',
  capacity integer NOT NULL DEFAULT 40 CHECK (capacity BETWEEN 1 AND 1000),
  makeup_owed integer NOT NULL DEFAULT 0 CHECK (makeup_owed BETWEEN 0 AND 3),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (active OR paused_until IS NULL),
  CHECK ((paused_until IS NULL) = (pause_reason = ''))
);

CREATE TABLE assistant_turn (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- The position of the assistant who had the last turn (0: nobody yet).
  last_position integer NOT NULL DEFAULT 0 CHECK (last_position >= 0),
  -- The assistant owed a make-up turn right after their own turn (decision 097), or null.
  makeup_for integer REFERENCES inspection_assistants (id) ON DELETE SET NULL
);
INSERT INTO assistant_turn (id) VALUES (1);

CREATE TABLE assistant_assignments (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES inspections (pk) ON DELETE CASCADE,
  assistant_id integer REFERENCES inspection_assistants (id),
  reason text NOT NULL CHECK (reason IN ('turn', 'makeup', 'by_hand', 'balance', 'cleared', 'pool')),
  -- [{ "id": 3, "why": "inactive" | "paused" | "at_capacity" }, ...] in the order passed over.
  skipped jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(skipped) = 'array'),
  actor_username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  CHECK ((assistant_id IS NULL) = (reason IN ('cleared', 'pool')))
);
CREATE INDEX assistant_assignments_inspection_idx ON assistant_assignments (inspection_id, id DESC);
CREATE INDEX assistant_assignments_assistant_idx ON assistant_assignments (assistant_id, at DESC);
CREATE INDEX assistant_assignments_at_idx ON assistant_assignments (at DESC, id DESC);

-- The open load of an assistant is counted on every assignment, under the pointer's lock.
CREATE INDEX inspections_assistant_open_idx ON inspections (assistant) WHERE state NOT IN ('D', 'F');
