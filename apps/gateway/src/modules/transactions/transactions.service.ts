import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { formatToman, toPersianDigits, type ActionLogEntry } from '@panel/contracts/common';
import {
  BANK_ANSWERS,
  REFUNDABLE_KINDS,
  REFUND_OVERDUE_HOURS,
  TRANSACTIONS_MESSAGES,
  type Refund,
  type TransactionDetail,
  type TransactionPage,
  type TransactionTotals,
  type TransactionsListFilter,
} from '@panel/contracts/transactions';
import type { CoreTables } from '../../db/core-tables';
import type { Queryable } from '../../db/db';
import { digitsSearch, likePrefix, pagedList, sortOrder, tehranDayRange, wordsMatch } from '../../db/list-query';
import { notFound } from '../../errors';
import type { BankRefundsTable, TransactionsTables } from './transactions.tables';

// The ledger read (decision 118): the list filtered and sorted in SQL with the totals of the
// filtered set summed by the database (from the day totals when the filter allows, else from the
// rows), one row with its refund and what is left to give back, and a refund's history.

export type TransactionsTablesAll = CoreTables & TransactionsTables;
export type TransactionsDb = Kysely<TransactionsTablesAll>;
export const REFUND_ENTITY = 'bank_refund';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], amount: ['t.amount', 't.id'] } as const;

/** A bank refund not at its end past the threshold (the database's clock). */
const OPEN_REFUND = sql<SqlBool>`(t.kind = 'bank_refund' AND t.state IN ('pending', 'failed'))`;
const OVERDUE = sql<boolean>`(${OPEN_REFUND} AND t.created_at < now() - make_interval(hours => ${REFUND_OVERDUE_HOURS}))`;

function filtered(q: TransactionsDb, filter: TransactionsListFilter) {
  let query = q.selectFrom('transactions as t');
  const search = filter.search;
  if (search) {
    // Digits: a phone's start, a reference, an entity's code or id. A Latin code (a bank's or a
    // discount code, a sale's token): a reference or an entity's code. Else the starts of a name's
    // words, alone, so the word index answers it (an OR with other columns walked every row).
    const digits = digitsSearch(search);
    if (digits || /^[A-Za-z0-9-]+$/.test(search)) {
      query = query.where((eb) => {
        const any: Expression<SqlBool>[] = [eb('t.reference', 'in', [search, search.toUpperCase()]), eb('t.entity_label', '=', search)];
        if (digits) {
          any.push(eb('t.party_phone', 'like', likePrefix(digits.phone)), eb('t.reference', '=', digits.digits), eb('t.entity_label', '=', digits.digits));
          if (/^\d{1,15}$/.test(digits.digits)) any.push(eb('t.entity_id', '=', Number(digits.digits)));
        }
        return eb.or(any);
      });
    } else {
      query = query.where(wordsMatch(sql`to_tsvector('simple', t.party_name)`, search));
    }
  }
  if (filter.kind?.length) query = query.where('t.kind', 'in', filter.kind);
  if (filter.state?.length) query = query.where('t.state', 'in', filter.state);
  if (filter.direction) query = query.where('t.direction', '=', filter.direction);
  if (filter.from) query = query.where('t.created_at', '>=', tehranDayRange(filter.from)[0]);
  if (filter.to) query = query.where('t.created_at', '<', tehranDayRange(filter.to)[1]);
  if (filter.amountMin !== undefined) query = query.where('t.amount', '>=', filter.amountMin);
  if (filter.amountMax !== undefined) query = query.where('t.amount', '<=', filter.amountMax);
  if (filter.overdue === true) query = query.where(OVERDUE);
  if (filter.overdue === false) query = query.where(sql<SqlBool>`NOT ${OVERDUE}`);
  return query;
}

/** The sums of a set of rows: money in and out of those pending or done, per kind (GROUPING SETS: one pass). */
interface TotalsRow {
  kind: TransactionTotals['kinds'][number]['kind'] | null;
  count: number;
  in: number;
  out: number;
}
function totalsOf(rows: TotalsRow[]): TransactionTotals {
  const all = rows.find((r) => r.kind === null) ?? { count: 0, in: 0, out: 0 };
  return {
    count: all.count,
    in: all.in,
    out: all.out,
    net: all.in - all.out,
    kinds: rows.filter((r) => r.kind !== null && r.count > 0).map((r) => ({ kind: r.kind!, count: r.count, amount: r.in + r.out })),
  };
}
const MOVED = sql`state IN ('pending', 'done')`;

/** The day totals answer every filter made of kind, state, direction and days; the amount totals one of kind, state, direction and amounts. */
const summed = (filter: TransactionsListFilter) => !filter.search && filter.overdue === undefined;
const byDays = (filter: TransactionsListFilter) => summed(filter) && filter.amountMin === undefined && filter.amountMax === undefined;
const byAmounts = (filter: TransactionsListFilter) => summed(filter) && !filter.from && !filter.to;

async function totalsFromAmounts(q: TransactionsDb, filter: TransactionsListFilter): Promise<TransactionTotals> {
  let query = q.selectFrom('transaction_amounts as t');
  if (filter.kind?.length) query = query.where('t.kind', 'in', filter.kind);
  if (filter.state?.length) query = query.where('t.state', 'in', filter.state);
  if (filter.direction) query = query.where('t.direction', '=', filter.direction);
  if (filter.amountMin !== undefined) query = query.where('t.amount', '>=', filter.amountMin);
  if (filter.amountMax !== undefined) query = query.where('t.amount', '<=', filter.amountMax);
  const rows = await query
    .select([
      sql<TotalsRow['kind']>`t.kind`.as('kind'),
      sql<number>`coalesce(sum(t.rows), 0)`.as('count'),
      sql<number>`coalesce(sum(t.amount * t.rows) FILTER (WHERE t.direction = 'in' AND t.${MOVED}), 0)`.as('in'),
      sql<number>`coalesce(sum(t.amount * t.rows) FILTER (WHERE t.direction = 'out' AND t.${MOVED}), 0)`.as('out'),
    ])
    .groupBy(sql`GROUPING SETS ((t.kind), ())`)
    .execute();
  return totalsOf(rows);
}

async function totalsFromDays(q: TransactionsDb, filter: TransactionsListFilter): Promise<TransactionTotals> {
  let query = q.selectFrom('transaction_days as t');
  if (filter.kind?.length) query = query.where('t.kind', 'in', filter.kind);
  if (filter.state?.length) query = query.where('t.state', 'in', filter.state);
  if (filter.direction) query = query.where('t.direction', '=', filter.direction);
  if (filter.from) query = query.where('t.day', '>=', filter.from);
  if (filter.to) query = query.where('t.day', '<=', filter.to);
  const rows = await query
    .select([
      sql<TotalsRow['kind']>`t.kind`.as('kind'),
      sql<number>`coalesce(sum(t.rows), 0)`.as('count'),
      sql<number>`coalesce(sum(t.amount) FILTER (WHERE t.direction = 'in' AND t.${MOVED}), 0)`.as('in'),
      sql<number>`coalesce(sum(t.amount) FILTER (WHERE t.direction = 'out' AND t.${MOVED}), 0)`.as('out'),
    ])
    .groupBy(sql`GROUPING SETS ((t.kind), ())`)
    .execute();
  return totalsOf(rows);
}

async function totalsFromRows(rows: ReturnType<typeof filtered>): Promise<TransactionTotals> {
  const sums = await rows
    .select([
      sql<TotalsRow['kind']>`t.kind`.as('kind'),
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(t.amount) FILTER (WHERE t.direction = 'in' AND t.${MOVED}), 0)`.as('in'),
      sql<number>`coalesce(sum(t.amount) FILTER (WHERE t.direction = 'out' AND t.${MOVED}), 0)`.as('out'),
    ])
    .groupBy(sql`GROUPING SETS ((t.kind), ())`)
    .execute();
  return totalsOf(sums);
}

const ROW_COLUMNS = [
  't.id', 't.kind', 't.direction', 't.amount', 't.state', 't.party_name', 't.party_phone', 't.party_role', 't.entity', 't.entity_id', 't.entity_label',
  't.reference', 't.description', 't.created_at', 't.refund_id',
] as const;

/** One page of the ledger in the upstream's envelope, with the totals of the whole filtered set. */
export async function listTransactions(q: TransactionsDb, filter: TransactionsListFilter): Promise<TransactionPage> {
  const page = await pagedList(
    filtered(q, filter),
    {
      key: 't.id',
      order: sortOrder(SORTS, filter.sort, filter.isAscending),
      columns: (query) => query.leftJoin('bank_refunds as r', 'r.id', 't.refund_id').select([...ROW_COLUMNS, 'r.state as refund_state', OVERDUE.as('overdue')]),
      totals: async (rows) =>
        byDays(filter) ? totalsFromDays(q, filter) : byAmounts(filter) ? totalsFromAmounts(q, filter) : totalsFromRows(rows as ReturnType<typeof filtered>),
    },
    filter,
  );
  return { ...page, results: page.results.map((r) => ({ ...r, refund_state: r.refund_state ?? null })) };
}

type RefundRow = Omit<BankRefundsTable, 'id' | 'state' | 'version' | 'party_name' | 'party_role' | 'entity_label' | 'reason' | 'attempts' | 'bank_note' | 'requested_at'> & {
  id: number;
  state: Refund['state'];
  version: number;
  reason: string;
  attempts: number;
  bank_note: string;
  requested_at: string;
  overdue: boolean;
};

/** Why a refund is not at its end yet, as the screen says it (null once it is). */
export function pendingReason(r: Pick<Refund, 'state' | 'attempts' | 'trace_number' | 'last_answer' | 'bank_note'>): string | null {
  const note = r.bank_note ? `: ${r.bank_note}` : '';
  const trace = r.trace_number ? ` با کد پیگیری ${toPersianDigits(r.trace_number)}` : '';
  switch (r.state) {
    case 'requested':
      if (r.last_answer === 'processing') return `بانک هنوز درخواست را نپذیرفته است (${BANK_ANSWERS.processing}${note}).`;
      return r.attempts > 1 ? `دوباره ثبت شد (تلاش ${toPersianDigits(r.attempts)})؛ در انتظار پذیرش بانک.` : 'ثبت شد؛ در انتظار پذیرش بانک.';
    case 'sent':
      return r.last_answer === 'processing' ? `بانک در حال پردازش واریز است${trace}${note}.` : `ارسال‌شده به بانک${trace}؛ در انتظار واریز.`;
    case 'failed':
      return `بانک آن را رد کرد${note}؛ در انتظار ارسال دوباره یا لغو.`;
    default:
      return null;
  }
}

const REFUND_COLUMNS = [
  'r.id', 'r.state', 'r.version', 'r.amount', 'r.target', 'r.transaction_id', 'r.outbox_id', 'r.reason', 'r.attempts', 'r.trace_number', 'r.last_answer',
  'r.bank_note', 'r.requested_at', 'r.sent_at', 'r.last_checked_at', 'r.finished_at', 'r.created_by',
] as const;
const REFUND_OVERDUE = sql<boolean>`(r.state IN ('requested', 'sent', 'failed') AND r.requested_at < now() - make_interval(hours => ${REFUND_OVERDUE_HOURS}))`;

export async function refundOf(q: TransactionsDb, id: number): Promise<Refund | null> {
  const row = await q.selectFrom('bank_refunds as r').select([...REFUND_COLUMNS, REFUND_OVERDUE.as('overdue')]).where('r.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const refund = row as unknown as RefundRow;
  return { ...refund, pending_reason: pendingReason(refund) } as Refund;
}

/** What is left to give back of a paid row: its amount less the refunds not cancelled (0 for a row that is not refundable). */
export async function refundableOf(db: Queryable, row: { id: number; kind: string; direction: string; state: string; amount: number }): Promise<number> {
  if (!(REFUNDABLE_KINDS as readonly string[]).includes(row.kind) || row.direction !== 'in' || row.state !== 'done') return 0;
  const [given] = await db.query<{ sum: number }>(`SELECT coalesce(sum(amount), 0) AS sum FROM bank_refunds WHERE transaction_id = $1 AND state <> 'canceled'`, [row.id]);
  return Math.max(0, row.amount - (given?.sum ?? 0));
}

export async function transactionDetail(q: TransactionsDb, db: Queryable, id: number): Promise<TransactionDetail> {
  const row = await q
    .selectFrom('transactions as t')
    .leftJoin('bank_refunds as r', 'r.id', 't.refund_id')
    .select([...ROW_COLUMNS, 'r.state as refund_state', OVERDUE.as('overdue'), 'r.transaction_id as refunds_row'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(TRANSACTIONS_MESSAGES.notFound);
  const refunds = await q
    .selectFrom('bank_refunds as r')
    .leftJoin('transactions as t', 't.refund_id', 'r.id')
    .select(['r.id', 'r.state', 'r.amount', 'r.requested_at', 'r.trace_number', 't.id as transaction_row'])
    .where('r.transaction_id', '=', id)
    .orderBy('r.id', 'desc')
    .execute();
  return {
    ...row,
    refund_state: row.refund_state ?? null,
    refunds_row: row.refunds_row ?? null,
    refundable: await refundableOf(db, row),
    refund: row.refund_id === null ? null : await refundOf(q, row.refund_id),
    refunds,
  };
}

/** The history of a row: its own refund's log, or that of the refunds given back from it, newest first. */
export async function transactionHistory(q: TransactionsDb, db: Queryable, id: number): Promise<ActionLogEntry[]> {
  const row = await q.selectFrom('transactions').select(['refund_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TRANSACTIONS_MESSAGES.notFound);
  const ids =
    row.refund_id !== null ? [row.refund_id] : (await q.selectFrom('bank_refunds').select('id').where('transaction_id', '=', id).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.query<ActionLogEntry>(
    `SELECT id, action, from_state, to_state, actor_username, actor_fullname, reason, at
       FROM action_log WHERE entity = $1 AND entity_id = ANY ($2::bigint[]) ORDER BY at DESC, id DESC`,
    [REFUND_ENTITY, ids],
  );
}

/** The outbox text of a refund request. */
export const requestText = (label: string, amount: number, reason: string) => `بازگشت وجه ${label} به مبلغ ${formatToman(amount)} — ${reason}`;
