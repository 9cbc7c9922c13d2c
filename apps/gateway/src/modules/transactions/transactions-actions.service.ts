import { sql } from 'kysely';
import {
  REFUND_WORKFLOW,
  TRANSACTIONS_MESSAGES,
  type BankAnswer,
  type RefundAction,
  type RefundState,
  type RefundCheckInput,
  type RefundOutcome,
  type RefundStepInput,
  type RequestRefundInput,
} from '@panel/contracts/transactions';
import { toPersianDigits } from '@panel/contracts/common';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict } from '../../errors';
import { recordOutbox } from '../../outbox';
import { lockedRow, logAction, mayAct, move, type Actor } from '../../workflow';
import { traceNumberOf, type RefundBank } from './transactions.bank';
import { REFUND_ENTITY, refundableOf, requestText, type TransactionsDb, type TransactionsTablesAll } from './transactions.service';

// Refund changes (decision 118). Each runs in one transaction and locks what it decides on: a
// request locks the paid row (two supervisors refunding the same payment at once: the second sees
// what the first took), a check or a step locks the refund and refuses a stale version (409).


/** A refund locked for a check or a step: a Persian 404 when gone, 409 when changed since it was read. */
const lockedRefund = (q: TransactionsDb, id: number, version: number) =>
  lockedRow(q, 'bank_refunds', id, { notFound: TRANSACTIONS_MESSAGES.refundNotFound, stale: TRANSACTIONS_MESSAGES.stale }, { version });

async function outcomeOf(q: TransactionsDb, id: number, message: string): Promise<RefundOutcome> {
  const row = await q
    .selectFrom('bank_refunds as r')
    .innerJoin('transactions as t', 't.refund_id', 'r.id')
    .select(['r.id', 'r.state', 'r.version', 't.id as transaction_id'])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, message };
}

const setOutbox = (tx: Queryable, outboxId: number, state: 'recorded' | 'sent' | 'failed') => tx.query('UPDATE outbox SET state = $2 WHERE id = $1', [outboxId, state]);

/** What a bank answer does from a refund's state: a move of the table, or none (still waiting). */
function moveOf(state: string, answer: BankAnswer): RefundAction | null {
  if (answer === 'rejected') return 'fail';
  if (state === 'requested' && answer === 'accepted') return 'submit';
  if (state === 'sent' && answer === 'paid') return 'settle';
  return null;
}

export function transactionActions(db: Db, bank: RefundBank) {
  const inTx = <T>(work: (q: TransactionsDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<TransactionsTablesAll>(tx), tx));

  return {
    /** A supervisor's refund of (part of) a paid row: recorded in the outbox, which makes the refund (2700). */
    request: (actor: Actor, input: RequestRefundInput): Promise<RefundOutcome> =>
      inTx(async (q, tx) => {
        mayAct(REFUND_WORKFLOW, 'retry', actor);
        const row = await lockedRow(q, 'transactions', input.transaction_id, { notFound: TRANSACTIONS_MESSAGES.notFound, stale: TRANSACTIONS_MESSAGES.stale });
        const left = await refundableOf(tx, row);
        if (left === 0) throw conflict(TRANSACTIONS_MESSAGES.notRefundable);
        if (input.amount > left) throw badRequest({ amount: [TRANSACTIONS_MESSAGES.overRefund] });
        await recordOutbox(tx, {
          channel: 'bank_refund',
          target: input.sheba,
          text: requestText(toPersianDigits(row.entity_label || String(row.id)), input.amount, input.reason),
          amount: input.amount,
          entity: 'transaction',
          entityId: row.id,
          createdBy: actor.username,
        });
        const made = await q.selectFrom('bank_refunds').select('id').where('transaction_id', '=', row.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
        return outcomeOf(q, made.id, TRANSACTIONS_MESSAGES.requested);
      }),

    /** Asks the bank about a refund and moves it by the answer (or logs that it is still waiting). */
    check: (actor: Actor, input: RefundCheckInput): Promise<RefundOutcome> =>
      inTx(async (q, tx) => {
        const refund = await lockedRefund(q, input.id, input.version);
        if (refund.state === 'done' || refund.state === 'canceled') throw conflict(TRANSACTIONS_MESSAGES.finished);
        if (refund.state === 'failed') throw conflict(TRANSACTIONS_MESSAGES.failedNeedsRetry);
        const reply = await bank.status(tx, refund);
        const action = moveOf(refund.state, reply.answer);
        const details = { answer: reply.answer, ...(reply.note ? { note: reply.note } : {}) };
        const change: Record<string, unknown> = { last_answer: reply.answer, bank_note: reply.note, last_checked_at: sql`now()`, version: refund.version + 1 };
        let state: RefundState = refund.state;
        if (action) {
          state = await move(tx, REFUND_WORKFLOW, { entity: REFUND_ENTITY, entityId: refund.id, action, from: refund.state, actor, reason: reply.note, details });
          if (action === 'submit') Object.assign(change, { trace_number: traceNumberOf(refund.id, refund.attempts), sent_at: sql`now()` });
          if (action === 'settle') change.finished_at = sql`now()`;
          await setOutbox(tx, refund.outbox_id, action === 'fail' ? 'failed' : 'sent');
        } else {
          await logAction(tx, { entity: REFUND_ENTITY, entityId: refund.id, action: 'check', from: refund.state, to: refund.state, actor, reason: reply.note, details });
        }
        await q.updateTable('bank_refunds').set({ ...change, state } as never).where('id', '=', refund.id).execute();
        const answer = action === null && reply.answer !== 'rejected' ? 'processing' : reply.answer;
        return outcomeOf(q, refund.id, TRANSACTIONS_MESSAGES.checked[answer]);
      }),

    /** A supervisor's retry of a failed refund or cancel of one not paid. */
    step: (actor: Actor, input: RefundStepInput): Promise<RefundOutcome> =>
      inTx(async (q, tx) => {
        const refund = await lockedRefund(q, input.id, input.version);
        const state = await move(tx, REFUND_WORKFLOW, { entity: REFUND_ENTITY, entityId: refund.id, action: input.action, from: refund.state, actor, reason: input.reason });
        const change =
          input.action === 'retry'
            ? { attempts: refund.attempts + 1, last_answer: null, bank_note: '', trace_number: null, sent_at: null }
            : { finished_at: sql<string>`now()` };
        await q.updateTable('bank_refunds').set({ ...change, state, version: refund.version + 1 } as never).where('id', '=', refund.id).execute();
        if (input.action === 'retry') await setOutbox(tx, refund.outbox_id, 'recorded');
        return outcomeOf(q, refund.id, TRANSACTIONS_MESSAGES.moved[input.action]);
      }),
  };
}
