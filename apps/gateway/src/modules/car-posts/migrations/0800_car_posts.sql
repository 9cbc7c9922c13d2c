-- Car posts (issue 16): used-car adverts that wait for staff review before they go public.
-- The car is a catalogue model (brand-models) kept with its full name; images are media-store
-- files, the first (is_cover) the cover; every change bumps `version` (a stale action is a 409).
CREATE TABLE car_posts (
  id bigserial PRIMARY KEY,
  token text NOT NULL UNIQUE CHECK (token ~ '^[a-z0-9]{6,16}$'),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'editing', 'published', 'rejected', 'archived')),
  car_post_type text NOT NULL CHECK (car_post_type IN ('concierge_sale', 'direct', 'dealer')),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 3 AND 120),
  description text NOT NULL DEFAULT '',
  model_id integer NOT NULL REFERENCES car_models (id),
  brand_model text NOT NULL CHECK (length(btrim(brand_model)) > 0),
  year integer NOT NULL CHECK (year BETWEEN 1300 AND 2100),
  usage integer NOT NULL CHECK (usage >= 0),
  color text NOT NULL,
  gearbox text NOT NULL CHECK (gearbox IN ('manual', 'automatic')),
  document text NOT NULL,
  body_status text NOT NULL,
  third_party_insurance_deadline integer CHECK (third_party_insurance_deadline IS NULL OR third_party_insurance_deadline BETWEEN 0 AND 12),
  city_id integer NOT NULL REFERENCES cities (id),
  price bigint NOT NULL CHECK (price > 0),
  is_discounted boolean NOT NULL DEFAULT false,
  discounted_price bigint,
  owner_name text NOT NULL CHECK (length(btrim(owner_name)) > 0),
  owner_phone_number text NOT NULL CHECK (owner_phone_number ~ '^09[0-9]{9}$'),
  sales_expert_name text,
  sales_expert_phone_number text CHECK (sales_expert_phone_number IS NULL OR sales_expert_phone_number ~ '^09[0-9]{9}$'),
  concierge_sale_id bigint,
  license_plate_code text,
  inspection_token text,
  -- The inspection report's body findings: [{part, finding}] with finding painted / damaged /
  -- changed / smoothed; the originality label is computed from them by the originality map.
  body_findings jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((NOT is_discounted AND discounted_price IS NULL) OR (is_discounted AND discounted_price > 0 AND discounted_price < price)),
  CHECK (submitted_at >= created_at)
);
CREATE INDEX car_posts_queue_idx ON car_posts (state, submitted_at, id);
CREATE INDEX car_posts_created_idx ON car_posts (state, created_at, id);
CREATE INDEX car_posts_price_idx ON car_posts (state, price, id);
CREATE INDEX car_posts_city_idx ON car_posts (city_id);
CREATE INDEX car_posts_model_idx ON car_posts (model_id, year);

CREATE TABLE car_post_images (
  id bigserial PRIMARY KEY,
  post_id bigint NOT NULL REFERENCES car_posts (id) ON DELETE CASCADE,
  media_id bigint NOT NULL REFERENCES media (id),
  position smallint NOT NULL CHECK (position >= 0),
  is_cover boolean NOT NULL DEFAULT false,
  UNIQUE (post_id, position)
);
-- One cover per post.
CREATE UNIQUE INDEX car_post_images_cover_idx ON car_post_images (post_id) WHERE is_cover;

-- Each edit of a post: the fields it changed ({field: {from, to}}), who and why.
CREATE TABLE car_post_versions (
  id bigserial PRIMARY KEY,
  post_id bigint NOT NULL REFERENCES car_posts (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  editor text,
  reason text NOT NULL DEFAULT '',
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, version)
);

-- The gateway's lists of reasons a moderator picks from (rejection reasons, edit reasons).
CREATE TABLE car_post_reasons (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('rejection', 'edit')),
  title text NOT NULL CHECK (length(btrim(title)) > 0),
  is_active boolean NOT NULL DEFAULT true,
  UNIQUE (kind, title)
);

-- What the seller was told: the reasons, the moderator's text and the whole message.
CREATE TABLE car_post_feedbacks (
  id bigserial PRIMARY KEY,
  post_id bigint NOT NULL REFERENCES car_posts (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('reject', 'return_to_editing')),
  reasons jsonb NOT NULL,
  text text NOT NULL DEFAULT '',
  message text NOT NULL,
  actor_username text NOT NULL,
  actor_fullname text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_post_feedbacks_post_idx ON car_post_feedbacks (post_id, created_at DESC);

INSERT INTO car_post_reasons (kind, title) VALUES
  ('rejection', 'تصاویر نامناسب یا بی‌کیفیت'),
  ('rejection', 'قیمت غیرواقعی'),
  ('rejection', 'اطلاعات خودرو با تصاویر هم‌خوانی ندارد'),
  ('rejection', 'آگهی تکراری'),
  ('rejection', 'شماره تماس در متن یا تصویر آگهی'),
  ('rejection', 'خودرو فروخته شده است'),
  ('edit', 'کارکرد خودرو را اصلاح کنید'),
  ('edit', 'تصویر جلو یا عقب خودرو لازم است'),
  ('edit', 'وضعیت بدنه را دقیق بنویسید'),
  ('edit', 'توضیحات آگهی کامل نیست'),
  ('edit', 'مهلت بیمه شخص ثالث را وارد کنید');
