import { formatJalaliDate, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  CLAIM_OFFERED_ACTIONS,
  CLAIM_ACTION_LABELS,
  LEASING_CLAIM_MESSAGES,
  LEASING_CLAIM_WORKFLOW,
  type ClaimHistoryEntry,
  type ClaimOfferedAction,
  type ClaimOfferedActionId,
  type InstalmentChange,
  type LeasingClaimState,
} from '@panel/contracts/leasing';
import type { Queryable } from '../../db/db';
import { notFound } from '../../errors';
import type { Actor } from '../../workflow';
import type { LeasingDb } from './leasing-orders.service';

// What a claim's page offers (decision 102, as orders' offers of decision 101): every action of
// its actions bar, available or not and why in Persian. The payment and the state moves decide
// on the same offer under the claim's lock, so the screen and the gateway never disagree.

export interface ClaimFacts {
  state: LeasingClaimState;
  total: number;
  paid: number;
  /** How a person names the claim in a refusal: its order's code. */
  orderCode: string;
}

/** Every action of the claim's page for the claim as it is, for someone holding `roles` (none: the system). */
export function offerClaim(claim: ClaimFacts, roles?: readonly string[]): ClaimOfferedAction[] {
  const name = toPersianDigits(claim.orderCode);
  return CLAIM_OFFERED_ACTIONS.map((id) => {
    if (id === 'pay' || id === 'promise' || id === 'change_schedule') {
      // A payment, a promise and a schedule change all need something left to pay.
      const reason = claim.state === 'settled' || claim.total - claim.paid <= 0 ? LEASING_CLAIM_MESSAGES.settled : '';
      return { id, label: CLAIM_ACTION_LABELS[id], available: reason === '', reason, confirm: null, reason_required: false };
    }
    const declared = LEASING_CLAIM_WORKFLOW.actions[id];
    const reason = (roles && LEASING_CLAIM_WORKFLOW.roleRefusal(id, roles)) || LEASING_CLAIM_WORKFLOW.refusal(id, claim.state, name) || '';
    return { id, label: declared.label, available: reason === '', reason, confirm: declared.confirm ?? null, reason_required: declared.reason === 'required' };
  });
}

/** The offer of one action, for a service deciding under the claim's lock. */
export const offeredClaimAction = (claim: ClaimFacts, id: ClaimOfferedActionId, roles?: readonly string[]) => offerClaim(claim, roles).find((a) => a.id === id)!;

/** The claim's code for refusals (its order's), read with the claim. */
export async function orderCodeOf(q: LeasingDb, orderId: number): Promise<string> {
  const row = await q.selectFrom('leasing_orders').select('code').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.code;
}

export async function claimOffer(q: LeasingDb, id: number, actor: Actor): Promise<ClaimOfferedAction[]> {
  const claim = await q
    .selectFrom('leasing_claims as cl')
    .innerJoin('leasing_orders as o', 'o.id', 'cl.order_id')
    .select(['cl.state', 'cl.total', 'cl.paid', 'o.code'])
    .where('cl.id', '=', id)
    .executeTakeFirst();
  if (!claim) throw notFound(LEASING_CLAIM_MESSAGES.notFound);
  return offerClaim({ state: claim.state, total: claim.total, paid: claim.paid, orderCode: claim.code }, actor.roles);
}

interface LoggedInstalment {
  id: number;
  seq: number;
  due_date: string;
  amount: number;
}

/** The instalments a logged schedule change touched, old and new (its details keep both rows). */
export function changesOf(details: unknown): InstalmentChange[] {
  const { before = [], after = [] } = (details ?? {}) as { before?: LoggedInstalment[]; after?: LoggedInstalment[] };
  return after.flatMap((next) => {
    const old = before.find((b) => b.id === next.id);
    return old ? [{ seq: next.seq, due_before: old.due_date, due_after: next.due_date, amount_before: old.amount, amount_after: next.amount }] : [];
  });
}

/** The log's text of a promise: its amount and its day in Jalali (the promise row keeps the day key). */
export const promiseText = (amount: number, promisedOn: string) => `${formatToman(amount)} تا ${formatJalaliDate(promisedOn)}`;

/**
 * The claim's history, newest first, each entry with what its details say: a schedule change's
 * instalments before and after, and a promise entry's promise (day key and amount) — older
 * promise entries kept only the promise's id, so the promise is read from its row.
 */
export async function claimHistory(db: Queryable, entity: string, id: number): Promise<ClaimHistoryEntry[]> {
  const rows = await db.query<Omit<ClaimHistoryEntry, 'changes' | 'promise'> & { details: Record<string, unknown> | null }>(
    `SELECT id, action, from_state, to_state, actor_username, actor_fullname, reason, at, details
       FROM action_log WHERE entity = $1 AND entity_id = $2 ORDER BY at DESC, id DESC`,
    [entity, id],
  );
  const promiseIds = [...new Set(rows.map((r) => Number(r.details?.promise_id)).filter((n) => Number.isInteger(n) && n > 0))];
  const promises = promiseIds.length
    ? new Map(
        (await db.query<{ id: number; promised_on: string; amount: number }>(`SELECT id, promised_on, amount FROM leasing_promises WHERE claim_id = $1 AND id = ANY ($2::bigint[])`, [id, promiseIds])).map(
          (p) => [Number(p.id), { promised_on: p.promised_on, amount: Number(p.amount) }],
        ),
      )
    : new Map<number, { promised_on: string; amount: number }>();
  return rows.map(({ details, ...entry }) => ({
    ...entry,
    changes: ['postpone', 'change_due_date', 'change_amount'].includes(entry.action) ? changesOf(details) : [],
    promise: promises.get(Number(details?.promise_id)) ?? null,
  }));
}
