-- The order list's car filter is a catalogue pick matched exactly (decision 123): the model's
-- full name in both digit forms, with the list's states. On this index the capped count and the
-- filter are read from the index alone (at 1,000,000 orders: 518 ms as a contains-search on the
-- trigram index, 4 ms this way).
CREATE INDEX IF NOT EXISTS inspections_brand_model_state_idx ON inspections (brand_model, state);
