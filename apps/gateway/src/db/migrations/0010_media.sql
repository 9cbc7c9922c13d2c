-- The media store (MODULE-STANDARD "Shared services", spec §7 POST media / GET media by id):
-- images, documents and CMS media, checked for type and size on upload and kept in the
-- database, so a backup holds them with the records that point at them.
CREATE TABLE media (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  data bytea NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (octet_length(data) = size)
);
CREATE INDEX media_sha256_idx ON media (sha256);
