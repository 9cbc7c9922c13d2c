-- API tokens for machines (issue 18): an integrator's script calls with
-- `Authorization: Bearer pnl_...`. Only the token's SHA-256 is kept (a random 32-byte token
-- needs no slow hash); the first characters are kept apart so the list can tell tokens apart.
-- Each token's actions are recorded as done by 'token:<name>', so a name is never reused.
CREATE TABLE api_tokens (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 2 AND 60),
  token_hash text NOT NULL UNIQUE CHECK (char_length(token_hash) = 64),
  prefix text NOT NULL,
  roles text[] NOT NULL CHECK (cardinality(roles) > 0),
  created_by bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);

CREATE INDEX api_tokens_created_by_idx ON api_tokens (created_by);
