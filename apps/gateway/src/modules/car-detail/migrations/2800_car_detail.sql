-- جزئیات خودرو (car-detail, decision 120). The module keeps no table of its own: it reads how the
-- other modules' records name a car and follows their links. This migration gives those links
-- the indexes a lookup needs, so one car is a handful of index probes at any size.

-- A plate's key, the same as the contracts' plateKey(): Latin digits, Persian letters, no spaces,
-- dashes or the word «ایران» ('12 ب 345 ایران 67' → '12ب34567'). Plates are text as the upstream
-- sends them; the key lets any spelling of one plate find it.
CREATE OR REPLACE FUNCTION car_plate_key(plate text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT regexp_replace(
      replace(replace(translate(plate, '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩يىكةأإ', '01234567890123456789ییکهاا'), 'ایران', ''), 'IRAN', ''),
      '[[:space:]_|/.,،\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff-]', '', 'g')
  $$;

-- Car posts by plate, by the inspection they name, by the sale they belong to.
CREATE INDEX IF NOT EXISTS car_posts_plate_key_idx ON car_posts (car_plate_key(license_plate_code)) WHERE license_plate_code IS NOT NULL;
CREATE INDEX IF NOT EXISTS car_posts_inspection_token_idx ON car_posts (inspection_token) WHERE inspection_token IS NOT NULL;
CREATE INDEX IF NOT EXISTS car_posts_sale_idx ON car_posts (concierge_sale_id) WHERE concierge_sale_id IS NOT NULL;
-- Concierge sales by the post they advertise; inspection orders made for a sale.
CREATE INDEX IF NOT EXISTS concierge_sales_post_token_idx ON concierge_sales (car_post_token) WHERE car_post_token IS NOT NULL;
CREATE INDEX IF NOT EXISTS inspections_concierge_sale_idx ON inspections (concierge_sale) WHERE concierge_sale IS NOT NULL;
-- A sale's deals (canceled ones too), its affidavits; an order's tickets and reviews.
CREATE INDEX IF NOT EXISTS concierge_sale_deals_sale_idx ON concierge_sale_deals (sale_id, created_at);
CREATE INDEX IF NOT EXISTS affidavits_sale_idx ON affidavits (concierge_sale_id) WHERE concierge_sale_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS tickets_order_code_idx ON tickets (order_code) WHERE order_code IS NOT NULL;
CREATE INDEX IF NOT EXISTS inspection_reviews_inspection_idx ON inspection_reviews (inspection_id, at);
-- Price estimates of the car: the same model and year asked from the owner's phone.
CREATE INDEX IF NOT EXISTS pricing_orders_phone_model_idx ON pricing_orders (phone_number, model_id, year);
