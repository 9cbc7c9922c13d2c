-- The car's VIN (شماره شاسی, decision 136), as the post's owner or the inspection gave it; nullable
-- (an advert need not carry one). 17 Latin capitals and digits without I, O and Q, at least one
-- letter, as the contracts' `readVin` writes it. Car detail looks a car up by it.
ALTER TABLE car_posts ADD COLUMN IF NOT EXISTS vin text
  CONSTRAINT car_posts_vin_check CHECK (vin IS NULL OR (vin ~ '^[A-HJ-NPR-Z0-9]{17}$' AND vin ~ '[A-Z]'));
CREATE INDEX IF NOT EXISTS car_posts_vin_idx ON car_posts (vin) WHERE vin IS NOT NULL;
