-- A post's third-party insurance deadline is the day the insurance runs out (decision 080), not
-- the months left when the post was written: a count of months goes stale while the post waits
-- and is read by the moderator as a date anyway. Existing counts become that many months after
-- the post was created, on the Tehran calendar.
ALTER TABLE car_posts DROP CONSTRAINT IF EXISTS car_posts_third_party_insurance_deadline_check;
ALTER TABLE car_posts ALTER COLUMN third_party_insurance_deadline TYPE date
  USING ((created_at AT TIME ZONE 'Asia/Tehran')::date + make_interval(months => third_party_insurance_deadline))::date;
