-- The car's VIN (شماره شاسی, decision 136): the order's car as the caller or the expert reads it
-- from the car's card, nullable (not known yet). 17 Latin capitals and digits without I, O and Q,
-- at least one letter, as the contracts' `readVin` writes it. Car detail looks a car up by it.
ALTER TABLE inspections ADD COLUMN IF NOT EXISTS vin text
  CONSTRAINT inspections_vin_check CHECK (vin IS NULL OR (vin ~ '^[A-HJ-NPR-Z0-9]{17}$' AND vin ~ '[A-Z]'));
CREATE INDEX IF NOT EXISTS inspections_vin_idx ON inspections (vin) WHERE vin IS NOT NULL;
