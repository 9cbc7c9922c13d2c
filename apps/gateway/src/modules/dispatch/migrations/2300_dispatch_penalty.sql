-- A cancellation's penalty is a fact of its own (issue 31), not words in the history's details:
-- expert pay deducts it (decision 107), and reads it by day without parsing the text. Rows written
-- before this column said it only in `details` ("…، با جریمه…"); they are carried over here.
ALTER TABLE dispatch_history ADD COLUMN penalty boolean NOT NULL DEFAULT false;
UPDATE dispatch_history SET penalty = true
 WHERE action = 'cancel_assignment'
   AND (details LIKE 'لغو توسط کارشناس، با جریمه%' OR details LIKE 'لغو توسط پشتیبانی یا مشتری، با جریمه%');
ALTER TABLE dispatch_history ADD CONSTRAINT dispatch_history_penalty_is_a_cancel CHECK (NOT penalty OR action = 'cancel_assignment');
-- Expert pay asks for a period's penalties by time: a small partial index over the penalised ones.
CREATE INDEX dispatch_history_penalty_at_idx ON dispatch_history (at) WHERE penalty;
