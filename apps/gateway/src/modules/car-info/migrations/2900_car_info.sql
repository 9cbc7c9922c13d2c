-- اطلاعات خودرو (car-info, issue 33, decision 119): what the company tells of each type (trim) of
-- the catalogue. Its migrations take 2900-2999. A type's information follows its type, so a
-- catalogue merge (which moves types) carries it along.
CREATE TABLE car_info (
  type_id integer PRIMARY KEY REFERENCES car_types (id),
  content text NOT NULL DEFAULT '' CHECK (length(content) <= 5000),
  options text[] NOT NULL DEFAULT '{}' CHECK (cardinality(options) <= 100),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_info_updated_idx ON car_info (updated_at DESC, type_id);

CREATE TABLE car_info_images (
  id bigserial PRIMARY KEY,
  type_id integer NOT NULL REFERENCES car_types (id),
  media_id bigint NOT NULL REFERENCES media (id),
  caption text NOT NULL DEFAULT '' CHECK (length(caption) <= 120),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_info_images_type_idx ON car_info_images (type_id, id);

-- Staff comments and customers' feedbacks (a feedback has a rating and a state of its own).
CREATE TABLE car_info_notes (
  id bigserial PRIMARY KEY,
  type_id integer NOT NULL REFERENCES car_types (id),
  kind text NOT NULL CHECK (kind IN ('comment', 'feedback')),
  author text NOT NULL CHECK (length(btrim(author)) BETWEEN 1 AND 80),
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 1000),
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'published', 'hidden')),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'feedback') = (rating IS NOT NULL)),
  CHECK (kind = 'feedback' OR state = 'published')
);
CREATE INDEX car_info_notes_type_idx ON car_info_notes (type_id, kind, created_at DESC);
