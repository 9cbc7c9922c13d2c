-- جزئیات خودرو (car-detail): the module's table. Its migrations take 2800-2899.
CREATE TABLE car_detail (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
-- The list's default order, newest first, answered from the index at any depth.
CREATE INDEX car_detail_created_at ON car_detail (created_at DESC, id DESC);
