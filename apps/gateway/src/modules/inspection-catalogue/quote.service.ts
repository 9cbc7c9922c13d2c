import { sql, type Selectable } from 'kysely';
import { PRICING_CONDITION_LABELS, formatToman, tehranDateKey, toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import {
  CATALOGUE_MESSAGES,
  CONDITION_PRECEDENCE,
  RATE_SCOPE_LABELS,
  RATE_SCOPE_PRECEDENCE,
  composeQuote,
  describeRatio,
  rateScopeOf,
  type LockedQuote,
  type Quote,
  type QuoteFactor,
} from '@panel/contracts/inspection-catalogue';
import type { Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest } from '../../errors';
import type { Actor } from '../../workflow';
import type { InspectionCatalogueTables, PricingRatesTable } from './inspection-catalogue.tables';

// The catalogue's quote (decision 100): what every price of the panel is — a phone request, a
// change of package or of pricing conditions, a reserve. Other modules call it through the
// catalogue port (decision 033), in their own transaction, and lock its breakdown to what they price.

export const catalogueDb = (q: Queryable) => kyselyOf<InspectionCatalogueTables>(q);

export interface QuoteRequest {
  package: string;
  cityId: number;
  /** The visit day ('YYYY-MM-DD'); null: today in Tehran. */
  day: string | null;
  /** The conditions staff chose; the ones a rate in force names are added. */
  conditions: readonly PricingCondition[];
}

export interface PackageRow {
  id: number;
  name: string;
  base_price: number;
  city_ids: number[];
  is_active: boolean;
}

/** What a quote reads of a rate. */
export type RateRow = Pick<Selectable<PricingRatesTable>, 'id' | 'condition' | 'city_id' | 'package_id' | 'starts_on' | 'ends_on' | 'ratio'>;
/** Those columns as a select: days as 'YYYY-MM-DD', the ratio as a number. */
export const RATE_ROW_COLUMNS = ['id', 'condition', 'city_id', 'package_id', sql<string>`starts_on::text`.as('starts_on'), sql<string>`ends_on::text`.as('ends_on'), sql<number>`ratio::float8`.as('ratio')] as const;

export type StandardRatios = ReadonlyMap<PricingCondition, number>;

/**
 * The price of a package in a city on a day: for each condition applied (chosen by hand, or named
 * by a rate in force), the most specific rate in force (city and package, city, package, all),
 * else the condition's standard ratio; the product held in the cap; base × each factor = price.
 * Pure: the what-if replays it over many orders.
 */
export function buildQuote(pkg: PackageRow, cityId: number, day: string, chosen: readonly PricingCondition[], rates: readonly RateRow[], standards: StandardRatios): Quote {
  const inForce = rates.filter(
    (r) => r.starts_on <= day && r.ends_on >= day && (r.city_id === null || r.city_id === cityId) && (r.package_id === null || r.package_id === pkg.id),
  );
  const applied = new Set<PricingCondition>([...chosen, ...inForce.map((r) => r.condition)]);
  const factors: QuoteFactor[] = [];
  for (const condition of CONDITION_PRECEDENCE) {
    if (!applied.has(condition)) continue;
    const winner = inForce
      .filter((r) => r.condition === condition)
      .sort((a, b) => RATE_SCOPE_PRECEDENCE.indexOf(rateScopeOf(a)) - RATE_SCOPE_PRECEDENCE.indexOf(rateScopeOf(b)))[0];
    const ratio = winner?.ratio ?? standards.get(condition) ?? 1;
    const scope = winner ? rateScopeOf(winner) : 'standard';
    const source = winner ? `${RATE_SCOPE_LABELS[rateScopeOf(winner)]} (نرخ ${toPersianDigits(String(winner.id))})` : 'ضریب استاندارد، انتخاب کارمند';
    factors.push({
      condition,
      label: PRICING_CONDITION_LABELS[condition],
      ratio,
      rate_id: winner?.id ?? null,
      scope,
      explanation: `${PRICING_CONDITION_LABELS[condition]} ${describeRatio(ratio)} — ${source}`,
    });
  }
  const composed = composeQuote(pkg.base_price, factors);
  const steps = [`${pkg.name} ${formatToman(pkg.base_price)}`, ...factors.map((f) => `${f.label} ×${f.ratio.toLocaleString('fa-IR', { maximumFractionDigits: 3 })}`)];
  const cap = composed.capped
    ? ` (ضریب ترکیبی ${composed.raw_multiplier.toLocaleString('fa-IR')} به ${composed.multiplier.toLocaleString('fa-IR')} محدود شد)`
    : '';
  return {
    package_id: pkg.id,
    package: pkg.name,
    city_id: cityId,
    day,
    base_price: pkg.base_price,
    factors,
    ...composed,
    explanation: `${steps.join(' × ')} = ${formatToman(composed.price)}${cap}`,
  };
}

export const packageColumns = ['id', 'name', 'base_price', 'city_ids', 'is_active'] as const;

export async function standardRatios(q: Queryable): Promise<StandardRatios> {
  const rows = await catalogueDb(q).selectFrom('pricing_conditions').select(['condition', 'ratio']).execute();
  return new Map(rows.map((r) => [r.condition, Number(r.ratio)]));
}

/** A package that may be sold in the city, or the Persian 400 on `package`. */
export async function saleablePackage(q: Queryable, name: string, cityId: number): Promise<PackageRow> {
  const pkg = await catalogueDb(q).selectFrom('inspection_packages').select(packageColumns).where('name', '=', name).executeTakeFirst();
  if (!pkg) throw badRequest({ package: [CATALOGUE_MESSAGES.packageNotFound] });
  if (!pkg.is_active) throw badRequest({ package: [CATALOGUE_MESSAGES.packageInactive] });
  if (!pkg.city_ids.includes(cityId)) throw badRequest({ package: [CATALOGUE_MESSAGES.notSoldInCity] });
  return pkg;
}

/** The quote of a request by the rates in force now (read in `q`, the caller's transaction when it has one). */
export async function quote(q: Queryable, request: QuoteRequest, now = new Date()): Promise<Quote> {
  const pkg = await saleablePackage(q, request.package, request.cityId);
  const day = request.day ?? tehranDateKey(now);
  const rates = await catalogueDb(q)
    .selectFrom('pricing_rates')
    .select(RATE_ROW_COLUMNS)
    .where('starts_on', '<=', day)
    .where('ends_on', '>=', day)
    .where((eb) => eb.or([eb('city_id', 'is', null), eb('city_id', '=', request.cityId)]))
    .where((eb) => eb.or([eb('package_id', 'is', null), eb('package_id', '=', pkg.id)]))
    .execute();
  return buildQuote(pkg, request.cityId, day, request.conditions, rates, await standardRatios(q));
}

/** Keeps a quote as given for what it priced, in the caller's transaction. */
export async function lockQuote(tx: Queryable, quoted: Quote, subject: { entity: 'inspection' | 'inspection_reserve'; entityId: number }, actor: Actor | null): Promise<void> {
  await catalogueDb(tx)
    .insertInto('inspection_quotes')
    .values({
      entity: subject.entity,
      entity_id: subject.entityId,
      package_id: quoted.package_id,
      package: quoted.package,
      city_id: quoted.city_id,
      day: quoted.day,
      base_price: quoted.base_price,
      factors: JSON.stringify(quoted.factors),
      raw_multiplier: quoted.raw_multiplier,
      multiplier: quoted.multiplier,
      capped: quoted.capped,
      price: quoted.price,
      explanation: quoted.explanation,
      created_by: actor?.username ?? 'system',
    })
    .execute();
}

/** The quotes locked for an order or a reserve, newest first: each as it was given. */
export async function quotesOf(q: Queryable, entity: 'inspection' | 'inspection_reserve', entityId: number): Promise<LockedQuote[]> {
  const rows = await catalogueDb(q)
    .selectFrom('inspection_quotes')
    .select([
      'id', 'entity', 'entity_id', 'package_id', 'package', 'city_id', sql<string>`day::text`.as('day'), 'base_price', 'factors',
      sql<number>`raw_multiplier::float8`.as('raw_multiplier'), sql<number>`multiplier::float8`.as('multiplier'), 'capped', 'price', 'explanation', 'created_by', 'created_at',
    ])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, factors: (typeof row.factors === 'string' ? JSON.parse(row.factors) : row.factors) as QuoteFactor[] }));
}
