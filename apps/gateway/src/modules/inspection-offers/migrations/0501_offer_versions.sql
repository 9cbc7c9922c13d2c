-- Offer monitoring is live (decision 033): every change of an offer (an expert saw or declined
-- it, it closed) grows its version, so a late or replayed change never overwrites a newer one.
ALTER TABLE inspection_offers ADD COLUMN version integer NOT NULL DEFAULT 1;
