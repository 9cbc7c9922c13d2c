// The ledger of every module's money (issue 33, decision 118) for bench/lists: 100,000 rows over
// two hundred days of every kind but bank refunds straight into the ledger, then a fiftieth of
// them as bank refunds recorded in the outbox as an order's cancel records them (the trigger of
// 2700 makes each refund and its ledger row), moved to every state of their table; the day totals
// follow by their own triggers. Each row passes the tables' checks.
import { transactionsListFilter } from '@panel/contracts/transactions';
import type { ListBench } from './list-bench';
import { hash, minutesAgo, personName, phone, weighted } from './seed-sql';

const BY = 'bench-transactions';
const PAGE = 20;
const KINDS = { inspection_payment: 40, price_difference: 4, refund_code: 3, concierge_inspection: 8, concierge_deposit: 4, sale_commission: 8, buy_commission: 8, leasing_payment: 14, affidavit_fee: 6, expert_settlement: 5 };
const ENTITY = `CASE WHEN s.kind IN ('inspection_payment', 'price_difference', 'refund_code') THEN 'inspection' WHEN s.kind LIKE 'concierge%' OR s.kind LIKE '%commission' THEN 'concierge_sale'
  WHEN s.kind = 'leasing_payment' THEN 'leasing_claim' WHEN s.kind = 'affidavit_fee' THEN 'affidavit' ELSE 'pay_period' END`;

export const TRANSACTIONS_BENCH: ListBench = {
  name: 'transactions',
  table: 'transactions',
  procedure: 'transactions.list',
  gatewayPath: '/api/transactions/',
  toQuery: (filter: { page?: number; pageSize?: number }) => ({ ...transactionsListFilter.toQuery(filter), page: String(filter.page ?? 1), pageSize: String(filter.pageSize ?? PAGE) }),
  seed: (rows) => {
    const refunds = Math.max(1, Math.floor(rows / 50));
    return [
      `INSERT INTO transactions (kind, direction, amount, state, party_name, party_phone, party_role, entity, entity_id, entity_label, reference, description, source, source_id, source_key, created_at)
       SELECT s.kind, CASE WHEN s.kind IN ('refund_code', 'expert_settlement') THEN 'out' ELSE 'in' END, (5 + ${hash('a', 400)}) * 10000,
              CASE WHEN s.kind = 'price_difference' OR s.kind LIKE '%commission' THEN ${weighted({ pending: 2, done: 6, canceled: 1 }, 'st')}
                   WHEN s.kind LIKE 'concierge%' THEN ${weighted({ done: 8, pending: 1, refunded: 1 }, 'st')} ELSE 'done' END,
              ${personName('p')}, CASE WHEN s.kind = 'expert_settlement' THEN NULL ELSE ${phone('0912')} END,
              CASE WHEN s.kind = 'expert_settlement' THEN 'expert' WHEN s.kind IN ('buy_commission', 'affidavit_fee') THEN 'buyer' WHEN s.kind LIKE 'concierge%' OR s.kind = 'sale_commission' THEN 'seller' ELSE 'customer' END,
              ${ENTITY}, g, (7000000 + g)::text, CASE WHEN g % 3 = 0 THEN 'TR' || lpad(g::text, 8, '0') END, 'تراکنش آزمون', '${BY}', g, '${BY}:' || g, s.at
         FROM generate_series(1, ${rows - refunds}) g
        CROSS JOIN LATERAL (SELECT ${weighted(KINDS, 'k')} AS kind, ${minutesAgo('t', 200)} AS at) s`,
      `INSERT INTO outbox (channel, target, text, amount, created_by, created_at)
       SELECT 'bank_refund', 'IR12012000000000' || lpad(g::text, 10, '0'), 'بازگشت وجه آزمون', (5 + ${hash('r', 200)}) * 10000, '${BY}', ${minutesAgo('rt', 200)}
         FROM generate_series(1, ${refunds}) g`,
      `UPDATE bank_refunds SET state = s.state, version = 1, trace_number = CASE WHEN s.state IN ('sent', 'done') THEN '8' || lpad(id::text, 11, '0') END,
              sent_at = CASE WHEN s.state IN ('sent', 'done') THEN requested_at + interval '1 hour' END,
              finished_at = CASE WHEN s.state IN ('done', 'canceled') THEN requested_at + interval '2 days' END,
              last_answer = CASE s.state WHEN 'done' THEN 'paid' WHEN 'failed' THEN 'rejected' WHEN 'sent' THEN 'accepted' END
         FROM (SELECT r.id AS rid, ${weighted({ done: 12, sent: 2, requested: 3, failed: 2, canceled: 1 }, 's', 'r.id')} AS state FROM bank_refunds r WHERE r.created_by = '${BY}') s
        WHERE id = s.rid`,
      'VACUUM (ANALYZE) transactions',
      'VACUUM (ANALYZE) transaction_days',
      'VACUUM (ANALYZE) bank_refunds',
    ];
  },
  sample: (middle) => `SELECT party_phone AS phone, reference, entity_id FROM transactions WHERE source = '${BY}' AND reference IS NOT NULL ORDER BY id LIMIT 1 OFFSET ${Math.floor(middle / 3)}`,
  cases: (s, rows) => {
    const day = (offset: number) => new Date(Date.now() + 12_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    return [
      { name: 'default', filter: {} },
      { name: 'kind_refunds', filter: { kind: ['bank_refund', 'refund_code'] } },
      { name: 'state_pending', filter: { state: ['pending'] } },
      { name: 'direction_out', filter: { direction: 'out' } },
      { name: 'last_30_days', filter: { from: day(-30), to: day(0) } },
      { name: 'amount_range', filter: { amountMin: 1_000_000, amountMax: 3_000_000 } },
      { name: 'overdue_refunds', filter: { overdue: true } },
      { name: 'search_name', filter: { search: 'کاظمی' } },
      { name: 'search_phone', filter: { search: String(s.phone).slice(0, 8) } },
      { name: 'search_reference', filter: { search: String(s.reference) } },
      { name: 'search_entity_id', filter: { search: String(s.entity_id) } },
      { name: 'sort_amount_desc', filter: { sort: 'amount', isAscending: false } },
      { name: 'deep_page', filter: { page: Math.max(2, Math.floor(rows / (2.5 * PAGE))) } },
    ];
  },
};
