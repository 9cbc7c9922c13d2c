-- The open days (2001) kept by the shared running totals (0012, decision 130): the unpaid rows
-- with an amount, summed by day, expert and kind; a key whose lines fall to 0 is removed, as before.
DROP TRIGGER pay_open_days_on_insert ON pay_earnings;
DROP TRIGGER pay_open_days_on_update ON pay_earnings;
DROP TRIGGER pay_open_days_on_delete ON pay_earnings;
DROP FUNCTION pay_open_days_follow();

SELECT running_totals('pay_earnings', 'pay_open_days', 'day, expert_id, kind', 'r.day, r.expert_id, r.kind', 'r.paid IS NULL AND r.amount <> 0', 'drop', ARRAY['lines', '1', 'amount', 'r.amount']);
