-- اسکیماهای کارشناسی (report-schemas): the module's table. Its migrations take 2100-2199.
CREATE TABLE report_schemas (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
-- The list's default order, newest first, answered from the index at any depth.
CREATE INDEX report_schemas_created_at ON report_schemas (created_at DESC, id DESC);
