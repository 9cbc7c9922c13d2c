import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { toPersianDigits } from '@panel/contracts/common';
import { OFFER_DEADLINE_MINUTES, OFFER_MESSAGES, type OfferListFilter, type OfferListPage } from '@panel/contracts/inspection-offers';
import { ORDER_ACTION_MESSAGES, ORDER_WORKFLOW, type OrderActionResult, type OrderState } from '@panel/contracts/inspection-orders';
import type { CoreTables } from '../../db/core-tables';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, tehranDayRange } from '../../db/list-query';
import { conflict, notFound } from '../../errors';
import { recordOutbox } from '../../outbox';
import { logAction, move, type Actor } from '../../workflow';
import type { InspectionOffersTables } from './inspection-offers.tables';

// Offers of an order to the experts who fit it (decision 032). Sending and removing are the
// order's own workflow moves (R C A T M → P, P → T), made here because the offer rows are this
// module's; the expert app's answers and the live monitoring build on the same tables.

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

export function offersService(db: Db, options: { now?: () => Date } = {}) {
  const now = () => options.now?.() ?? new Date();

  return {
    async send(actor: Actor, pk: number): Promise<OrderActionResult> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const order = await lockOrder(q, pk);
        if (order.held_until && Date.parse(order.held_until) > now().getTime()) throw conflict('این سفارش متوقف است و تا پایان توقف پیشنهاد نمی‌شود.');
        const experts = (await RECIPIENTS(order.city_id).execute(q)).rows;
        if (experts.length === 0) throw conflict(OFFER_MESSAGES.noExperts);
        const to = await move(tx, ORDER_WORKFLOW, { entity: 'inspection', entityId: pk, name: toPersianDigits(order.code), action: 'send_to_offer', from: order.state as OrderState, actor });
        const sent = now();
        const offer = await q
          .insertInto('inspection_offers')
          .values({ inspection_pk: pk, sent_by: actor.username, sent_at: sent.toISOString(), deadline: new Date(sent.getTime() + OFFER_DEADLINE_MINUTES * 60_000).toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await q.insertInto('inspection_offer_recipients').values(experts.map((e) => ({ offer_id: offer.id, expert_id: e.pk, seen_at: null, declined_at: null }))).execute();
        for (const expert of experts) {
          await recordOutbox(tx, { channel: 'push', target: String(expert.pk), text: `سفارش ${toPersianDigits(order.code)} به شما پیشنهاد شد.`, entity: 'inspection_offer', entityId: offer.id, createdBy: actor.username });
        }
        await q.updateTable('inspections').set({ state: to, offer_sent_at: sent.toISOString(), version: sql<number>`version + 1`, updated_at: sent.toISOString() }).where('pk', '=', pk).execute();
        return result(order, to, ORDER_ACTION_MESSAGES.done.send_to_offer);
      });
    },

    async remove(actor: Actor, pk: number): Promise<OrderActionResult> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const order = await lockOrder(q, pk);
        const to = await move(tx, ORDER_WORKFLOW, { entity: 'inspection', entityId: pk, name: toPersianDigits(order.code), action: 'remove_offer', from: order.state as OrderState, actor });
        const at = now().toISOString();
        await q.updateTable('inspection_offers').set({ state: 'removed', closed_at: at }).where('inspection_pk', '=', pk).where('state', '=', 'open').execute();
        await q.updateTable('inspections').set({ state: to, version: sql<number>`version + 1`, updated_at: at }).where('pk', '=', pk).execute();
        return result(order, to, ORDER_ACTION_MESSAGES.done.remove_offer);
      });
    },

    /**
     * Closes every open offer past its deadline and sends its order back to waiting for an
     * expert; several gateway instances may run this at once (SKIP LOCKED).
     */
    async expireDue(): Promise<number> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const due = await q.selectFrom('inspection_offers').select(['id', 'inspection_pk']).where('state', '=', 'open').where('deadline', '<=', now().toISOString()).forUpdate().skipLocked().execute();
        const at = now().toISOString();
        for (const offer of due) {
          await q.updateTable('inspection_offers').set({ state: 'expired', closed_at: at }).where('id', '=', offer.id).execute();
          const order = await q.updateTable('inspections').set({ state: 'T', version: sql<number>`version + 1`, updated_at: at }).where('pk', '=', offer.inspection_pk).where('state', '=', 'P').returning('pk').executeTakeFirst();
          if (order) await logAction(tx, { entity: 'inspection', entityId: order.pk, action: 'offer_expired', from: 'P', to: 'T', actor: { username: 'system', fullname: 'سامانه' } });
        }
        return due.length;
      });
    },
  };
}

/** The offer list: every offer with its order's summary and how its experts answered. */
export async function listOffers(q: Kysely<Tables>, filter: OfferListFilter): Promise<OfferListPage> {
  const filtered = q.selectFrom('inspection_offers as o').innerJoin('inspections as i', 'i.pk', 'o.inspection_pk').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.state?.length) clauses.push(eb('o.state', '=', eb.fn.any(eb.val(filter.state))));
    if (filter.cities?.length) clauses.push(eb('i.city_id', '=', eb.fn.any(eb.val(filter.cities))));
    if (filter.date) {
      const [start, end] = tehranDayRange(filter.date);
      clauses.push(eb('o.sent_at', '>=', start), eb('o.sent_at', '<', end));
    }
    if (filter.query) clauses.push(eb.or([eb('i.code', 'like', likeContains(filter.query)), eb('i.customer_name', 'ilike', likeContains(filter.query))]));
    return eb.and(clauses);
  });
  return pagedList(
    filtered,
    (query) =>
      query
        .innerJoin('cities as c', 'c.id', 'i.city_id')
        .select([
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
          sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id)`.as('recipients'),
          sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id AND r.seen_at IS NOT NULL)`.as('seen'),
          sql<number>`(SELECT count(*) FROM inspection_offer_recipients r WHERE r.offer_id = o.id AND r.declined_at IS NOT NULL)`.as('declined'),
          sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = o.accepted_expert_id)`.as('accepted_expert'),
        ])
        .orderBy('o.sent_at', 'desc')
        .orderBy('o.id', 'desc'),
    filter,
  );
}
