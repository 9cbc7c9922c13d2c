-- Promises to pay on a claim (decision 102): pending until their day has passed, then kept (the
-- claim was paid at least the promised amount between the promise and its day) or broken.
CREATE TABLE leasing_promises (
  id bigserial PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES leasing_claims (id),
  promised_on date NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'kept', 'broken')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK ((state = 'pending') = (resolved_at IS NULL))
);
CREATE INDEX leasing_promises_pending_idx ON leasing_promises (promised_on) WHERE state = 'pending';
CREATE INDEX leasing_promises_claim_idx ON leasing_promises (claim_id, created_at DESC);
