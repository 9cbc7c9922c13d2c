-- The car-info list by newest information (decision 119): the list's by-model order is the
-- unique (model_id, name_fa) key of car_types.
CREATE INDEX IF NOT EXISTS car_info_updated_type_idx ON car_info (updated_at DESC, type_id DESC);
