-- تراکنش‌ها (transactions): the module's table. Its migrations take 2700-2799.
CREATE TABLE transactions (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
-- The list's default order, newest first, answered from the index at any depth.
CREATE INDEX transactions_created_at ON transactions (created_at DESC, id DESC);
