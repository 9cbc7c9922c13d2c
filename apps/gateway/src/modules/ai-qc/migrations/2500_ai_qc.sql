-- کنترل کیفیت هوشمند (ai-qc): the module's table. Its migrations take 2500-2599.
CREATE TABLE ai_qc (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
-- The list's default order, newest first, answered from the index at any depth.
CREATE INDEX ai_qc_created_at ON ai_qc (created_at DESC, id DESC);
