-- Inspection tickets: issues staff raise about an order or an expert. `order_code` is the
-- order's code as staff read it (no foreign key: tickets outlive anonymized orders).
CREATE TABLE tickets (
  pk bigserial PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT 'other',
  order_code text,
  expert_id bigint,
  assistant text,
  resolved boolean NOT NULL DEFAULT false,
  resolved_at timestamptz,
  resolved_by text,
  resolution_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tickets_created_idx ON tickets (created_at DESC, pk DESC);
CREATE INDEX tickets_expert_idx ON tickets (expert_id);
