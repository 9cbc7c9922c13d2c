-- The queue's filters that keep many posts, each with the tab's state and the queue's order
-- (decision 123): at 1,000,000 posts the type and city filters counted a third or a tenth of a
-- tab from the wide rows (300-440 ms), the model filter read every post of the model to keep
-- the tab's (394 ms); on these the capped count and the page, oldest waiting first, are read
-- from the index.
CREATE INDEX IF NOT EXISTS car_posts_type_state_idx ON car_posts (car_post_type, state, submitted_at, id);
CREATE INDEX IF NOT EXISTS car_posts_city_state_idx ON car_posts (city_id, state, submitted_at, id);
CREATE INDEX IF NOT EXISTS car_posts_model_state_idx ON car_posts (model_id, state, submitted_at, id);
