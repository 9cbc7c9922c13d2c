-- What leaves the system (MODULE-STANDARD "Outbox"): SMS, pushes to experts, payment links and
-- bank refunds are recorded here with their text, target and state and never sent by the
-- reference gateway; the SMS history reads them. A real provider would be one adapter behind it.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'push', 'bank_refund')),
  target text NOT NULL,
  text text NOT NULL,
  amount bigint CHECK (amount IS NULL OR amount >= 0),
  entity text,
  entity_id bigint,
  state text NOT NULL DEFAULT 'recorded' CHECK (state IN ('recorded', 'sent', 'failed')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created ON outbox (created_at DESC, id DESC);
CREATE INDEX outbox_entity ON outbox (entity, entity_id);
