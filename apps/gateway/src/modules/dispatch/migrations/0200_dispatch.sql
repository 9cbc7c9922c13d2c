-- The dispatch sheet: experts, their areas, the day's shifts and the expert x shift cells
-- (expert timeslots) with availability, an optional inspection, an optional hold and a version.

CREATE TABLE dispatch_areas (
  id integer PRIMARY KEY,
  name text NOT NULL,
  city_id integer NOT NULL REFERENCES cities(id)
);

CREATE TABLE experts (
  pk bigserial PRIMARY KEY,
  report_name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 5),
  is_car_expert boolean NOT NULL DEFAULT false,
  is_motor_cycle_expert boolean NOT NULL DEFAULT false,
  is_concierge_sale_expert boolean NOT NULL DEFAULT false,
  is_car_mechanic boolean NOT NULL DEFAULT false,
  is_motor_cycle_mechanic boolean NOT NULL DEFAULT false,
  is_leasing_expert boolean NOT NULL DEFAULT false,
  city_id integer NOT NULL REFERENCES cities(id),
  areas integer[] NOT NULL DEFAULT '{}'
);

-- One row per Tehran day and 2-hour slot (slot 0 is 08-10 ... slot 5 is 18-20).
CREATE TABLE dispatch_shifts (
  pk bigserial PRIMARY KEY,
  date date NOT NULL,
  slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 5),
  start_time text NOT NULL,
  end_time text NOT NULL,
  UNIQUE (date, slot)
);

CREATE TABLE expert_timeslots (
  pk bigserial PRIMARY KEY,
  expert_id bigint NOT NULL REFERENCES experts(pk),
  shift_id bigint NOT NULL REFERENCES dispatch_shifts(pk),
  state smallint NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 4),
  inspection_id bigint UNIQUE REFERENCES inspections(pk),
  hold_username text,
  hold_fullname text,
  hold_expires_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (expert_id, shift_id)
);

CREATE INDEX expert_timeslots_shift_idx ON expert_timeslots (shift_id);
CREATE INDEX expert_timeslots_hold_idx ON expert_timeslots (hold_expires_at) WHERE hold_expires_at IS NOT NULL;

CREATE TABLE dispatch_notes (
  pk bigserial PRIMARY KEY,
  agent_username text NOT NULL,
  agent_fullname text NOT NULL,
  content text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  shift_id bigint NOT NULL REFERENCES dispatch_shifts(pk),
  expert_id bigint NOT NULL REFERENCES experts(pk),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dispatch_notes_cell_idx ON dispatch_notes (expert_id, shift_id);

CREATE TABLE dispatch_history (
  pk bigserial PRIMARY KEY,
  timeslot_id bigint NOT NULL REFERENCES expert_timeslots(pk),
  action text NOT NULL,
  actor_username text NOT NULL DEFAULT '',
  actor_fullname text NOT NULL DEFAULT '',
  inspection_code text,
  details text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dispatch_history_timeslot_idx ON dispatch_history (timeslot_id);

ALTER TABLE inspections ADD COLUMN IF NOT EXISTS offer_sent_at timestamptz;
