import type { Generated } from 'kysely';

/** The tables of `migrations/2000_expert_pay.sql` and `2001_pay_earnings.sql`, as the drivers answer them. */
export interface ShareRulesTable {
  pk: Generated<number>;
  rule_id: number;
  version: number;
  in_force: Generated<boolean>;
  tab: 'shift' | 'date';
  all_time_shift: boolean;
  days: number[];
  cities: number[];
  condition: string | null;
  inspection_type: string | null;
  shift: string | null;
  start_date: string;
  end_date: string;
  inspection_price_ratio: number;
  expert_share_ratio: number;
  mechanic_share_ratio: number;
  created_by: string;
  created_at: Generated<string>;
}

export interface PayPeriodsTable {
  pk: Generated<number>;
  period: string;
  start_date: string;
  end_date: string;
  total: number;
  line_count: number;
  settled_by: string;
  settled_at: Generated<string>;
}

export interface PayLinesTable {
  pk: Generated<number>;
  period_id: number;
  kind: 'expert_share' | 'mechanic_share' | 'penalty' | 'clawback';
  expert_id: number;
  source_key: string;
  inspection_id: number | null;
  inspection_code: string | null;
  day: string;
  rule_pk: number | null;
  rule_id: number | null;
  rule_version: number | null;
  inputs: unknown;
  amount: number;
  reason: Generated<string>;
  corrects_line: number | null;
}

/** What a done inspection earns a person, kept by the database (decision 114), and what was paid for it. */
export interface PayEarningsTable {
  kind: 'expert_share' | 'mechanic_share';
  expert_id: number;
  inspection_id: number;
  inspection_code: string;
  day: string;
  done: boolean;
  rule_pk: number | null;
  rule_id: number | null;
  rule_version: number | null;
  price: number;
  base_share: number;
  price_ratio: number;
  share_ratio: number;
  amount: number;
  paid: number | null;
  settled_line: number | null;
  settled_end: string | null;
}

/** The unpaid earnings summed by day, expert and kind. */
export interface PayOpenDaysTable {
  day: string;
  expert_id: number;
  kind: 'expert_share' | 'mechanic_share';
  lines: number;
  amount: number;
}

/** A settled period's sums per expert, written when it was settled. */
export interface PayPeriodExpertsTable {
  period_id: number;
  expert_id: number;
  lines: number;
  earnings: number;
  penalties: number;
  clawbacks: number;
  total: number;
}

export interface ExpertPayTables {
  share_rules: ShareRulesTable;
  pay_periods: PayPeriodsTable;
  pay_lines: PayLinesTable;
  pay_settle_lock: { id: number };
  pay_earnings: PayEarningsTable;
  pay_open_days: PayOpenDaysTable;
  pay_period_experts: PayPeriodExpertsTable;
}
