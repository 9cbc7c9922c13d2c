-- Notifications (decision 087): SMS templates, the record of each hand-written SMS (for the
-- per-user rate and the template's use) and the messages to experts. The messages themselves are
-- outbox rows (core 0003); this module adds only the indexes its lists read the outbox with.

CREATE TABLE sms_templates (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 2 AND 80),
  text text NOT NULL CHECK (length(btrim(text)) BETWEEN 1 AND 536),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL CHECK (length(btrim(created_by)) > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL CHECK (length(btrim(updated_by)) > 0)
);
-- Two templates of one name would be picked by mistake; the name is unique whatever its case or spaces.
CREATE UNIQUE INDEX sms_templates_name_idx ON sms_templates (lower(btrim(name)));

-- One row per SMS a staff member wrote by hand (the outbox row is the message itself).
CREATE TABLE manual_sms (
  outbox_id bigint PRIMARY KEY REFERENCES outbox (id),
  template_id bigint REFERENCES sms_templates (id),
  placeholder_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX manual_sms_rate_idx ON manual_sms (created_by, created_at DESC);
CREATE INDEX manual_sms_template_idx ON manual_sms (template_id) WHERE template_id IS NOT NULL;

-- A message to experts: who wrote it, when, to which audience and how many got it. Its pushes
-- are outbox rows with entity 'expert_message' and this id.
CREATE TABLE expert_messages (
  id bigserial PRIMARY KEY,
  text text NOT NULL CHECK (length(btrim(text)) BETWEEN 1 AND 500),
  audience jsonb NOT NULL,
  recipient_count integer NOT NULL CHECK (recipient_count > 0),
  created_by text NOT NULL CHECK (length(btrim(created_by)) > 0),
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expert_messages_created_idx ON expert_messages (created_at DESC, id DESC);

-- The history lists one channel newest first, by sender, by target prefix or by state.
CREATE INDEX outbox_channel_created_idx ON outbox (channel, created_at DESC, id DESC);
CREATE INDEX outbox_created_by_idx ON outbox (created_by, created_at DESC);
CREATE INDEX outbox_target_idx ON outbox (channel, target text_pattern_ops);
