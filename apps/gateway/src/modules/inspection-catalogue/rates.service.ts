import { sql } from 'kysely';
import { formatToman, toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import {
  RATE_MESSAGES,
  WHAT_IF_DAYS,
  rateScopeOf,
  type DeletePricingRateInput,
  type PricingRate,
  type PricingRateListFilter,
  type PricingRatePage,
  type PricingRateValues,
  type UpdatePricingRateInput,
  type WhatIf,
} from '@panel/contracts/inspection-catalogue';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { pagedList } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import { RATE_ROW_COLUMNS, buildQuote, catalogueDb, packageColumns, standardRatios, type RateRow } from './quote.service';

// Pricing rates (issue 29, decision 100): list, add, edit, delete. Two rates of one key
// (condition, city, package) covering one day are refused by the database's exclusion
// constraint, on every driver and under any concurrency; the refusal is the Persian 409.

export const RATE_ENTITY = 'pricing_rate';

const isOverlap = (error: unknown) => {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return e?.code === '23P01' || (typeof e?.message === 'string' && e.message.includes('pricing_rates_no_overlap'));
};
const isForeignKey = (error: unknown) => (error as { code?: unknown } | null)?.code === '23503';

const RATE_COLUMNS = [
  'r.id', 'r.condition', 'r.city_id', 'r.package_id', sql<string>`r.starts_on::text`.as('starts_on'), sql<string>`r.ends_on::text`.as('ends_on'),
  sql<number>`r.ratio::float8`.as('ratio'), 'r.note', 'r.created_by', 'r.version', 'r.updated_at',
  sql<string | null>`(SELECT c.name FROM cities c WHERE c.id = r.city_id)`.as('city'),
  sql<string | null>`(SELECT p.name FROM inspection_packages p WHERE p.id = r.package_id)`.as('package'),
] as const;

function filtered(q: Queryable, filter: PricingRateListFilter) {
  let query = catalogueDb(q).selectFrom('pricing_rates as r');
  if (filter.condition) query = query.where('r.condition', '=', filter.condition);
  // A city's rates include those for every city; a package's, those for every package.
  if (filter.city) query = query.where((eb) => eb.or([eb('r.city_id', '=', filter.city!), eb('r.city_id', 'is', null)]));
  if (filter.package) query = query.where((eb) => eb.or([eb('r.package_id', '=', filter.package!), eb('r.package_id', 'is', null)]));
  // In force that day: the count reads the days' GiST index (migration 1601); `starts_on <=` lets
  // the page walk the list's order from that day back, where the rates in force are.
  if (filter.day) query = query.where('r.starts_on', '<=', filter.day).where(sql<boolean>`daterange(r.starts_on, r.ends_on, '[]') @> ${filter.day}::date`);
  return query;
}

const withScope = <R extends { city_id: number | null; package_id: number | null }>(row: R) => ({ ...row, scope: rateScopeOf(row) });

/** A page of rates, the latest starting first. */
export async function listRates(q: Queryable, filter: PricingRateListFilter): Promise<PricingRatePage> {
  const page = await pagedList(filtered(q, filter), { key: 'r.id', order: sql`r.starts_on DESC, r.id DESC`, columns: (s) => s.select(RATE_COLUMNS) }, filter);
  return { ...page, results: page.results.map(withScope) };
}

export async function getRate(q: Queryable, id: number): Promise<PricingRate> {
  const row = await catalogueDb(q).selectFrom('pricing_rates as r').select(RATE_COLUMNS).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(RATE_MESSAGES.notFound);
  return withScope(row);
}

async function lockRate(tx: Queryable, id: number, version: number): Promise<void> {
  const row = await catalogueDb(tx).selectFrom('pricing_rates').select('version').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(RATE_MESSAGES.notFound);
  if (row.version !== version) throw conflict(RATE_MESSAGES.stale);
}

export function ratesService(db: Db) {
  /** The database's refusals in Persian: an overlapping rate (409), a package that is not there (400). */
  const checked = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isOverlap(error)) throw conflict(RATE_MESSAGES.overlap);
      if (isForeignKey(error)) throw badRequest({ package_id: [RATE_MESSAGES.package] });
      throw error;
    }
  };

  return {
    create: (actor: Actor, input: PricingRateValues) =>
      checked(() =>
        db.transaction(async (tx) => {
          const { id } = await catalogueDb(tx).insertInto('pricing_rates').values({ ...input, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
          await logAction(tx, { entity: RATE_ENTITY, entityId: id, action: 'create', actor, details: { ...input } });
          return getRate(tx, id);
        }),
      ),

    update: (actor: Actor, { id, version, ...input }: UpdatePricingRateInput) =>
      checked(() =>
        db.transaction(async (tx) => {
          await lockRate(tx, id, version);
          await catalogueDb(tx).updateTable('pricing_rates').set({ ...input, version: version + 1, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
          await logAction(tx, { entity: RATE_ENTITY, entityId: id, action: 'update', actor, details: { ...input } });
          return getRate(tx, id);
        }),
      ),

    /** Deletes a rate (the screen confirms first); quotes already given keep their breakdown. */
    remove: (actor: Actor, { id, version }: DeletePricingRateInput) =>
      db.transaction(async (tx) => {
        await lockRate(tx, id, version);
        const gone = await getRate(tx, id);
        await catalogueDb(tx).deleteFrom('pricing_rates').where('id', '=', id).execute();
        await logAction(tx, { entity: RATE_ENTITY, entityId: id, action: 'delete', actor, details: { ...gone } });
        return { id, message: RATE_MESSAGES.deleted };
      }),
  };
}

/** At most this many orders are replayed; the answer says when it stopped short. */
const WHAT_IF_LIMIT = 20_000;

/**
 * What a draft rate would have done (decision 100): the last 30 days of orders in its city and
 * package (cancelled ones left out) priced by today's rates, then again with the draft in force
 * on their days (its own dates set aside: the question is "had it been live"). `replacing` is
 * the rate the draft edits, left out of the second pricing.
 */
export async function whatIf(q: Queryable, draft: PricingRateValues, replacing: number | null, now = new Date()): Promise<WhatIf> {
  const since = new Date(now.getTime() - WHAT_IF_DAYS * 86_400_000).toISOString();
  const packages = await catalogueDb(q).selectFrom('inspection_packages').select(packageColumns).execute();
  const byName = new Map(packages.map((p) => [p.name, p]));
  const wanted = draft.package_id === null ? null : packages.find((p) => p.id === draft.package_id);
  if (draft.package_id !== null && !wanted) throw badRequest({ package_id: [RATE_MESSAGES.package] });
  const orders = await sql<{ pk: number; code: string; package: string; city_id: number; city: string; day: string; conditions: PricingCondition[] }>`
    SELECT i.pk, i.code, i.package, i.city_id, c.name AS city, coalesce(i.visit_date, (i.created_at AT TIME ZONE 'Asia/Tehran')::date)::text AS day,
           i.pricing_conditions AS conditions
      FROM inspections i JOIN cities c ON c.id = i.city_id
     WHERE i.created_at >= ${since} AND NOT i.is_canceled AND i.state <> 'F'
       AND (${draft.city_id}::int IS NULL OR i.city_id = ${draft.city_id}::int)
       AND (${wanted?.name ?? null}::text IS NULL OR i.package = ${wanted?.name ?? null}::text)
     ORDER BY i.created_at DESC, i.pk DESC
     LIMIT ${WHAT_IF_LIMIT}`.execute(kyselyOf(q)).then((r) => r.rows);
  const rates: RateRow[] = await catalogueDb(q)
    .selectFrom('pricing_rates')
    .select(RATE_ROW_COLUMNS)
    .execute();
  const standards = await standardRatios(q);
  let before = 0;
  let after = 0;
  let changed = 0;
  let counted = 0;
  const samples: WhatIf['samples'] = [];
  for (const order of orders) {
    const pkg = byName.get(order.package);
    if (!pkg) continue;
    const live: RateRow = { id: 0, ...draft, starts_on: order.day, ends_on: order.day };
    const was = buildQuote(pkg, order.city_id, order.day, order.conditions, rates, standards).price;
    const would = buildQuote(pkg, order.city_id, order.day, order.conditions, [...rates.filter((r) => r.id !== replacing), live], standards).price;
    counted += 1;
    before += was;
    after += would;
    if (was !== would) {
      changed += 1;
      if (samples.length < 20) samples.push({ pk: order.pk, code: order.code, package: order.package, city: order.city, before: was, after: would });
    }
  }
  const change = after - before;
  const sign = change > 0 ? 'افزایش' : change < 0 ? 'کاهش' : 'بدون تغییر';
  const short = orders.length === WHAT_IF_LIMIT ? ` (فقط ${toPersianDigits(String(WHAT_IF_LIMIT))} سفارش آخر)` : '';
  return {
    days: WHAT_IF_DAYS,
    orders: counted,
    changed,
    revenue_before: before,
    revenue_after: after,
    revenue_change: change,
    samples,
    explanation:
      `با این نرخ، قیمت ${toPersianDigits(String(changed))} سفارش از ${toPersianDigits(String(counted))} سفارش ${toPersianDigits(String(WHAT_IF_DAYS))} روز گذشته${short} تغییر می‌کرد؛ ` +
      `درآمد از ${formatToman(before)} به ${formatToman(after)} (${sign}${change === 0 ? '' : ` ${formatToman(Math.abs(change))}`}).`,
  };
}
