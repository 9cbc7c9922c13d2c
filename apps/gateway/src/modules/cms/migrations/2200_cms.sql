-- The content section (spec §7 CMS, decisions 111, 112). The module's migrations take 2200-2299.

-- Categories: a tree. Siblings are ordered by position (a reorder swaps two neighbours under the
-- lock of the parent's children; ties, which a lock makes impossible, would fall back to the id);
-- a name is unique among its siblings.
CREATE TABLE cms_categories (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES cms_categories (id),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  position integer NOT NULL CHECK (position >= 0),
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE UNIQUE INDEX cms_categories_name ON cms_categories (COALESCE(parent_id, 0), name);
CREATE INDEX cms_categories_position ON cms_categories (COALESCE(parent_id, 0), position, id);

-- Content items. The body is sanitised HTML (decision 111); a published item has its publish time.
CREATE TABLE cms_contents (
  id bigserial PRIMARY KEY,
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) <= 200000),
  category_id integer NOT NULL REFERENCES cms_categories (id),
  cover_media_id bigint REFERENCES media (id),
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'archived')),
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  published_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'published') = (published_at IS NOT NULL))
);
-- The list's default order (last changed first), by state and by category; word-prefix search on titles.
CREATE INDEX cms_contents_updated ON cms_contents (updated_at DESC, id DESC);
CREATE INDEX cms_contents_state_updated ON cms_contents (state, updated_at DESC, id DESC);
CREATE INDEX cms_contents_category_updated ON cms_contents (category_id, updated_at DESC, id DESC);
CREATE INDEX cms_contents_title ON cms_contents (title, id);
CREATE INDEX cms_contents_title_fts ON cms_contents USING gin (to_tsvector('simple', title));
-- The public endpoint: published items, newest first.
CREATE INDEX cms_contents_published ON cms_contents (published_at DESC, id DESC) WHERE state = 'published';

-- Brand-model tags of an item (the shared catalogue's models).
CREATE TABLE cms_content_tags (
  content_id bigint NOT NULL REFERENCES cms_contents (id) ON DELETE CASCADE,
  model_id integer NOT NULL REFERENCES car_models (id),
  PRIMARY KEY (content_id, model_id)
);
CREATE INDEX cms_content_tags_model ON cms_content_tags (model_id, content_id);

-- The media files an item shows (its cover and the images of its body), so the public endpoint
-- serves a file only while a published item shows it.
CREATE TABLE cms_content_media (
  content_id bigint NOT NULL REFERENCES cms_contents (id) ON DELETE CASCADE,
  media_id bigint NOT NULL REFERENCES media (id),
  PRIMARY KEY (content_id, media_id)
);
CREATE INDEX cms_content_media_media ON cms_content_media (media_id, content_id);

-- Who has an item open in the editor: one row per editor, its heartbeat renewed while open.
CREATE TABLE cms_content_editors (
  content_id bigint NOT NULL REFERENCES cms_contents (id) ON DELETE CASCADE,
  username text NOT NULL,
  fullname text NOT NULL DEFAULT '',
  since timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (content_id, username)
);
