-- AI quality control (issue 33, decision 116). The module's migrations take 2500-2599.

-- The models that have written texts (a filter's options), added by their first text.
CREATE TABLE ai_models (
  name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._:/-]{1,63}$'),
  first_seen_at timestamptz NOT NULL DEFAULT now()
);

-- A machine-made text waiting for, or past, a person's review; it describes an inspection order
-- (a report's summary or technical notes) or a car post (its description or highlights).
CREATE TABLE ai_texts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('report_summary', 'report_technical', 'post_description', 'post_highlights')),
  model text NOT NULL REFERENCES ai_models (name),
  inspection_pk bigint REFERENCES inspections (pk),
  car_post_id bigint REFERENCES car_posts (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'regenerating')),
  version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  machine_text text NOT NULL CHECK (length(machine_text) BETWEEN 10 AND 5000),
  final_text text CHECK (length(final_text) BETWEEN 10 AND 5000),
  edited boolean NOT NULL DEFAULT false,
  changed_words integer CHECK (changed_words >= 0),
  change_percent smallint CHECK (change_percent BETWEEN 0 AND 100),
  reject_reason text CHECK (reject_reason IN ('wrong_facts', 'incomplete', 'tone', 'personal_data', 'unrelated', 'language', 'other')),
  review_note text NOT NULL DEFAULT '' CHECK (length(review_note) <= 500),
  reviewed_by text,
  reviewed_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- What it describes follows its kind: a report's text an order, a post's text a post.
  CHECK ((kind IN ('report_summary', 'report_technical')) = (inspection_pk IS NOT NULL AND car_post_id IS NULL)),
  CHECK ((kind IN ('post_description', 'post_highlights')) = (car_post_id IS NOT NULL AND inspection_pk IS NULL)),
  -- Approved has its text and its change measure (edited exactly when the text differs); only
  -- rejected has a reason; decided ones name their reviewer.
  CHECK ((state = 'approved') = (final_text IS NOT NULL)),
  CHECK ((state = 'approved') = (changed_words IS NOT NULL AND change_percent IS NOT NULL)),
  CHECK (state <> 'approved' OR edited = (final_text <> machine_text)),
  CHECK (state = 'approved' OR NOT edited),
  CHECK (edited = (coalesce(changed_words, 0) > 0)),
  CHECK ((state = 'rejected') = (reject_reason IS NOT NULL)),
  CHECK (reject_reason IS DISTINCT FROM 'other' OR review_note <> ''),
  CHECK ((state IN ('approved', 'rejected')) = (reviewed_by IS NOT NULL AND reviewed_at IS NOT NULL))
);
-- The queue (waiting, oldest first) and every state's list, answered from an index at any depth.
CREATE INDEX ai_texts_state_created ON ai_texts (state, created_at, id);
CREATE INDEX ai_texts_created ON ai_texts (created_at, id);
CREATE INDEX ai_texts_kind_state_created ON ai_texts (kind, state, created_at, id);
CREATE INDEX ai_texts_model_state_created ON ai_texts (model, state, created_at, id);
CREATE INDEX ai_texts_reviewed ON ai_texts (reviewed_at, id);
CREATE INDEX ai_texts_state_reviewed ON ai_texts (state, reviewed_at, id);
CREATE INDEX ai_texts_state_change ON ai_texts (state, change_percent, id);
CREATE INDEX ai_texts_state_edited_created ON ai_texts (state, edited, created_at, id);
CREATE INDEX ai_texts_inspection ON ai_texts (inspection_pk) WHERE inspection_pk IS NOT NULL;
CREATE INDEX ai_texts_car_post ON ai_texts (car_post_id) WHERE car_post_id IS NOT NULL;
-- Word-prefix search over the machine's and the approved text.
CREATE INDEX ai_texts_search_fts ON ai_texts USING gin (to_tsvector('simple', machine_text || ' ' || coalesce(final_text, '')));
