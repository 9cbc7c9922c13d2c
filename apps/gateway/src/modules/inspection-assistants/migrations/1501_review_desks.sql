-- The review desks (issue 29, decision 098): QC reviewers take orders in state Q, pricing
-- reviewers orders in state W. One claim per order (its primary key), lapsing at `expires_at`
-- unless the reviewer's screen refreshes it. The report's five photo slots with their verdicts.
CREATE TABLE inspection_reviewers (
  id serial PRIMARY KEY,
  username text NOT NULL REFERENCES users (username),
  kind text NOT NULL CHECK (kind IN ('qc', 'pricing')),
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, username)
);

CREATE TABLE inspection_review_claims (
  inspection_id bigint PRIMARY KEY REFERENCES inspections (pk) ON DELETE CASCADE,
  reviewer_id integer NOT NULL REFERENCES inspection_reviewers (id),
  kind text NOT NULL CHECK (kind IN ('qc', 'pricing')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > claimed_at)
);
CREATE INDEX inspection_review_claims_reviewer_idx ON inspection_review_claims (reviewer_id, expires_at);

-- Who reviewed what (the reviewers' counts): one row per finished review.
CREATE TABLE inspection_reviews (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES inspections (pk) ON DELETE CASCADE,
  reviewer_id integer NOT NULL REFERENCES inspection_reviewers (id),
  kind text NOT NULL CHECK (kind IN ('qc', 'pricing')),
  outcome text NOT NULL CHECK (outcome IN ('approved', 'returned', 'priced')),
  at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'pricing') = (outcome = 'priced'))
);
CREATE INDEX inspection_reviews_reviewer_idx ON inspection_reviews (reviewer_id, at DESC);

CREATE TABLE inspection_report_photos (
  inspection_id bigint NOT NULL REFERENCES inspections (pk) ON DELETE CASCADE,
  slot text NOT NULL CHECK (slot IN ('front', 'back', 'odometer', 'left', 'right')),
  media_id bigint NOT NULL REFERENCES media (id),
  verdict text CHECK (verdict IN ('ok', 'problem')),
  note text NOT NULL DEFAULT '',
  verdict_by text,
  verdict_at timestamptz,
  PRIMARY KEY (inspection_id, slot),
  CHECK ((verdict IS NULL) = (verdict_by IS NULL) AND (verdict IS NULL) = (verdict_at IS NULL)),
  CHECK (verdict IS DISTINCT FROM 'problem' OR length(btrim(note)) > 0)
);

CREATE TABLE inspection_price_bands (
  inspection_id bigint PRIMARY KEY REFERENCES inspections (pk) ON DELETE CASCADE,
  low bigint NOT NULL CHECK (low >= 1000000),
  high bigint NOT NULL,
  note text NOT NULL DEFAULT '',
  reviewer_id integer NOT NULL REFERENCES inspection_reviewers (id),
  at timestamptz NOT NULL DEFAULT now(),
  CHECK (high >= low)
);

-- The desks' queues: the orders of one state, oldest change first.
CREATE INDEX inspections_review_queue_idx ON inspections (state, updated_at, pk) WHERE state IN ('Q', 'W');
