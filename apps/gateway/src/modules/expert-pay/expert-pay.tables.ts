import type { Generated } from 'kysely';

/** The tables of `migrations/2000_expert_pay.sql`, as the drivers answer them. */
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

export interface ExpertPayTables {
  share_rules: ShareRulesTable;
  pay_periods: PayPeriodsTable;
  pay_lines: PayLinesTable;
  pay_settle_lock: { id: number };
}
