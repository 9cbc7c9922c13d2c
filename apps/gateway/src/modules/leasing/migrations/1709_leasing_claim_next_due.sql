-- The earliest unpaid instalment's due day, kept on its claim (decision 102, "the claims list at
-- 100,000 rows"): the list's overdue filter and its «next due» column read the claim row and this
-- index instead of probing every claim's instalments. A claim is overdue exactly when this day has
-- passed. Kept by a trigger on the instalments (a payment's allocation, a schedule change, a new
-- claim's schedule), so no code path can leave it stale.
ALTER TABLE leasing_claims ADD COLUMN next_due_date date;
CREATE INDEX leasing_claims_next_due_idx ON leasing_claims (next_due_date, id);

CREATE FUNCTION leasing_claim_next_due() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  claim bigint;
  due date;
BEGIN
  IF TG_OP = 'DELETE' THEN claim := OLD.claim_id; ELSE claim := NEW.claim_id; END IF;
  SELECT min(due_date) INTO due FROM leasing_instalments WHERE claim_id = claim AND paid < amount;
  UPDATE leasing_claims SET next_due_date = due WHERE id = claim AND next_due_date IS DISTINCT FROM due;
  RETURN NULL;
END $$;
CREATE TRIGGER leasing_claim_next_due AFTER INSERT OR DELETE OR UPDATE OF due_date, amount, paid ON leasing_instalments
  FOR EACH ROW EXECUTE FUNCTION leasing_claim_next_due();

-- The claims there are, last: the update queues the claims' commit-time checks, and a table with
-- queued trigger events takes no more DDL in this transaction.
UPDATE leasing_claims c SET next_due_date = (SELECT min(i.due_date) FROM leasing_instalments i WHERE i.claim_id = c.id AND i.paid < i.amount);
