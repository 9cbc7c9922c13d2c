import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { toPersianDigits } from '@panel/contracts/common';
import {
  EXPERT_OFFER_MESSAGES,
  OFFER_DEADLINE_MINUTES,
  OFFER_MESSAGES,
  OFFER_STATES,
  OFFER_WORKFLOW,
  OPEN_OFFERS_TOPIC,
  type ExpertOffer,
  type ExpertOfferAnswer,
  type LiveOfferItem,
  type OfferListFilter,
  type OfferListPage,
  type OfferSortColumn,
  type OfferState,
} from '@panel/contracts/inspection-offers';
import { ORDER_ACTION_MESSAGES, ORDER_WORKFLOW, orderHoldRefusal, type OrderActionResult, type OrderState } from '@panel/contracts/inspection-orders';
import type { CoreTables } from '../../db/core-tables';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import type { DispatchPort, Publish } from '../../deps';
import { conflict, forbidden, notFound } from '../../errors';
import type { LiveChange } from '../../live/live-channel';
import { recordOutbox } from '../../outbox';
import { logAction, move, type Actor } from '../../workflow';
import type { InspectionOffersTables } from './inspection-offers.tables';

// Offers of an order to the experts who fit it (decisions 032, 033). Sending and removing are the
// order's own workflow moves (R C A T M → P, P → T), made here because the offer rows are this
// module's. The offer's own life is OFFER_WORKFLOW: experts see, decline or accept it from their
// app; the first acceptance assigns the order through the dispatch port. Every change of an offer
// grows its version and is published to `/ws/offers` after commit (a closed offer as a tombstone).

type Tables = CoreTables & InspectionOffersTables;

/** The experts an order is offered to: car experts of its city. Experts are the dispatch module's rows. */
const RECIPIENTS = (city: number) => sql<{ pk: number }>`SELECT pk FROM experts WHERE is_car_expert AND city_id = ${city} ORDER BY pk`;

async function lockOrder(q: Kysely<Tables>, pk: number) {
  const order = await q.selectFrom('inspections').select(['pk', 'code', 'state', 'city_id', 'held_until', 'price', 'price_diff', 'discount_code']).where('pk', '=', pk).forUpdate().executeTakeFirst();
  if (!order) throw notFound('سفارش یافت نشد');
  return order;
}

const result = (order: { pk: number; price: number; price_diff: number }, state: string, message: string): OrderActionResult => ({
  pk: order.pk,
  state,
  message,
  discount_code: null,
  price: order.price,
  price_diff: order.price_diff,
});

export interface OffersServiceOptions {
  now?: () => Date;
  /** The dispatch sheet's rules for an accepted offer (wired by the app layer). */
  dispatch?: DispatchPort;
  /** The offers' live channel (`/ws/offers`): changed offers go there after commit. */
  live?: { publish(changes: readonly LiveChange<LiveOfferItem>[]): Promise<void> };
}

/** The expert the app's token names (role 'backoffice#expert', decision 033). */
export interface ExpertIdentity {
  username: string;
}

const SYSTEM = { username: 'system', fullname: 'سامانه' };

/** Locks an order, then its open offer (the order first, as every path here does). */
async function lockOffer(q: Kysely<Tables>, id: number) {
  const found = await q.selectFrom('inspection_offers').select('inspection_pk').where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound('پیشنهاد یافت نشد');
  const order = await q.selectFrom('inspections').select(['pk', 'code', 'state']).where('pk', '=', found.inspection_pk).forUpdate().executeTakeFirstOrThrow();
  const offer = await q.selectFrom('inspection_offers').select(['id', 'state', 'deadline', 'version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  return { order, offer };
}

/** The monitoring's items of some offers: an open offer as it is, a closed one as its tombstone. */
export async function liveOffers(q: Kysely<Tables>, ids: readonly number[]): Promise<LiveOfferItem[]> {
  if (ids.length === 0) return [];
  const rows = await offerRows(q.selectFrom('inspection_offers as o').innerJoin('inspections as i', 'i.pk', 'o.inspection_pk').where('o.id', '=', sql<number>`ANY(${[...ids]}::bigint[])`))
    .orderBy('o.id')
    .execute();
  return rows.map((row) => (row.state === 'open' ? row : { id: row.id, version: row.version, removed: true as const, state: row.state }));
}

/** The open offers, for the monitoring's snapshot (soonest deadline first). */
export async function openOffers(q: Kysely<Tables>): Promise<LiveOfferItem[]> {
  return offerRows(q.selectFrom('inspection_offers as o').innerJoin('inspections as i', 'i.pk', 'o.inspection_pk').where('o.state', '=', 'open'))
    .orderBy('o.deadline')
    .orderBy('o.id')
    .execute();
}

export function offersService(db: Db, options: OffersServiceOptions = {}) {
  const now = () => options.now?.() ?? new Date();
  const q = kyselyOf<Tables>(db);

  /** After commit: the changed offers to `/ws/offers`, then what the dispatch port changed. */
  async function announce(ids: readonly number[], after: Publish[] = []): Promise<void> {
    if (options.live && ids.length > 0) await options.live.publish([{ topic: OPEN_OFFERS_TOPIC, items: await liveOffers(q, ids) }]);
    for (const publish of after) await publish();
  }

  async function expertOf(q: Kysely<Tables>, identity: ExpertIdentity): Promise<{ pk: number; report_name: string }> {
    const expert = await sql<{ pk: number; report_name: string }>`SELECT pk, report_name FROM experts WHERE username = ${identity.username}`.execute(q);
    if (!expert.rows[0]) throw forbidden(EXPERT_OFFER_MESSAGES.notExpert);
    return expert.rows[0];
  }

  /** An expert's answer to an offer: locks the order and the offer, checks the expert was asked and the offer is still open. */
  async function answer(identity: ExpertIdentity, id: number, action: 'see' | 'decline' | 'accept'): Promise<ExpertOfferAnswer> {
    const after: Publish[] = [];
    const answered = await db.transaction(async (tx) => {
      const t = kyselyOf<Tables>(tx);
      const expert = await expertOf(t, identity);
      const { order, offer } = await lockOffer(t, id);
      const recipient = await t.selectFrom('inspection_offer_recipients').select(['seen_at', 'declined_at']).where('offer_id', '=', id).where('expert_id', '=', expert.pk).executeTakeFirst();
      if (!recipient) throw forbidden(OFFER_MESSAGES.notRecipient);
      if (offer.state === 'accepted' && action === 'accept') throw conflict(OFFER_MESSAGES.taken);
      if (offer.state !== 'open') throw conflict(EXPERT_OFFER_MESSAGES.closed(OFFER_STATES[offer.state]));
      if (Date.parse(offer.deadline) <= now().getTime()) throw conflict(EXPERT_OFFER_MESSAGES.closed(OFFER_STATES.expired));
      if (recipient.declined_at && action !== 'see') throw conflict(EXPERT_OFFER_MESSAGES.declined);
      const actor = { username: identity.username, fullname: expert.report_name };
      const to = await move(tx, OFFER_WORKFLOW, { entity: 'inspection_offer', entityId: id, name: toPersianDigits(String(id)), action, from: offer.state, actor });
      const at = now().toISOString();
      if (action === 'accept') {
        // The sheet's own rules: the order goes onto the expert's cell of its shift (busy, live).
        if (!options.dispatch) throw new Error('offers service without the dispatch port');
        after.push(await options.dispatch.assignFromOffer(tx, actor, { inspectionId: order.pk, expertId: expert.pk }));
        await logAction(tx, { entity: 'inspection', entityId: order.pk, action: 'offer_accepted', from: order.state, to: 'O', actor, reason: `پذیرش پیشنهاد توسط ${expert.report_name}` });
        await t.updateTable('inspection_offers').set({ state: 'accepted', accepted_expert_id: expert.pk, closed_at: at, version: sql<number>`version + 1` }).where('id', '=', id).execute();
        // The accepting expert saw the offer too.
        await t.updateTable('inspection_offer_recipients').set({ seen_at: sql<string>`coalesce(seen_at, ${at}::timestamptz)` }).where('offer_id', '=', id).where('expert_id', '=', expert.pk).execute();
      } else {
        await t
          .updateTable('inspection_offer_recipients')
          .set({ seen_at: sql<string>`coalesce(seen_at, ${at}::timestamptz)`, ...(action === 'decline' ? { declined_at: sql<string>`coalesce(declined_at, ${at}::timestamptz)` } : {}) })
          .where('offer_id', '=', id)
          .where('expert_id', '=', expert.pk)
          .execute();
        await t.updateTable('inspection_offers').set({ version: sql<number>`version + 1` }).where('id', '=', id).execute();
      }
      const message = action === 'accept' ? EXPERT_OFFER_MESSAGES.accepted : action === 'decline' ? EXPERT_OFFER_MESSAGES.declinedDone : EXPERT_OFFER_MESSAGES.seen;
      return { id, state: to as OfferState, message };
    });
    await announce([id], after);
    return answered;
  }

  return {
    /** Sends an order to offer; answers the order's action result and when the offer went out. */
    async sendOffer(actor: Actor, pk: number): Promise<{ result: OrderActionResult; code: string; offer_sent_at: string }> {
      const sent = await db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const order = await lockOrder(q, pk);
        const heldRefusal = orderHoldRefusal('send_to_offer', order.held_until !== null && Date.parse(order.held_until) > now().getTime());
        if (heldRefusal) throw conflict(heldRefusal);
        const experts = (await RECIPIENTS(order.city_id).execute(q)).rows;
        if (experts.length === 0) throw conflict(OFFER_MESSAGES.noExperts);
        const to = await move(tx, ORDER_WORKFLOW, { entity: 'inspection', entityId: pk, name: toPersianDigits(order.code), action: 'send_to_offer', from: order.state as OrderState, actor });
        const at = now();
        const offer = await q
          .insertInto('inspection_offers')
          .values({ inspection_pk: pk, sent_by: actor.username, sent_at: at.toISOString(), deadline: new Date(at.getTime() + OFFER_DEADLINE_MINUTES * 60_000).toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await q.insertInto('inspection_offer_recipients').values(experts.map((e) => ({ offer_id: offer.id, expert_id: e.pk, seen_at: null, declined_at: null }))).execute();
        for (const expert of experts) {
          await recordOutbox(tx, { channel: 'push', target: String(expert.pk), text: `سفارش ${toPersianDigits(order.code)} به شما پیشنهاد شد.`, entity: 'inspection_offer', entityId: offer.id, createdBy: actor.username });
        }
        await q.updateTable('inspections').set({ state: to, offer_sent_at: at.toISOString(), version: sql<number>`version + 1`, updated_at: at.toISOString() }).where('pk', '=', pk).execute();
        return { id: offer.id, result: result(order, to, ORDER_ACTION_MESSAGES.done.send_to_offer), code: order.code, offer_sent_at: at.toISOString() };
      });
      await announce([sent.id]);
      return sent;
    },

    async send(actor: Actor, pk: number): Promise<OrderActionResult> {
      return (await this.sendOffer(actor, pk)).result;
    },

    async remove(actor: Actor, pk: number): Promise<OrderActionResult> {
      const removed = await db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const order = await lockOrder(q, pk);
        const to = await move(tx, ORDER_WORKFLOW, { entity: 'inspection', entityId: pk, name: toPersianDigits(order.code), action: 'remove_offer', from: order.state as OrderState, actor });
        const at = now().toISOString();
        const closed = await q
          .updateTable('inspection_offers')
          .set({ state: 'removed', closed_at: at, version: sql<number>`version + 1` })
          .where('inspection_pk', '=', pk)
          .where('state', '=', 'open')
          .returning('id')
          .execute();
        await q.updateTable('inspections').set({ state: to, version: sql<number>`version + 1`, updated_at: at }).where('pk', '=', pk).execute();
        return { ids: closed.map((row) => row.id), result: result(order, to, ORDER_ACTION_MESSAGES.done.remove_offer) };
      });
      await announce(removed.ids);
      return removed.result;
    },

    /** The open offers sent to the expert the token names, soonest deadline first. */
    async forExpert(identity: ExpertIdentity): Promise<ExpertOffer[]> {
      const expert = await expertOf(q, identity);
      return q
        .selectFrom('inspection_offer_recipients as r')
        .innerJoin('inspection_offers as o', 'o.id', 'r.offer_id')
        .innerJoin('inspections as i', 'i.pk', 'o.inspection_pk')
        .innerJoin('cities as c', 'c.id', 'i.city_id')
        .select(['o.id', 'i.code as order_code', 'c.name as city', 'i.visit_place', 'i.package', 'i.price', 'o.deadline', 'i.visit_date', 'i.time_slot', 'r.seen_at', 'r.declined_at'])
        .where('r.expert_id', '=', expert.pk)
        .where('o.state', '=', 'open')
        .orderBy('o.deadline')
        .orderBy('o.id')
        .execute();
    },

    see: (identity: ExpertIdentity, id: number) => answer(identity, id, 'see'),
    decline: (identity: ExpertIdentity, id: number) => answer(identity, id, 'decline'),
    accept: (identity: ExpertIdentity, id: number) => answer(identity, id, 'accept'),

    /**
     * Closes every open offer past its deadline and sends its order back to waiting for an
     * expert; several gateway instances may run this at once (SKIP LOCKED). Each offer in its
     * own transaction, locking the order before the offer like every other path.
     */
    async expireDue(): Promise<number> {
      // Past their deadline, or left behind by their order (cancelled while on offer).
      const due = await q
        .selectFrom('inspection_offers as o')
        .innerJoin('inspections as i', 'i.pk', 'o.inspection_pk')
        .select(['o.id', 'o.inspection_pk'])
        .where('o.state', '=', 'open')
        .where((eb) => eb.or([eb('o.deadline', '<=', now().toISOString()), eb('i.state', '<>', 'P')]))
        .orderBy('o.deadline')
        .limit(200)
        .execute();
      const expired: number[] = [];
      for (const candidate of due) {
        const done = await db.transaction(async (tx) => {
          const t = kyselyOf<Tables>(tx);
          const order = await t.selectFrom('inspections').select(['pk', 'state']).where('pk', '=', candidate.inspection_pk).forUpdate().skipLocked().executeTakeFirst();
          if (!order) return false;
          const offer = await t.selectFrom('inspection_offers').select(['state', 'deadline']).where('id', '=', candidate.id).forUpdate().skipLocked().executeTakeFirst();
          if (!offer || offer.state !== 'open') return false;
          const at = now().toISOString();
          if (order.state !== 'P') {
            // Its order left the offer another way (cancelled): the offer goes with it.
            await move(tx, OFFER_WORKFLOW, { entity: 'inspection_offer', entityId: candidate.id, action: 'remove', from: 'open', actor: SYSTEM, reason: 'سفارش دیگر در پیشنهاد نیست' });
            await t.updateTable('inspection_offers').set({ state: 'removed', closed_at: at, version: sql<number>`version + 1` }).where('id', '=', candidate.id).execute();
            return true;
          }
          if (Date.parse(offer.deadline) > now().getTime()) return false;
          await move(tx, OFFER_WORKFLOW, { entity: 'inspection_offer', entityId: candidate.id, action: 'expire', from: 'open', actor: SYSTEM });
          await t.updateTable('inspection_offers').set({ state: 'expired', closed_at: at, version: sql<number>`version + 1` }).where('id', '=', candidate.id).execute();
          await t.updateTable('inspections').set({ state: 'T', version: sql<number>`version + 1`, updated_at: at }).where('pk', '=', order.pk).execute();
          await logAction(tx, { entity: 'inspection', entityId: order.pk, action: 'offer_expired', from: 'P', to: 'T', actor: SYSTEM });
          return true;
        });
        if (done) expired.push(candidate.id);
      }
      await announce(expired);
      return expired.length;
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;

/** The columns of an offer with its order's summary and how its experts answered. */
function offerRows<O>(query: SelectQueryBuilder<Tables & { o: Tables['inspection_offers']; i: Tables['inspections'] }, 'o' | 'i', O>) {
  return query.innerJoin('cities as c', 'c.id', 'i.city_id').select([
    'o.id',
    'o.inspection_pk',
    'i.code as order_code',
    'i.customer_name',
    'i.city_id',
    'c.name as city',
    'i.visit_place',
    'i.package',
    'i.price',
    'o.sent_at',
    'o.deadline',
    'o.sent_by',
    'o.state',
    'o.closed_at',
    'o.version',
    sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id)`.as('recipients'),
    // A decline answers an offer the expert saw, whether or not a see was stored before it, so
    // "seen" is never fewer than "declined".
    sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id AND (r.seen_at IS NOT NULL OR r.declined_at IS NOT NULL))`.as('seen'),
    sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id AND r.declined_at IS NOT NULL)`.as('declined'),
    sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = o.accepted_expert_id)`.as('accepted_expert'),
  ]);
}

// Sorts by the order's columns break ties by the order first, so the first page is read in
// order from the order's own index (0303) and joined to its offers (0502), not sorted whole.
const SORTS = {
  sent_at: ['o.sent_at', 'o.id'],
  deadline: ['o.deadline', 'o.id'],
  price: ['i.price', 'i.pk', 'o.id'],
  customer_name: ['i.customer_name', 'i.pk', 'o.id'],
  order_code: ['i.code', 'o.id'],
} as const satisfies Record<OfferSortColumn, readonly string[]>;

/**
 * The offer list: every offer with its order's summary and how its experts answered. Filtered and
 * counted on the offers alone (decision 091): what a filter asks of the order comes in as the
 * orders' keys from a subquery; the order is joined to pick the page only when the sort is by
 * one of its columns, and for the page's rows.
 */
export async function listOffers(q: Kysely<Tables>, filter: OfferListFilter): Promise<OfferListPage> {
  const orders = (where: (eb: ExpressionBuilder<Tables & { i: Tables['inspections'] }, 'i'>) => Expression<SqlBool>) =>
    q.selectFrom('inspections as i').select('i.pk').where(where);
  const filtered = q.selectFrom('inspection_offers as o').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.state?.length) clauses.push(eb('o.state', '=', eb.fn.any(eb.val(filter.state))));
    if (filter.cities?.length) clauses.push(eb('o.inspection_pk', 'in', orders((i) => i('i.city_id', '=', i.fn.any(i.val(filter.cities!))))));
    if (filter.date) {
      const [start, end] = tehranDayRange(filter.date);
      clauses.push(eb('o.sent_at', '>=', start), eb('o.sent_at', '<', end));
    }
    if (filter.query) {
      const text = filter.query;
      clauses.push(eb('o.inspection_pk', 'in', orders((i) => i.or([i('i.code', 'like', likeContains(text)), i('i.customer_name', 'ilike', likeContains(text))]))));
    }
    return eb.and(clauses);
  });
  const withOrder = (query: typeof filtered) => query.innerJoin('inspections as i', 'i.pk', 'o.inspection_pk');
  const byOrder = SORTS[filter.sort].some((column) => column.startsWith('i.'));
  return pagedList(
    filtered,
    { key: 'o.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => offerRows(withOrder(query)), ordered: byOrder ? withOrder(filtered) : undefined },
    filter,
  );
}
