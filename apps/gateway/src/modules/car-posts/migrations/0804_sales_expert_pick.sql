-- The queue's sales-expert filter is a pick (decision 123, stop 49): the moderator picks one of
-- the experts who have posts and the filter matches the name exactly. This index serves the
-- filter with the tab's state and the queue's order (the capped count and the page from the
-- index), and lists the experts by skipping through it, one probe each. At 1,000,000 posts the
-- contains-search over name or phone it replaces read 25,700 rows from the trigram bitmaps
-- (79 ms at p50); nothing else searches those two columns, so their trigram indexes go.
CREATE INDEX IF NOT EXISTS car_posts_expert_state_idx ON car_posts (sales_expert_name, state, submitted_at, id);
DROP INDEX IF EXISTS car_posts_expert_trgm;
DROP INDEX IF EXISTS car_posts_expert_phone_trgm;
