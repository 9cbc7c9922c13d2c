-- The originality map (issue 16, decision 085): the inspection report's body findings per part
-- mapped to the originality label car posts and sales show. Car posts compute a post's label as
-- the label of the matching rule with the highest severity (the screen calls it priority), and
-- the 'none' rule's label when the report found nothing (car-posts.service `originalityLabel`).
-- `originality_map` is the map's one row: its version (a save names the version it read) and
-- who saved it last; each edit is logged in action_log (entity 'originality_map', id 1).
CREATE TABLE originality_map (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

CREATE TABLE originality_rules (
  id serial PRIMARY KEY,
  part text NOT NULL CHECK (part IN ('*', 'hood', 'roof', 'trunk', 'front_fender_right', 'front_fender_left', 'rear_fender_right', 'rear_fender_left',
    'front_door_right', 'front_door_left', 'rear_door_right', 'rear_door_left')),
  finding text NOT NULL CHECK (finding IN ('none', 'painted', 'smoothed', 'damaged', 'changed')),
  label text NOT NULL CHECK (length(btrim(label)) BETWEEN 2 AND 60),
  severity integer NOT NULL UNIQUE CHECK (severity BETWEEN 1 AND 1000),
  UNIQUE (part, finding),
  CHECK (finding <> 'none' OR part = '*')
);

-- The map the sale team starts from: the labels buyers know from the marketplace.
INSERT INTO originality_map (id, version, updated_by) VALUES (1, 1, NULL);
INSERT INTO originality_rules (part, finding, label, severity) VALUES
  ('*', 'none', 'بدون رنگ', 1),
  ('*', 'smoothed', 'صافکاری بدون رنگ', 10),
  ('*', 'painted', 'یک لکه رنگ', 20),
  ('trunk', 'painted', 'درب صندوق رنگ', 25),
  ('hood', 'painted', 'کاپوت رنگ', 30),
  ('roof', 'painted', 'سقف رنگ', 35),
  ('*', 'damaged', 'تصادفی', 50),
  ('*', 'changed', 'تعویضی', 60),
  ('front_fender_right', 'changed', 'گلگیر تعویض', 61),
  ('front_fender_left', 'changed', 'گلگیر تعویض', 62),
  ('hood', 'changed', 'کاپوت تعویض', 70),
  ('roof', 'damaged', 'سقف تصادفی', 80),
  ('roof', 'changed', 'سقف تعویض', 90);
