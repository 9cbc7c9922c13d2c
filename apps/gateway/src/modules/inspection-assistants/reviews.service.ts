import { sql } from 'kysely';
import { PHOTO_SLOT_LABELS, formatJalaliDate, formatToman, tehranDateKey, toPersianDigits } from '@panel/contracts/common';
import {
  CLAIM_TTL_SECONDS,
  PHOTO_SLOTS,
  REVIEW_MESSAGES,
  type REVIEW_QUEUE_SORT_COLUMNS,
  REVIEW_QUEUE_STATE,
  type PriceBandInput,
  type QcReport,
  type Queue,
  type ReviewQueueFilter,
  type ReturnOrderInput,
  type ReviewKind,
  type ReviewResult,
  type Reviewer,
  type ReviewerResult,
  type SlotVerdictInput,
} from '@panel/contracts/inspection-assistants';
import { ORDER_WORKFLOW, type OrderAction, type OrderState } from '@panel/contracts/inspection-orders';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import { logAction, move, type Actor } from '../../workflow';
import type { AssistantsDb, Tables } from './turns';

// The review desks (decision 098). A reviewer claims an order of their queue under the order's
// row lock: one claimer wins, a claim lapses at `expires_at` unless the screen claims again
// (which refreshes it). Approve, return and price move the order by the order workflow
// (`move`, logged on the order) and end the claim.

export const REVIEWER_ENTITY = 'inspection_reviewer';
const NAME = sql<string>`coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), r.username)`;
const LIVE = sql<boolean>`c.expires_at > now()`;

export async function reviewers(q: AssistantsDb, kind: ReviewKind): Promise<Reviewer[]> {
  const [todayStart] = tehranDayRange(tehranDateKey(new Date()));
  return q
    .selectFrom('inspection_reviewers as r')
    .leftJoin('users as u', 'u.username', 'r.username')
    .select([
      'r.id', 'r.username', NAME.as('name'), 'r.kind', 'r.active', 'r.version',
      sql<number>`(SELECT count(*)::int FROM inspection_review_claims c WHERE c.reviewer_id = r.id AND ${LIVE})`.as('claimed_now'),
      sql<number>`(SELECT count(*)::int FROM inspection_reviews v WHERE v.reviewer_id = r.id AND v.at >= ${todayStart})`.as('reviewed_today'),
      sql<number>`(SELECT count(*)::int FROM inspection_reviews v WHERE v.reviewer_id = r.id)`.as('reviewed_total'),
    ])
    .where('r.kind', '=', kind)
    .orderBy('r.active', 'desc')
    .orderBy('r.id')
    .execute();
}

/** Activates or deactivates a reviewer (the version the screen showed, 409 when stale); logged. */
export async function setReviewerActive(db: Db, actor: Actor, input: { id: number; version: number }, active: boolean): Promise<ReviewerResult> {
  const kind = await db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    const row = await q.selectFrom('inspection_reviewers').select(['id', 'kind', 'username', 'active', 'version']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(REVIEW_MESSAGES.reviewerNotFound);
    if (row.version !== input.version) throw conflict(REVIEW_MESSAGES.stale);
    if (row.active === active) throw conflict(active ? REVIEW_MESSAGES.alreadyActive : REVIEW_MESSAGES.alreadyInactive);
    await q.updateTable('inspection_reviewers').set({ active, version: row.version + 1 }).where('id', '=', row.id).execute();
    // A deactivated reviewer's claims end: their orders go back to the queue.
    if (!active) await q.deleteFrom('inspection_review_claims').where('reviewer_id', '=', row.id).execute();
    await logAction(tx, { entity: REVIEWER_ENTITY, entityId: row.id, action: active ? 'activate' : 'deactivate', actor, details: { username: row.username, kind: row.kind } });
    return row.kind;
  });
  const reviewer = (await reviewers(kyselyOf<Tables>(db), kind)).find((r) => r.id === input.id)!;
  return { reviewer, message: active ? REVIEW_MESSAGES.done.activate : REVIEW_MESSAGES.done.deactivate };
}

const QUEUE_SORTS = { waiting_since: ['i.updated_at', 'i.pk'] } as const satisfies Record<(typeof REVIEW_QUEUE_SORT_COLUMNS)[number], readonly string[]>;

/**
 * A page of the queue: orders waiting in the kind's state, oldest first by default, with their
 * live claim if any; `claimed` keeps those with (true) or without (false) a live claim. Paged by
 * `pagedList` on the partial index `(state, updated_at, pk)` of migration 1501. The live claims
 * of a desk are few (one an open report page): they are read first and bound as one array, which
 * the claimed look up by primary key and the unclaimed are checked against (hashed) while the
 * index is read.
 */
export async function queue(q: AssistantsDb, kind: ReviewKind, filter: ReviewQueueFilter): Promise<Queue> {
  const waiting = q.selectFrom('inspections as i').where('i.state', '=', REVIEW_QUEUE_STATE[kind]);
  const page = {
    key: 'i.pk',
    order: sortOrder(QUEUE_SORTS, filter.sort, filter.isAscending),
    columns: (query: typeof waiting) =>
      query
        .innerJoin('cities as ci', 'ci.id', 'i.city_id')
        .leftJoin('inspection_review_claims as c', (join) => join.onRef('c.inspection_id', '=', 'i.pk').on(LIVE))
        .leftJoin('inspection_reviewers as r', 'r.id', 'c.reviewer_id')
        .leftJoin('users as u', 'u.username', 'r.username')
        .select([
          'i.pk', 'i.code', 'i.customer_name', 'i.brand_model', 'ci.name as city', 'i.package', 'i.state', 'i.updated_at as waiting_since',
          'r.username as claimed_by', sql<string | null>`CASE WHEN r.id IS NULL THEN NULL ELSE ${NAME} END`.as('claimed_by_name'), 'c.expires_at as claim_expires_at',
        ]),
  };
  if (filter.claimed === undefined) return pagedList(waiting, page, filter);
  const claims = await q.selectFrom('inspection_review_claims as c').select('c.inspection_id').where('c.kind', '=', kind).where(LIVE).execute();
  // Bound as one array value, the set is hashed once per query rather than scanned per row.
  const held = sql<boolean>`i.pk = ANY(${claims.map((c) => c.inspection_id)}::bigint[])`;
  if (filter.claimed) return pagedList(waiting.where(held), page, filter);
  // The unclaimed are counted as all the waiting but the claimed: two index reads, no check per row.
  const count = sql<number>`count(*)::int`.as('count');
  const totals = async () => {
    const [all, claimed] = await Promise.all([waiting.select(count).executeTakeFirstOrThrow(), waiting.where(held).select(count).executeTakeFirstOrThrow()]);
    return { count: all.count - claimed.count };
  };
  const { totals: _, ...answer } = await pagedList(waiting.where(sql<boolean>`NOT (${held})`), { ...page, totals }, filter);
  return answer;
}

/** The QC report page of an order: its sections, five photo slots with verdicts, claim and price band. */
export async function report(q: AssistantsDb, pk: number): Promise<QcReport> {
  const order = await q
    .selectFrom('inspections as i')
    .innerJoin('cities as ci', 'ci.id', 'i.city_id')
    .leftJoin('inspection_review_claims as c', (join) => join.onRef('c.inspection_id', '=', 'i.pk').on(LIVE))
    .leftJoin('inspection_reviewers as r', 'r.id', 'c.reviewer_id')
    .leftJoin('users as u', 'u.username', 'r.username')
    .leftJoin('inspection_price_bands as b', 'b.inspection_id', 'i.pk')
    .select([
      'i.pk', 'i.code', 'i.state', 'i.pricing', 'i.customer_name', 'i.brand_model', 'i.package', 'i.price', 'ci.name as city', 'i.visit_date', 'i.time_slot', 'i.description',
      sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = i.expert_id)`.as('expert_name'),
      'r.username as claimed_by', sql<string | null>`CASE WHEN r.id IS NULL THEN NULL ELSE ${NAME} END`.as('claimed_by_name'), 'c.expires_at as claim_expires_at',
      'b.low as price_low', 'b.high as price_high',
    ])
    .where('i.pk', '=', pk)
    .executeTakeFirst();
  if (!order) throw notFound(REVIEW_MESSAGES.orderNotFound);
  const photos = await q.selectFrom('inspection_report_photos').select(['slot', 'media_id', 'verdict', 'note']).where('inspection_id', '=', pk).execute();
  const bySlot = new Map(photos.map((p) => [p.slot, p]));
  return {
    pk: order.pk,
    code: order.code,
    state: order.state,
    pricing: order.pricing,
    sections: [
      { title: 'سفارش', rows: [{ label: 'کد سفارش', value: toPersianDigits(order.code) }, { label: 'مشتری', value: order.customer_name }, { label: 'شهر', value: order.city }] },
      { title: 'خودرو و بسته', rows: [{ label: 'خودرو', value: order.brand_model }, { label: 'بسته کارشناسی', value: order.package }, { label: 'مبلغ', value: formatToman(order.price) }] },
      {
        title: 'بازدید',
        rows: [
          { label: 'کارشناس', value: order.expert_name ?? '—' },
          { label: 'روز بازدید', value: order.visit_date ? formatJalaliDate(order.visit_date) : '—' },
          { label: 'بازه زمانی', value: order.time_slot ? toPersianDigits(order.time_slot) : '—' },
          { label: 'توضیحات', value: order.description || '—' },
        ],
      },
    ],
    photos: PHOTO_SLOTS.map((slot) => {
      const photo = bySlot.get(slot);
      return { slot, label: PHOTO_SLOT_LABELS[slot], media_id: photo?.media_id ?? null, url: photo ? mediaUrl(photo.media_id) : null, verdict: photo?.verdict ?? null, note: photo?.note ?? '' };
    }),
    claimed_by: order.claimed_by,
    claimed_by_name: order.claimed_by_name,
    claim_expires_at: order.claim_expires_at,
    price_low: order.price_low,
    price_high: order.price_high,
  };
}

interface Locked {
  q: AssistantsDb;
  reviewer: { id: number; username: string };
  order: { pk: number; code: string; state: string; version: number; pricing: boolean };
}

/**
 * The start of every desk action: the actor's active reviewer row of `kind` (409 else), the order
 * locked (404, 409 when it is not in the queue), and, unless `claiming`, the actor's live claim on it.
 */
async function locked<T>(db: Db, actor: Actor, kind: ReviewKind, pk: number, claiming: boolean, act: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], l: Locked) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    const reviewer = await q.selectFrom('inspection_reviewers').select(['id', 'username']).where('kind', '=', kind).where('username', '=', actor.username).where('active', '=', true).executeTakeFirst();
    // Not on the desk's roster (or deactivated): a state of the roster, not of the caller's roles.
    if (!reviewer) throw conflict(REVIEW_MESSAGES.notReviewer);
    const order = await q.selectFrom('inspections').select(['pk', 'code', 'state', 'version', 'pricing']).where('pk', '=', pk).forUpdate().executeTakeFirst();
    if (!order) throw notFound(REVIEW_MESSAGES.orderNotFound);
    if (order.state !== REVIEW_QUEUE_STATE[kind]) throw conflict(REVIEW_MESSAGES.notInQueue);
    const claim = await q
      .selectFrom('inspection_review_claims as c')
      .innerJoin('inspection_reviewers as r', 'r.id', 'c.reviewer_id')
      .leftJoin('users as u', 'u.username', 'r.username')
      .select(['c.reviewer_id', LIVE.as('live'), NAME.as('name')])
      .where('c.inspection_id', '=', pk)
      .executeTakeFirst();
    if (claim?.live && claim.reviewer_id !== reviewer.id) throw conflict(REVIEW_MESSAGES.claimedByOther(claim.name));
    if (!claiming) {
      if (!claim || claim.reviewer_id !== reviewer.id) throw conflict(REVIEW_MESSAGES.notClaimed);
      if (!claim.live) throw conflict(REVIEW_MESSAGES.claimLapsed);
    }
    return act(tx, { q, reviewer, order });
  });
}

/** Moves the claimed order by the order workflow, ends the claim and counts the review. */
async function finish(tx: Parameters<Parameters<Db['transaction']>[0]>[0], { q, reviewer, order }: Locked, actor: Actor, kind: ReviewKind, action: OrderAction, outcome: 'approved' | 'returned' | 'priced', reason?: string): Promise<ReviewResult> {
  const to = await move(tx, ORDER_WORKFLOW, { entity: 'inspection', entityId: order.pk, name: toPersianDigits(order.code), action, from: order.state as OrderState, actor, reason });
  await q.updateTable('inspections').set({ state: to, version: order.version + 1, updated_at: sql`now()` }).where('pk', '=', order.pk).execute();
  await q.deleteFrom('inspection_review_claims').where('inspection_id', '=', order.pk).execute();
  await q.insertInto('inspection_reviews').values({ inspection_id: order.pk, reviewer_id: reviewer.id, kind, outcome }).execute();
  const done = { approved: REVIEW_MESSAGES.done.approve, returned: REVIEW_MESSAGES.done.return, priced: REVIEW_MESSAGES.done.price }[outcome];
  return { pk: order.pk, state: to, message: done, claim_expires_at: null };
}

export function reviewActions(db: Db) {
  return {
    /** Claims the order, or refreshes the actor's own claim; another's live claim wins (409). */
    claim: (actor: Actor, kind: ReviewKind, pk: number) =>
      locked(db, actor, kind, pk, true, async (_tx, { q, reviewer, order }) => {
        const expires = sql<string>`now() + make_interval(secs => ${CLAIM_TTL_SECONDS})`;
        const row = await q
          .insertInto('inspection_review_claims')
          .values({ inspection_id: order.pk, reviewer_id: reviewer.id, kind, expires_at: expires })
          .onConflict((oc) => oc.column('inspection_id').doUpdateSet({ reviewer_id: reviewer.id, kind, claimed_at: sql`CASE WHEN inspection_review_claims.reviewer_id = ${reviewer.id} AND inspection_review_claims.expires_at > now() THEN inspection_review_claims.claimed_at ELSE now() END`, expires_at: expires }))
          .returning('expires_at')
          .executeTakeFirstOrThrow();
        return { pk: order.pk, state: order.state, message: REVIEW_MESSAGES.done.claim, claim_expires_at: row.expires_at };
      }),
    release: (actor: Actor, kind: ReviewKind, pk: number) =>
      locked(db, actor, kind, pk, false, async (_tx, { q, order }) => {
        await q.deleteFrom('inspection_review_claims').where('inspection_id', '=', order.pk).execute();
        return { pk: order.pk, state: order.state, message: REVIEW_MESSAGES.done.release, claim_expires_at: null };
      }),
    /** The verdict on one photo slot; a problem needs its note. */
    verdict: (actor: Actor, input: SlotVerdictInput) =>
      locked(db, actor, 'qc', input.pk, false, async (_tx, { q, order }) => {
        if (input.verdict === 'problem' && !input.note) throw badRequest({ note: [REVIEW_MESSAGES.problemNote] });
        const updated = await q
          .updateTable('inspection_report_photos')
          .set({ verdict: input.verdict, note: input.note, verdict_by: actor.username, verdict_at: sql`now()` })
          .where('inspection_id', '=', order.pk)
          .where('slot', '=', input.slot)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw conflict(REVIEW_MESSAGES.noPhoto);
        return { pk: order.pk, state: order.state, message: REVIEW_MESSAGES.done.verdict, claim_expires_at: null };
      }),
    /** Approves a QC order whose five photos are all approved: on to pricing when it asks for a price, else done. */
    approve: (actor: Actor, pk: number) =>
      locked(db, actor, 'qc', pk, false, async (tx, l) => {
        const verdicts = await l.q.selectFrom('inspection_report_photos').select(['slot', 'verdict']).where('inspection_id', '=', pk).execute();
        if (verdicts.length < PHOTO_SLOTS.length || verdicts.some((v) => v.verdict === null)) throw conflict(REVIEW_MESSAGES.slotsMissing);
        if (verdicts.some((v) => v.verdict === 'problem')) throw conflict(REVIEW_MESSAGES.slotsProblem);
        return finish(tx, l, actor, 'qc', l.order.pricing ? 'qc_approve_to_pricing' : 'qc_approve', 'approved');
      }),
    /** Returns a QC order to the expert with the reviewer's findings (kept as the move's reason). */
    return: (actor: Actor, input: ReturnOrderInput) => locked(db, actor, 'qc', input.pk, false, (tx, l) => finish(tx, l, actor, 'qc', 'qc_return', 'returned', input.findings)),
    /** Records the estimated price band of a W order; the order is done. */
    price: (actor: Actor, input: PriceBandInput) =>
      locked(db, actor, 'pricing', input.pk, false, async (tx, l) => {
        await l.q
          .insertInto('inspection_price_bands')
          .values({ inspection_id: input.pk, low: input.low, high: input.high, note: input.note, reviewer_id: l.reviewer.id })
          .onConflict((oc) => oc.column('inspection_id').doUpdateSet({ low: input.low, high: input.high, note: input.note, reviewer_id: l.reviewer.id, at: sql`now()` }))
          .execute();
        return finish(tx, l, actor, 'pricing', 'price_estimate', 'priced', `${formatToman(input.low)} تا ${formatToman(input.high)}`);
      }),
  };
}
