-- The brand-model catalogue every module picks from. Reference data, not demo data: the next
-- migration ships the brands and models of cars sold in Iran, so every database has them.
CREATE TABLE car_brands (
  id serial PRIMARY KEY,
  name_fa text NOT NULL UNIQUE CHECK (length(btrim(name_fa)) > 0),
  name_en text NOT NULL UNIQUE CHECK (length(btrim(name_en)) > 0),
  logo_url text
);

CREATE TABLE car_models (
  id serial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES car_brands (id),
  name_fa text NOT NULL CHECK (length(btrim(name_fa)) > 0),
  name_en text NOT NULL,
  body_type text NOT NULL CHECK (body_type IN ('sedan', 'hatchback', 'suv', 'crossover', 'pickup', 'van', 'motorcycle')),
  vehicle_type text NOT NULL DEFAULT 'light_car' CHECK (vehicle_type IN ('light_car', 'heavy_car', 'motorcycle')),
  year_from integer NOT NULL CHECK (year_from BETWEEN 1300 AND 2100),
  year_to integer CHECK (year_to IS NULL OR year_to >= year_from),
  is_imported boolean NOT NULL DEFAULT false,
  UNIQUE (brand_id, name_fa)
);

CREATE INDEX car_models_brand_idx ON car_models (brand_id, name_fa);
