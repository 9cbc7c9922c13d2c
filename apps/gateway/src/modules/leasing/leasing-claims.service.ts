import { sql, type Expression, type SqlBool } from 'kysely';
import { formatToman, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import {
  LEASING_CLAIM_MESSAGES,
  LEASING_CLAIM_WORKFLOW,
  daysBetween,
  addDays,
  type AddPromiseInput,
  type ClaimOutcome,
  type ClaimStateInput,
  type Instalment,
  type LeasingClaim,
  type LeasingClaimDetail,
  type LeasingClaimListFilter,
  type ScheduleChange,
  type ScheduleChangeRequest,
  type SchedulePreview,
  type SubmitPaymentInput,
} from '@panel/contracts/leasing';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, pagedList, sortOrder } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { claimHistory as claimLog, offeredClaimAction, orderCodeOf, promiseText } from './leasing-claim-offer';
import type { LeasingDb, LeasingTablesAll } from './leasing-orders.service';

// Leasing claims (decision 102): payments by an explicit waterfall (the oldest unpaid instalment
// first) stored with each payment, schedule changes previewed before they are written. Every
// change to a claim's money or schedule locks the claim row first, so two payments on one claim
// run one after the other and the second sees the first's balance; the database's checks and
// commit-time triggers refuse anything that would not add up even if this code were wrong.

export const CLAIM_ENTITY = 'leasing_claim';
const today = () => tehranDateKey(new Date());

const CLAIM_SORTS = { id: ['cl.id'] } as const;
/** Who recorded a payment, as staff read it: the account's full name, its username when it has none. */
const RECORDER_NAME = sql<string>`COALESCE((SELECT nullif(btrim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.username = leasing_payments.created_by), leasing_payments.created_by)`.as('created_by_name');

function claimColumns(q: LeasingDb, day: string) {
  return q
    .selectFrom('leasing_claims as cl')
    .innerJoin('leasing_orders as o', 'o.id', 'cl.order_id')
    .innerJoin('leasing_providers as p', 'p.id', 'o.provider_id')
    .select([
      'cl.id', 'cl.order_id', 'o.code as order_code', 'o.customer_name', 'o.phone_number', 'p.name as provider_name',
      'cl.state', 'cl.step', 'cl.version', 'cl.total', 'cl.paid', 'cl.created_at',
      sql<number>`cl.total - cl.paid`.as('balance'),
      'cl.next_due_date',
      sql<number>`(SELECT COALESCE(sum(i.amount - i.paid), 0) FROM leasing_instalments i WHERE i.claim_id = cl.id AND i.paid < i.amount AND i.due_date < ${day})`.as('overdue_amount'),
    ]);
}

export async function listClaims(q: LeasingDb, filter: LeasingClaimListFilter) {
  const day = today();
  const filtered = q.selectFrom('leasing_claims as cl').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.state) clauses.push(eb('cl.state', '=', filter.state));
    if (filter.step) clauses.push(eb('cl.step', '=', filter.step));
    const unpaid = () => eb.selectFrom('leasing_instalments as i').select('i.id').whereRef('i.claim_id', '=', 'cl.id').whereRef('i.paid', '<', 'i.amount');
    if (filter.dueFrom || filter.dueTo) {
      let due = unpaid();
      if (filter.dueFrom) due = due.where('i.due_date', '>=', filter.dueFrom);
      if (filter.dueTo) due = due.where('i.due_date', '<=', filter.dueTo);
      clauses.push(eb.exists(due));
    }
    // Overdue exactly when the earliest unpaid instalment's day has passed (kept on the claim, migration 1709).
    if (filter.overdue === true) clauses.push(eb('cl.next_due_date', '<', day));
    if (filter.overdue === false) clauses.push(eb.or([eb('cl.next_due_date', 'is', null), eb('cl.next_due_date', '>=', day)]));
    if (filter.search) {
      const digits = filter.search.replace(/[\s-]/g, '');
      const orders = eb
        .selectFrom('leasing_orders as o')
        .select('o.id')
        .where((o) =>
          o.or([
            o('o.customer_name', 'ilike', likeContains(filter.search!)),
            o('o.code', '=', filter.search!.toUpperCase()),
            ...(/^\d{3,11}$/.test(digits) ? [o('o.phone_number', 'like', likePrefix(digits.startsWith('0') ? digits : `0${digits}`))] : []),
          ]),
        );
      clauses.push(eb('cl.order_id', 'in', orders));
    }
    return eb.and(clauses);
  });
  // The page's claims are the keys `pagedList` picked; their columns (balances, next due) are computed for those alone.
  return pagedList(filtered, { key: 'cl.id', order: sortOrder(CLAIM_SORTS, 'id', false), columns: (page) => claimColumns(q, day).where('cl.id', 'in', page.select('cl.id')) }, filter) as Promise<{ results: LeasingClaim[]; count: number; page: number; pageSize: number }>;
}

const asInstalment = (day: string) => (i: { id: number; seq: number; due_date: string; amount: number; paid: number }): Instalment => ({
  ...i,
  remaining: i.amount - i.paid,
  overdue: i.paid < i.amount && i.due_date < day,
});

async function instalmentsOf(q: LeasingDb, claimId: number) {
  return q.selectFrom('leasing_instalments').select(['id', 'seq', 'due_date', 'amount', 'paid']).where('claim_id', '=', claimId).orderBy('seq').execute();
}

export async function getClaim(q: LeasingDb, id: number): Promise<LeasingClaimDetail> {
  const day = today();
  const claim = await claimColumns(q, day).where('cl.id', '=', id).executeTakeFirst();
  if (!claim) throw notFound(LEASING_CLAIM_MESSAGES.notFound);
  const [instalments, payments, allocations, notes, promises] = await Promise.all([
    instalmentsOf(q, id),
    q.selectFrom('leasing_payments').select(['id', 'amount', 'paid_on', 'receipt', 'created_by', RECORDER_NAME, 'created_at']).where('claim_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    q
      .selectFrom('leasing_payment_allocations as a')
      .innerJoin('leasing_payments as pay', 'pay.id', 'a.payment_id')
      .innerJoin('leasing_instalments as i', 'i.id', 'a.instalment_id')
      .select(['a.payment_id', 'a.instalment_id', 'i.seq', 'a.amount'])
      .where('pay.claim_id', '=', id)
      .orderBy('i.seq')
      .execute(),
    q.selectFrom('leasing_claim_notes').select(['id', 'category', 'text', 'author', 'created_at']).where('claim_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    q.selectFrom('leasing_promises').select(['id', 'promised_on', 'amount', 'state', 'created_by', 'created_at']).where('claim_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
  ]);
  return {
    ...(claim as LeasingClaim),
    instalments: instalments.map(asInstalment(day)),
    payments: payments.map((p) => ({ ...p, allocations: allocations.filter((a) => a.payment_id === p.id).map(({ instalment_id, seq, amount }) => ({ instalment_id, seq, amount })) })),
    notes,
    promises,
  };
}

export const claimHistory = (db: Db, id: number) => claimLog(db, CLAIM_ENTITY, id);

/** The claim row under its lock, refused when missing or (with `version`) changed since it was read. */
const lockedClaim = (q: LeasingDb, id: number, version?: number) => lockedRow(q, 'leasing_claims', id, { notFound: LEASING_CLAIM_MESSAGES.notFound, stale: LEASING_CLAIM_MESSAGES.stale }, { version });

/** The waterfall: the oldest unpaid instalment first, each up to what it still owes. */
export function waterfall(instalments: readonly { id: number; amount: number; paid: number }[], amount: number) {
  const allocations: { instalment_id: number; amount: number }[] = [];
  let left = amount;
  for (const i of instalments) {
    if (left === 0) break;
    const take = Math.min(left, i.amount - i.paid);
    if (take > 0) allocations.push({ instalment_id: i.id, amount: take });
    left -= take;
  }
  return { allocations, left };
}

export function claimActions(db: Db) {
  return {
    async pay(actor: Actor, input: SubmitPaymentInput): Promise<ClaimOutcome> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const claim = await lockedClaim(q, input.id);
        // The same request again (a double click, a retried call) answers what it recorded.
        const repeated = await q.selectFrom('leasing_payments').select(['id', 'claim_id']).where('request_id', '=', input.request_id).executeTakeFirst();
        if (repeated) {
          if (repeated.claim_id !== claim.id) throw conflict(LEASING_CLAIM_MESSAGES.stale);
          return { id: claim.id, state: claim.state, version: claim.version, balance: claim.total - claim.paid, message: LEASING_CLAIM_MESSAGES.paid };
        }
        const balance = claim.total - claim.paid;
        const offered = offeredClaimAction({ ...claim, orderCode: await orderCodeOf(q, claim.order_id) }, 'pay', actor.roles);
        if (!offered.available) throw conflict(offered.reason);
        if (input.amount > balance) throw badRequest({ amount: [LEASING_CLAIM_MESSAGES.overpay(formatToman(balance))] });
        const { allocations } = waterfall(await instalmentsOf(q, claim.id), input.amount);
        const payment = await q
          .insertInto('leasing_payments')
          .values({ claim_id: claim.id, request_id: input.request_id, amount: input.amount, paid_on: input.paid_on, receipt: input.receipt, created_by: actor.username })
          .returning('id')
          .executeTakeFirstOrThrow();
        await q.insertInto('leasing_payment_allocations').values(allocations.map((a) => ({ ...a, payment_id: payment.id }))).execute();
        await logAction(tx, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'payment', actor, reason: `${formatToman(input.amount)} — رسید ${input.receipt}`, details: { payment_id: payment.id, allocations } });
        const state = input.amount === balance ? await move(tx, LEASING_CLAIM_WORKFLOW, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'settle', from: claim.state, actor }) : claim.state;
        const row = await q
          .updateTable('leasing_claims')
          .set({ state, version: claim.version + 1, updated_at: sql<string>`now()` })
          .where('id', '=', claim.id)
          .returning(['id', 'state', 'version', sql<number>`total - paid`.as('balance')])
          .executeTakeFirstOrThrow();
        return { ...row, message: LEASING_CLAIM_MESSAGES.paid };
      });
    },

    async changeState(actor: Actor, input: ClaimStateInput): Promise<ClaimOutcome> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const claim = await lockedClaim(q, input.id, input.version);
        const orderCode = await orderCodeOf(q, claim.order_id);
        // The same offer the page showed, decided on the claim as locked (decision 102).
        const offered = offeredClaimAction({ ...claim, orderCode }, input.action, actor.roles);
        if (!offered.available) throw conflict(offered.reason);
        const state = await move(tx, LEASING_CLAIM_WORKFLOW, { entity: CLAIM_ENTITY, entityId: claim.id, name: toPersianDigits(orderCode), action: input.action, from: claim.state, actor, reason: input.reason, details: input.step ? { step: input.step } : undefined });
        const row = await q
          .updateTable('leasing_claims')
          .set({ state, step: input.step ?? claim.step, version: claim.version + 1, updated_at: sql<string>`now()` })
          .where('id', '=', claim.id)
          .returning(['id', 'state', 'version', sql<number>`total - paid`.as('balance')])
          .executeTakeFirstOrThrow();
        return { ...row, message: LEASING_CLAIM_MESSAGES.done[input.action] };
      });
    },

    /** A schedule change: the old and new instalments; written only with `confirm`. */
    async changeSchedule(actor: Actor, input: ScheduleChangeRequest): Promise<SchedulePreview> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const claim = await lockedClaim(q, input.id, input.version);
        const offered = offeredClaimAction({ ...claim, orderCode: await orderCodeOf(q, claim.order_id) }, 'change_schedule', actor.roles);
        if (!offered.available) throw conflict(offered.reason);
        const day = today();
        const before = (await instalmentsOf(q, claim.id)).map(asInstalment(day));
        const after = changed(before, input.change).map(asInstalment(day));
        if (!input.confirm) return { before, after, written: false, version: claim.version, message: LEASING_CLAIM_MESSAGES.preview };
        for (const next of after) {
          const old = before.find((i) => i.id === next.id)!;
          if (old.due_date !== next.due_date || old.amount !== next.amount) {
            await q.updateTable('leasing_instalments').set({ due_date: next.due_date, amount: next.amount }).where('id', '=', next.id).execute();
          }
        }
        const changedRows = after.filter((n) => { const o = before.find((i) => i.id === n.id)!; return o.due_date !== n.due_date || o.amount !== n.amount; });
        await logAction(tx, {
          entity: CLAIM_ENTITY,
          entityId: claim.id,
          action: input.change.kind === 'postpone' ? 'postpone' : input.change.kind === 'amount' ? 'change_amount' : 'change_due_date',
          actor,
          reason: input.change.reason,
          details: { before: changedRows.map((n) => before.find((i) => i.id === n.id)), after: changedRows },
        });
        const row = await q.updateTable('leasing_claims').set({ version: claim.version + 1, updated_at: sql<string>`now()` }).where('id', '=', claim.id).returning('version').executeTakeFirstOrThrow();
        return { before, after, written: true, version: row.version, message: LEASING_CLAIM_MESSAGES.changed };
      });
    },

    async addPromise(actor: Actor, input: AddPromiseInput) {
      return db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const claim = await lockedClaim(q, input.id);
        const offered = offeredClaimAction({ ...claim, orderCode: await orderCodeOf(q, claim.order_id) }, 'promise', actor.roles);
        if (!offered.available) throw conflict(offered.reason);
        if (input.promised_on < today()) throw badRequest({ promised_on: [LEASING_CLAIM_MESSAGES.promisePast] });
        if (input.amount > claim.total - claim.paid) throw badRequest({ amount: [LEASING_CLAIM_MESSAGES.promiseOver] });
        const promise = await q.insertInto('leasing_promises').values({ claim_id: claim.id, promised_on: input.promised_on, amount: input.amount, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'promise', actor, reason: promiseText(input.amount, input.promised_on), details: { promise_id: promise.id, promised_on: input.promised_on, amount: input.amount } });
        return { id: promise.id, message: LEASING_CLAIM_MESSAGES.promised };
      });
    },

    async addNote(actor: Actor, input: { id: number; category: LeasingClaimDetail['notes'][number]['category']; text: string }) {
      return db.transaction(async (tx) => {
        const q = kyselyOf<LeasingTablesAll>(tx);
        const claim = await lockedClaim(q, input.id);
        const note = await q.insertInto('leasing_claim_notes').values({ claim_id: claim.id, category: input.category, text: input.text, author: actor.fullname || actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'note', actor, reason: input.text, details: { category: input.category } });
        return { id: note.id, message: LEASING_CLAIM_MESSAGES.noted };
      });
    },
  };
}

const SYSTEM: Actor = { username: 'system', fullname: 'سامانه' };

/**
 * Promises whose day has passed (before `day`), each decided by itself: kept when the claim was
 * paid at least the promised amount from the promise to its day, otherwise broken, and a broken
 * promise takes the claim to follow-up at the written-notice step (decision 102). Each promise in
 * its own transaction, the claim locked first as every money change does.
 */
export async function resolvePromises(db: Db, day = today()): Promise<number> {
  const due = await kyselyOf<LeasingTablesAll>(db).selectFrom('leasing_promises').select(['id', 'claim_id']).where('state', '=', 'pending').where('promised_on', '<', day).execute();
  for (const { id, claim_id } of due) {
    await db.transaction(async (tx) => {
      const q = kyselyOf<LeasingTablesAll>(tx);
      const claim = await lockedClaim(q, claim_id);
      const promise = await q.selectFrom('leasing_promises').selectAll().where('id', '=', id).where('state', '=', 'pending').forUpdate().executeTakeFirst();
      if (!promise) return;
      const paid = await q
        .selectFrom('leasing_payments')
        .select(sql<number>`COALESCE(sum(amount), 0)`.as('sum'))
        .where('claim_id', '=', claim.id)
        .where('created_at', '>=', promise.created_at)
        .where('paid_on', '<=', promise.promised_on)
        .executeTakeFirstOrThrow();
      const kept = Number(paid.sum) >= promise.amount || claim.state === 'settled';
      await q.updateTable('leasing_promises').set({ state: kept ? 'kept' : 'broken', resolved_at: sql<string>`now()` }).where('id', '=', id).execute();
      if (kept) {
        await logAction(tx, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'promise_kept', actor: SYSTEM, reason: LEASING_CLAIM_MESSAGES.promiseKept, details: { promise_id: id } });
        return;
      }
      const state = claim.state === 'current'
        ? await move(tx, LEASING_CLAIM_WORKFLOW, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'start_followup', from: claim.state, actor: SYSTEM, reason: LEASING_CLAIM_MESSAGES.promiseBroken })
        : claim.state;
      await logAction(tx, { entity: CLAIM_ENTITY, entityId: claim.id, action: 'promise_broken', actor: SYSTEM, reason: LEASING_CLAIM_MESSAGES.promiseBroken, details: { promise_id: id } });
      await q.updateTable('leasing_claims').set({ state, step: 'notice', version: claim.version + 1, updated_at: sql<string>`now()` }).where('id', '=', claim.id).execute();
    });
  }
  return due.length;
}

/** The instalments after a change (decision 102), or a Persian 400 naming what is wrong. */
export function changed(before: readonly Instalment[], change: ScheduleChange): Instalment[] {
  const at = before.findIndex((i) => i.id === change.instalment_id);
  if (at < 0) throw badRequest({ instalment_id: [LEASING_CLAIM_MESSAGES.instalmentNotFound] });
  const target = before[at]!;
  if (target.paid >= target.amount) throw badRequest({ instalment_id: [LEASING_CLAIM_MESSAGES.paidInstalment] });
  const after = before.map((i) => ({ ...i }));
  if (change.kind === 'postpone') {
    // This instalment and every later one move by the same number of days.
    const shift = daysBetween(target.due_date, change.due_date);
    if (shift <= 0) throw badRequest({ due_date: [LEASING_CLAIM_MESSAGES.postponeEarlier] });
    for (const i of after.slice(at)) i.due_date = addDays(i.due_date, shift);
  } else if (change.kind === 'due_date') {
    const previous = before[at - 1];
    const next = before[at + 1];
    if ((previous && change.due_date <= previous.due_date) || (next && change.due_date >= next.due_date)) throw badRequest({ due_date: [LEASING_CLAIM_MESSAGES.dueOrder] });
    after[at]!.due_date = change.due_date;
  } else {
    // The difference is carried by the last instalment (the one before it when this is the last), so the total stays.
    if (change.amount < target.paid) throw badRequest({ amount: [LEASING_CLAIM_MESSAGES.amountBelowPaid] });
    const absorber = at === after.length - 1 ? after[at - 1] : after[after.length - 1];
    if (!absorber) throw badRequest({ amount: [LEASING_CLAIM_MESSAGES.noAbsorber] });
    const carried = absorber.amount - (change.amount - target.amount);
    if (carried <= 0 || carried < absorber.paid) throw badRequest({ amount: [LEASING_CLAIM_MESSAGES.absorberNegative] });
    after[at]!.amount = change.amount;
    absorber.amount = carried;
  }
  return after.map((i) => ({ ...i, remaining: i.amount - i.paid }));
}
