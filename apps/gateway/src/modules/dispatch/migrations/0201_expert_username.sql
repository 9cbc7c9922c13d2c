-- The expert app's account of an expert (decision 033): the username its access token carries
-- (role 'backoffice#expert'); the expert app's endpoints find the expert by it.
ALTER TABLE experts ADD COLUMN username text UNIQUE;
UPDATE experts SET username = 'expert' || pk WHERE username IS NULL;
