import { sql, type Kysely } from 'kysely';
import { ROLES, formatToman, toPersianDigits } from '@panel/contracts/common';
import {
  PRICING_MESSAGES,
  PRICING_STATUSES,
  PRICING_STATUS_LIST,
  PRICING_WORKFLOW,
  pricingOrderSort,
  type EstimateInput,
  type EstimatorBand,
  type PricingAction,
  type PricingActionResult,
  type PricingOrder,
  type PricingOrderListFilter,
  type PricingExpert,
  type PricingOrderPage,
  type PricingSort,
  type PricingStatus,
  type PricingStatusCount,
} from '@panel/contracts/pricing-orders';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { conflict, notFound } from '../../errors';
import { move, type Actor } from '../../workflow';
import type { PricingOrdersTables } from './pricing-orders.tables';

/** What this module reads of auth's users (whom the expert filter can name); modules never import each other. */
interface ReadTables {
  users: { username: string; first_name: string; last_name: string; roles: string[]; is_active: boolean };
}
type Tables = CoreTables & ReadTables & PricingOrdersTables;
export type PricingDb = Kysely<Tables>;
export const PRICING_ENTITY = 'pricing_order';

const CITY = sql<string>`(SELECT c.name FROM cities c WHERE c.id = pricing_orders.city_id)`.as('city');
const COLUMNS = [
  'id', 'code', 'status', 'version', 'model_id', 'brand_model', 'year', 'usage', 'customer_name', 'phone_number', 'description',
  'expert_username', 'expert_name', 'estimate_min', 'estimate_max', 'expert_note', 'created_at', 'estimated_at',
] as const;

/** Each sort key's columns, the id last so equal values keep one order. */
const SORTS = {
  code: ['code', 'id'],
  created_at: ['created_at', 'id'],
  usage: ['usage', 'id'],
  year: ['year', 'id'],
  estimated_at: ['estimated_at', 'id'],
} as const satisfies Record<PricingSort, readonly string[]>;

/**
 * Every filter of the list; the status too unless `withStatus` is false (the tabs count under
 * the others). `viewer` is the verified token's user, whom `mine` names.
 */
function filtered(q: PricingDb, filter: PricingOrderListFilter, viewer: string, withStatus = true) {
  let query = q.selectFrom('pricing_orders');
  if (withStatus) query = query.where('status', '=', filter.status);
  if (filter.search) {
    const like = likeContains(filter.search);
    query = query.where((eb) => eb.or([eb('code', 'like', like), eb('customer_name', 'ilike', like), eb('phone_number', 'like', like), eb('brand_model', 'ilike', like)]));
  }
  if (filter.cities?.length) query = query.where('city_id', 'in', filter.cities);
  if (filter.model) query = query.where('model_id', '=', filter.model);
  if (filter.expert) query = query.where('expert_username', '=', filter.expert);
  if (filter.mine) query = query.where('expert_username', '=', viewer);
  if (filter.from) query = query.where('created_at', '>=', tehranDayRange(filter.from)[0]);
  if (filter.to) query = query.where('created_at', '<', tehranDayRange(filter.to)[1]);
  return query;
}

/** A page of one tab, in the chosen column's order or the tab's own (decision 081). */
export async function listPricingOrders(q: PricingDb, filter: PricingOrderListFilter, viewer: string): Promise<PricingOrderPage> {
  const { sort, isAscending } = pricingOrderSort(filter);
  return pagedList(filtered(q, filter, viewer), { key: 'id', order: sortOrder(SORTS, sort, isAscending), columns: (s) => s.select([...COLUMNS, CITY]) }, filter) as Promise<PricingOrderPage>;
}

/** The status tabs with their counts under the other filters. */
export async function statusCounts(q: PricingDb, filter: PricingOrderListFilter, viewer: string): Promise<PricingStatusCount[]> {
  const rows = await filtered(q, filter, viewer, false).select(['status', sql<number>`count(*)`.as('count')]).groupBy('status').execute();
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]));
  return PRICING_STATUS_LIST.map((status) => ({ status, label: PRICING_STATUSES[status], count: counts.get(status) ?? 0 }));
}

/** Whom the expert filter can name: active price experts, and anyone who has an order (a past expert's work stays findable). */
export async function pricingExperts(q: PricingDb): Promise<PricingExpert[]> {
  return q
    .selectFrom('users as u')
    .select(['u.username', sql<string>`btrim(u.first_name || ' ' || u.last_name)`.as('name')])
    .where((eb) =>
      eb.or([
        eb.and([eb('u.is_active', '=', true), sql<boolean>`${ROLES.priceExpert} = ANY(u.roles)`]),
        eb.exists(eb.selectFrom('pricing_orders as o').select('o.id').whereRef('o.expert_username', '=', 'u.username')),
      ]),
    )
    .orderBy('u.first_name')
    .orderBy('u.username')
    .execute();
}

export async function getPricingOrder(q: PricingDb, id: number): Promise<PricingOrder> {
  const row = await q.selectFrom('pricing_orders').select([...COLUMNS, CITY]).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PRICING_MESSAGES.notFound);
  return row as PricingOrder;
}

const roundMillion = (n: number) => Math.round(n / 1_000_000) * 1_000_000;
const quantile = (sorted: number[], p: number) => {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.ceil(at)]! - sorted[lo]!) * (at - lo);
};

/**
 * The estimator: the last (up to 12) prices of the same catalogue model and year, from posts that
 * went public (their price, discounted where discounted) and from finished pricing orders (the
 * middle of their band); the band is their 25th to 75th percentile, rounded to a million tomans.
 * Fewer than three prices give no band.
 */
export async function estimate(db: Queryable, id: number): Promise<EstimatorBand> {
  const q = kyselyOf<Tables>(db);
  const order = await getPricingOrder(q, id);
  const samples = await db.query<{ price: number; source: string; at: string }>(
    `SELECT price, source, at FROM (
       SELECT COALESCE(p.discounted_price, p.price)::bigint AS price, 'آگهی' AS source, p.created_at AS at
         FROM car_posts p WHERE p.model_id = $1 AND p.year = $2 AND p.state IN ('published', 'archived')
       UNION ALL
       SELECT ((o.estimate_min + o.estimate_max) / 2)::bigint, 'قیمت‌گذاری', o.estimated_at
         FROM pricing_orders o WHERE o.model_id = $1 AND o.year = $2 AND o.status = 'DO' AND o.id <> $3
     ) s ORDER BY at DESC LIMIT 12`,
    [order.model_id, order.year, order.id],
  );
  const car = `${order.brand_model} مدل ${toPersianDigits(order.year)}`;
  if (samples.length < 3) {
    return { low: null, high: null, median: null, samples, explanation: `برای ${car} کمتر از ۳ قیمت اخیر ثبت شده است (${toPersianDigits(samples.length)} قیمت)؛ برآوردگر بازه‌ای پیشنهاد نمی‌کند.` };
  }
  const sorted = samples.map((s) => Number(s.price)).sort((a, b) => a - b);
  const low = roundMillion(quantile(sorted, 0.25));
  const high = roundMillion(quantile(sorted, 0.75));
  const median = roundMillion(quantile(sorted, 0.5));
  const posts = samples.filter((s) => s.source === 'آگهی').length;
  return {
    low,
    high,
    median,
    samples: samples.map((s) => ({ ...s, price: Number(s.price) })),
    explanation: `از ${toPersianDigits(samples.length)} قیمت اخیر ${car} (${toPersianDigits(posts)} آگهی منتشرشده و ${toPersianDigits(samples.length - posts)} قیمت‌گذاری)، کمترین ${formatToman(sorted[0]!)} و بیشترین ${formatToman(sorted.at(-1)!)}: بازه میانی (چارک اول تا سوم) ${formatToman(low)} تا ${formatToman(high)} با میانه ${formatToman(median)}.`,
  };
}

interface Change {
  expert_username?: string | null;
  expert_name?: string | null;
  estimate_min?: number;
  estimate_max?: number;
  expert_note?: string;
  estimated_at?: string;
}

async function act(db: Db, actor: Actor, input: { id: number; version: number }, action: PricingAction, change: () => Change): Promise<PricingActionResult> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<Tables>(tx);
    const order = await q.selectFrom('pricing_orders').select(['id', 'code', 'status', 'version', 'expert_username']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!order) throw notFound(PRICING_MESSAGES.notFound);
    if (order.version !== input.version) throw conflict(PRICING_MESSAGES.stale);
    const refusal = PRICING_WORKFLOW.refusal(action, order.status as PricingStatus, toPersianDigits(order.code));
    if (refusal) throw conflict(refusal);
    if (action !== 'take' && order.expert_username !== actor.username) throw conflict(PRICING_MESSAGES.notYours);
    const set = change();
    const to = await move(tx, PRICING_WORKFLOW, { entity: PRICING_ENTITY, entityId: order.id, name: toPersianDigits(order.code), action, from: order.status as PricingStatus, actor });
    const row = await q
      .updateTable('pricing_orders')
      .set({ ...set, status: to, version: order.version + 1 })
      .where('id', '=', order.id)
      .returning(['id', 'status', 'version'])
      .executeTakeFirstOrThrow();
    return { ...row, message: PRICING_MESSAGES.done[action] };
  });
}

export function pricingActions(db: Db) {
  return {
    take: (actor: Actor, input: { id: number; version: number }) => act(db, actor, input, 'take', () => ({ expert_username: actor.username, expert_name: actor.fullname || actor.username })),
    release: (actor: Actor, input: { id: number; version: number }) => act(db, actor, input, 'release', () => ({ expert_username: null, expert_name: null })),
    estimate: (actor: Actor, input: EstimateInput) =>
      act(db, actor, input, 'estimate', () => ({ estimate_min: input.estimate_min, estimate_max: input.estimate_max, expert_note: input.note, estimated_at: new Date().toISOString() })),
  };
}
