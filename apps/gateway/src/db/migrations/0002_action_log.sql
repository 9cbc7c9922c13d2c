-- The action log of every workflow (MODULE-STANDARD): who did what to which entity, from which
-- state to which, and why. One table for all modules, keyed by the entity's kind and id, so a
-- detail page reads its history with one indexed query and every module logs the same way.
CREATE TABLE action_log (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  entity_id bigint NOT NULL,
  action text NOT NULL,
  from_state text,
  to_state text,
  actor_username text NOT NULL,
  actor_fullname text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  details jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_log_entity ON action_log (entity, entity_id, at DESC, id DESC);
