-- The order list reads the shared `inspections` table; this adds what its filters, sorts and
-- searches need to stay in SQL at 100,000 orders, and the sequence new order codes come from.

-- Order codes are numbers staff read out on the phone; a sequence far above the seeded range
-- keeps codes of other modules' rows and of new phone requests from meeting.
CREATE SEQUENCE IF NOT EXISTS inspection_order_code_seq START WITH 5000001;

-- Default sort (time_slot ascending) walks this index and stops after one page.
CREATE INDEX IF NOT EXISTS inspections_visit_pk_idx ON inspections (visit_date, time_slot, pk);
CREATE INDEX IF NOT EXISTS inspections_created_idx ON inspections (created_at, pk);
-- Prefix searches by order code and phone number ('0912…').
CREATE INDEX IF NOT EXISTS inspections_code_prefix_idx ON inspections (code text_pattern_ops);
CREATE INDEX IF NOT EXISTS inspections_phone_prefix_idx ON inspections (phone_number text_pattern_ops);
CREATE INDEX IF NOT EXISTS inspections_expert_idx ON inspections (expert_id);
CREATE INDEX IF NOT EXISTS inspections_mechanic_idx ON inspections (mechanic_id);
