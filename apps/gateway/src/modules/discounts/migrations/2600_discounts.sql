-- کدهای تخفیف (discounts): the module's table. Its migrations take 2600-2699.
CREATE TABLE discounts (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
-- The list's default order, newest first, answered from the index at any depth.
CREATE INDEX discounts_created_at ON discounts (created_at DESC, id DESC);
