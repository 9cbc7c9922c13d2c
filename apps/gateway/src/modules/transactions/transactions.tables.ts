import type { Generated } from 'kysely';
import type { BankAnswer, PartyRole, RefundState, TransactionDirection, TransactionEntity, TransactionKind, TransactionState } from '@panel/contracts/transactions';

/** The tables of `migrations/2700_transactions.sql`. Money is in tomans (bigint, read as a number). */
export interface TransactionsTable {
  id: Generated<number>;
  kind: TransactionKind;
  direction: TransactionDirection;
  amount: number;
  state: TransactionState;
  party_name: string;
  party_phone: string | null;
  party_role: PartyRole;
  entity: TransactionEntity | null;
  entity_id: number | null;
  entity_label: Generated<string>;
  reference: string | null;
  description: Generated<string>;
  source: string;
  source_id: number;
  source_key: string;
  refund_id: number | null;
  created_at: string;
  updated_at: Generated<string>;
}

export interface BankRefundsTable {
  id: Generated<number>;
  outbox_id: number;
  transaction_id: number | null;
  state: Generated<RefundState>;
  version: Generated<number>;
  amount: number;
  target: string;
  party_name: Generated<string>;
  party_phone: string | null;
  party_role: Generated<PartyRole>;
  entity: string | null;
  entity_id: number | null;
  entity_label: Generated<string>;
  reason: Generated<string>;
  attempts: Generated<number>;
  trace_number: string | null;
  last_answer: BankAnswer | null;
  bank_note: Generated<string>;
  requested_at: Generated<string>;
  sent_at: string | null;
  last_checked_at: string | null;
  finished_at: string | null;
  created_by: string;
}

export interface BankRefundAnswersTable {
  id: Generated<number>;
  refund_id: number;
  answer: BankAnswer;
  note: Generated<string>;
  given_at: string | null;
}

export interface TransactionDaysTable {
  day: string;
  kind: TransactionKind;
  direction: TransactionDirection;
  state: TransactionState;
  rows: number;
  amount: number;
}

export interface TransactionAmountsTable {
  kind: TransactionKind;
  direction: TransactionDirection;
  state: TransactionState;
  amount: number;
  rows: number;
}

export interface TransactionsTables {
  transactions: TransactionsTable;
  bank_refunds: BankRefundsTable;
  bank_refund_answers: BankRefundAnswersTable;
  transaction_days: TransactionDaysTable;
  transaction_amounts: TransactionAmountsTable;
}
