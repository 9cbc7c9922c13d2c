-- Staff accounts of the reference gateway. Passwords are scrypt hashes (see password.ts);
-- roles are the '<service>#<role>' strings the access token carries as roles_in_services.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone_number text,
  roles text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  -- The customer the staff member is talking with right now (call-center integration);
  -- null when not on a call.
  callee_phone_number text,
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz
);

-- One row per issued refresh token: sign-out revokes it, and every refresh is counted so an
-- operator (and the tests) can see how often a session refreshed.
CREATE TABLE refresh_tokens (
  jti text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  refresh_count integer NOT NULL DEFAULT 0,
  last_refreshed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
