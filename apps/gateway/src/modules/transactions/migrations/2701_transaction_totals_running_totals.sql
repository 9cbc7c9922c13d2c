-- The day and amount totals (2700) kept by the shared running totals (0012, decision 130): a
-- trigger function and triggers for each table, in place of this module's function that fed both
-- from a JSON copy of the changed rows. An update moves a share only when it changes what that
-- table sums by.
DROP TRIGGER transaction_totals_on_insert ON transactions;
DROP TRIGGER transaction_totals_on_delete ON transactions;
DROP TRIGGER transaction_totals_on_update ON transactions;
DROP FUNCTION transaction_totals_follow();
DROP FUNCTION transaction_totals_add(jsonb);

SELECT running_totals('transactions', 'transaction_days', 'day, kind, direction, state', 'transactions_day(r.created_at), r.kind, r.direction, r.state', 'true', 'keep', ARRAY['rows', '1', 'amount', 'r.amount'],
  '(transactions_day(NEW.created_at), NEW.kind, NEW.direction, NEW.state, NEW.amount) IS DISTINCT FROM (transactions_day(OLD.created_at), OLD.kind, OLD.direction, OLD.state, OLD.amount)');
SELECT running_totals('transactions', 'transaction_amounts', 'amount, kind, direction, state', 'r.amount, r.kind, r.direction, r.state', 'true', 'keep', ARRAY['rows', '1'],
  '(NEW.kind, NEW.direction, NEW.state, NEW.amount) IS DISTINCT FROM (OLD.kind, OLD.direction, OLD.state, OLD.amount)');
