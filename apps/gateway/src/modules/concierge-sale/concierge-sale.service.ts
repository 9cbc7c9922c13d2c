import { randomBytes } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { CITIES, ROLES, toPersianDigits, type ActionLogEntry } from '@panel/contracts/common';
import {
  CANCEL_REASON_TYPES,
  DEAL_WORKFLOW,
  SALE_MESSAGES,
  SALE_REVERT_TARGET,
  SALE_STATES_WITH_DEAL,
  SALE_WORKFLOW,
  dealCommission,
  type AcceptOfferInput,
  type BuyerOffer,
  type BuyerOfferInput,
  type BuyerOfferListFilter,
  type BuyerOfferListPage,
  type BuyerOfferSort,
  type CancelSaleInput,
  type ConciergeSaleDetail,
  type CreateSale,
  type CreatedSale,
  type DealListFilter,
  type DealListPage,
  type DealSort,
  type SaleAction,
  type SaleActionResult,
  type SaleListFilter,
  type SaleListPage,
  type SalePeople,
  type SaleState,
  type SubmitDealInput,
} from '@panel/contracts/concierge-sale';
import type { CoreTables } from '../../db/core-tables';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { recordOutbox } from '../../outbox';
import { actionLog, logAction, move, type Actor } from '../../workflow';
import type { ConciergeSaleTables } from './concierge-sale.tables';

// The concierge sale's SQL (issue 15, decision 070). Every action locks the sale row, checks the
// version the person saw, moves the declared workflow (which writes the action log) and changes
// the rows in the same transaction. Who may see and act is decided here from the verified token.

/**
 * What this module reads of other modules' tables (users of auth, the brand-model catalogue),
 * declared here as far as it reads them: modules never import each other.
 */
interface ReadTables {
  users: { id: number; username: string; first_name: string; last_name: string; phone_number: string | null; roles: string[]; is_active: boolean };
  car_models: { id: number; brand_id: number; name_fa: string };
  car_brands: { id: number; name_fa: string };
}
type Tables = CoreTables & ReadTables & ConciergeSaleTables;
export type SaleQuery = Kysely<Tables>;

/** Who asks: the token's user and roles. Staff and supervisors see every sale, a sales expert only their own. */
export interface Viewer {
  actor: Actor & { id: number };
  roles: readonly string[];
}

const seesAll = (viewer: Viewer) => viewer.roles.includes(ROLES.staff) || viewer.roles.includes(ROLES.supervisor);
const isSupervisor = (viewer: Viewer) => viewer.roles.includes(ROLES.supervisor);

export const refusedNotYours = () => new HttpError(403, { message: SALE_MESSAGES.notYours });
const refusedNotSupervisor = () => new HttpError(403, { message: SALE_MESSAGES.supervisorOnly });

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
const cityName = (id: number) => CITIES.find((c) => c.id === id)?.name ?? String(id);

/** Sales the viewer may see (the whole table for staff and supervisors). */
function visible(q: SaleQuery, viewer: Viewer) {
  const base = q.selectFrom('concierge_sales as s');
  return seesAll(viewer) ? base : base.where('s.sales_expert_id', '=', viewer.actor.id);
}

const SALE_SORTS = {
  created_at: ['s.created_at', 's.id'],
  price: ['s.price', 's.id'],
  usage: ['s.usage', 's.id'],
  year: ['s.car_brand_model_year', 's.id'],
} as const;

const DEAL_SORTS = {
  deal_date: ['d.deal_date', 'd.id'],
  price: ['d.price', 'd.id'],
  product_commission: ['d.product_commission', 'd.id'],
  created_at: ['d.created_at', 'd.id'],
} as const satisfies Record<DealSort, readonly string[]>;

const BUYER_OFFER_SORTS = {
  created_at: ['o.created_at', 'o.id'],
  amount: ['o.amount', 'o.id'],
} as const satisfies Record<BuyerOfferSort, readonly string[]>;

/** A phone typed any way ('912…', '0912…') as the prefix of the stored 09… number, or undefined. */
function phonePrefix(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{3,11}$/.test(digits)) return undefined;
  return digits.startsWith('0') ? digits : `0${digits}`;
}

/** A sale as a search finds it: the applicant or the car anywhere, the token or the phone by their start (trigram and prefix indexes). */
function saleMatches(eb: ExpressionBuilder<Tables & { s: Tables['concierge_sales'] }, 's'>, text: string): Expression<SqlBool> {
  const phone = phonePrefix(text);
  const any: Expression<SqlBool>[] = [
    eb('s.applicant_full_name', 'ilike', likeContains(text)),
    eb('s.car_brand_model', 'ilike', likeContains(text)),
    eb('s.token', 'like', likePrefix(text.toLowerCase())),
  ];
  if (phone) any.push(eb('s.phone_number', 'like', likePrefix(phone)));
  return eb.or(any);
}

/** The ids of the sales a search finds, for the lists of rows that belong to a sale (deals, buyers' offers). */
const salesMatching = (q: SaleQuery, text: string) => q.selectFrom('concierge_sales as s').select('s.id').where((eb) => saleMatches(eb, text));

/** The ids of a sales expert's own sales: what they see of the deals and buyers' offers. */
const salesOf = (q: SaleQuery, expertId: number) => q.selectFrom('concierge_sales').select('id').where('sales_expert_id', '=', expertId);

export async function listSales(q: SaleQuery, viewer: Viewer, filter: SaleListFilter): Promise<SaleListPage> {
  const filtered = visible(q, viewer).where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.search) clauses.push(saleMatches(eb, filter.search));
    if (filter.status?.length) clauses.push(eb('s.status', '=', eb.fn.any(eb.val(filter.status))));
    if (filter.supervisor) clauses.push(eb('s.supervisor_id', '=', filter.supervisor));
    if (filter.salesExpert) clauses.push(eb('s.sales_expert_id', '=', filter.salesExpert));
    if (filter.cities?.length) clauses.push(eb('s.city_id', '=', eb.fn.any(eb.val(filter.cities))));
    if (filter.plan) clauses.push(eb('s.plan', '=', filter.plan));
    if (filter.quickSale !== undefined) clauses.push(eb('s.is_quick_sale', '=', filter.quickSale));
    if (filter.leasing !== undefined) clauses.push(eb('s.is_leasing_available', '=', filter.leasing));
    // A sale has a live deal exactly in these states (the workflow keeps it so; decision 091).
    if (filter.hasDeal !== undefined) clauses.push(eb('s.status', filter.hasDeal ? 'in' : 'not in', SALE_STATES_WITH_DEAL));
    if (filter.createdFrom) clauses.push(eb('s.created_at', '>=', tehranDayRange(filter.createdFrom)[0]));
    if (filter.createdTo) clauses.push(eb('s.created_at', '<', tehranDayRange(filter.createdTo)[1]));
    return eb.and(clauses);
  });
  const page = await pagedList(
    filtered,
    {
      key: 's.id',
      order: sortOrder(SALE_SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
      query
        .leftJoin('users as sup', 'sup.id', 's.supervisor_id')
        .leftJoin('users as ex', 'ex.id', 's.sales_expert_id')
        .select([
          's.id',
          's.token',
          's.created_at',
          's.applicant_full_name',
          's.phone_number',
          's.city_id',
          's.car_brand_model',
          's.car_brand_model_year',
          's.usage',
          's.price',
          's.status',
          's.plan',
          's.is_quick_sale',
          's.is_leasing_available',
          's.is_count_in_offer',
          'sup.first_name as sup_first',
          'sup.last_name as sup_last',
          'ex.first_name as ex_first',
          'ex.last_name as ex_last',
          sql<boolean>`s.status IN (${sql.join(SALE_STATES_WITH_DEAL)})`.as('has_deal'),
        ]),
    },
    filter,
  );
  return {
    ...page,
    results: page.results.map(({ sup_first, sup_last, ex_first, ex_last, city_id, ...row }) => ({
      ...row,
      city: cityName(city_id),
      supervisor_name: fullName(sup_first, sup_last),
      sales_expert_name: fullName(ex_first, ex_last),
    })),
  };
}

/** The sale row the viewer may see, or 404 / 403 (a sales expert opening another's sale). */
async function visibleSale(q: SaleQuery, viewer: Viewer, id: number) {
  const sale = await q.selectFrom('concierge_sales').selectAll().where('id', '=', id).executeTakeFirst();
  if (!sale) throw notFound(SALE_MESSAGES.notFound);
  if (!seesAll(viewer) && sale.sales_expert_id !== viewer.actor.id) throw refusedNotYours();
  return sale;
}

export async function saleDetail(q: SaleQuery, viewer: Viewer, id: number): Promise<ConciergeSaleDetail> {
  const sale = await visibleSale(q, viewer, id);
  const userIds = [sale.supervisor_id, sale.sales_expert_id, sale.follower_id, sale.price_expert_id].filter((v): v is number => v !== null);
  const [users, switchIds, notes, inspections, pricingItems, agreements, payments, documents, deal] = await Promise.all([
    userIds.length ? q.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'phone_number']).where('id', 'in', userIds).execute() : [],
    sale.sales_expert_id
      ? q.selectFrom('concierge_sales_experts').select(['switch_user_id']).where('user_id', '=', sale.sales_expert_id).executeTakeFirst()
      : undefined,
    q.selectFrom('concierge_sale_notes').select(['id', 'content', 'author', 'created_at']).where('sale_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    q.selectFrom('concierge_sale_inspections').select(['token', 'state', 'created_at', 'report_url']).where('sale_id', '=', id).orderBy('created_at').execute(),
    q.selectFrom('concierge_sale_pricing_items').select(['title', 'price']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_price_agreements').select(['price', 'created_at', 'description']).where('sale_id', '=', id).orderBy('created_at').execute(),
    q.selectFrom('concierge_sale_payments').select(['id', 'amount', 'type', 'status', 'paid_at', 'description']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_documents').select(['kind', 'name', 'url']).where('sale_id', '=', id).orderBy('id').execute(),
    q.selectFrom('concierge_sale_deals').selectAll().where('sale_id', '=', id).where('state', '<>', 'canceled').executeTakeFirst(),
  ]);
  const user = (userId: number | null) => users.find((u) => u.id === userId);
  const person = (userId: number | null) => {
    const u = user(userId);
    return u ? { id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), username: u.username } : null;
  };
  const supervisor = user(sale.supervisor_id);
  const expert = user(sale.sales_expert_id);
  const docs = (kind: string) => documents.filter((d) => d.kind === kind).map(({ name, url }) => ({ name, url }));
  return {
    id: sale.id,
    token: sale.token,
    created_at: sale.created_at,
    applicant_full_name: sale.applicant_full_name,
    applicant_type: sale.applicant_type,
    phone_number: sale.phone_number,
    offer_supervisor: sale.offer_supervisor,
    car_health_description: sale.car_health_description,
    health_info: { description: sale.health_description, health_detail: sale.health_detail },
    usage: sale.usage,
    car_brand_model_year: sale.car_brand_model_year,
    car_brand_model: sale.car_brand_model,
    city: cityName(sale.city_id),
    address: sale.address,
    operator_note: sale.operator_note,
    description: sale.description,
    inspection_price: sale.inspection_price,
    status: sale.status,
    notes,
    deal_date: deal?.deal_date ?? null,
    product_commission: deal?.product_commission ?? null,
    sale_concierge_commission: deal?.sale_commission ?? null,
    sale_concierge_commission_percent: deal?.sale_commission_percent ?? null,
    buy_concierge_commission: deal?.buy_commission ?? null,
    buy_concierge_commission_percent: deal?.buy_commission_percent ?? null,
    is_warrantied: sale.is_warrantied,
    warranty_number: sale.warranty_number,
    pos_receipt_number: sale.pos_receipt_number,
    car_post_token: sale.car_post_token,
    price: sale.price,
    deal_description: deal?.description ?? null,
    health_state: sale.health_state,
    reagent_switch_id: sale.reagent_switch_id,
    is_canceled: sale.status === 'canceled',
    plan: sale.plan,
    follower: person(sale.follower_id),
    price_expert: person(sale.price_expert_id),
    is_quick_sale: sale.is_quick_sale,
    is_leasing_available: sale.is_leasing_available,
    supervisor: supervisor ? { id: supervisor.id, first_name: supervisor.first_name, last_name: supervisor.last_name, username: supervisor.username } : null,
    sales_expert: expert
      ? { id: expert.id, name: `${expert.first_name} ${expert.last_name}`.trim(), phone_number: expert.phone_number ?? '', switch_user_id: switchIds?.switch_user_id ?? null }
      : null,
    divar_post_token: sale.divar_post_token,
    divar_post_link: sale.divar_post_link,
    car_post_link: sale.car_post_link,
    min_price: sale.min_price,
    max_price: sale.max_price,
    pricing_description: sale.pricing_description,
    car_options: sale.car_options,
    car_color: sale.car_color,
    inspections,
    pricing_items: pricingItems,
    price_agreements: agreements,
    is_painted: sale.painted_parts.length > 0,
    painted_parts: sale.painted_parts,
    is_damaged: sale.damaged_parts.length > 0,
    damaged_parts: sale.damaged_parts,
    is_changed: sale.changed_parts.length > 0,
    changed_parts: sale.changed_parts,
    is_smoothed: sale.smoothed_parts.length > 0,
    smoothed_parts: sale.smoothed_parts,
    cancel_reason_types: sale.cancel_reason_types.map((value) => ({ value, label: CANCEL_REASON_TYPES[value as keyof typeof CANCEL_REASON_TYPES] ?? value })),
    payments_list: payments,
    deal_buyer_name: deal?.buyer_name ?? null,
    deal_buyer_phone_number: deal?.buyer_phone_number ?? null,
    has_deal: deal !== undefined,
    deal_id: deal?.id ?? null,
    deal_state: deal?.state ?? null,
    is_new_financial_model: sale.is_new_financial_model,
    is_count_in_offer: sale.is_count_in_offer,
    affidavit_documents: { affidavit: docs('affidavit'), payment_receipt: docs('payment_receipt'), other: docs('other') },
    available_city: sale.available_city,
    city_id: sale.city_id,
    car_model_id: sale.car_model_id,
    deal_price: deal?.price ?? null,
    version: sale.version,
  };
}

export async function saleActionLog(q: SaleQuery, db: Db, viewer: Viewer, id: number): Promise<ActionLogEntry[]> {
  await visibleSale(q, viewer, id);
  return actionLog(db, 'concierge_sale', id);
}

/** Supervisors and sales experts: users holding those roles, for pickers and filters. */
export async function salePeople(q: SaleQuery): Promise<SalePeople> {
  const withRole = (role: string) =>
    q
      .selectFrom('users')
      .select(['id', sql<string>`btrim(first_name || ' ' || last_name)`.as('name')])
      .where('is_active', '=', true)
      .where(sql<boolean>`${role} = ANY(roles)`)
      .orderBy('first_name')
      .orderBy('id')
      .execute();
  const [supervisors, experts] = await Promise.all([withRole(ROLES.supervisor), withRole(ROLES.salesExpert)]);
  return { supervisors, sales_experts: experts };
}

function newToken(): string {
  return `cs-${randomBytes(5).toString('hex')}`;
}

/** The buyer's offers as the monitoring screen reads them, by id. */
export async function offersByIds(q: SaleQuery, ids: readonly number[]): Promise<BuyerOffer[]> {
  if (ids.length === 0) return [];
  return offerRows(q).where('o.id', 'in', [...ids]).orderBy('o.created_at', 'desc').execute().then(toOffers);
}

/** A buyer's offer with what the screens show of its sale; one list for the live channel and the offer list. */
const OFFER_COLUMNS = [
  'o.id',
  'o.sale_id',
  's.token as sale_token',
  's.car_brand_model',
  's.car_brand_model_year',
  's.city_id',
  's.min_price',
  's.max_price',
  's.price as asking_price',
  'o.buyer_name',
  'o.buyer_phone_number',
  'o.amount',
  'o.created_at',
  'o.state',
  'o.version',
] as const;

function offerRows(q: SaleQuery) {
  return q
    .selectFrom('concierge_sale_buyer_offers as o')
    .innerJoin('concierge_sales as s', 's.id', 'o.sale_id')
    .select(OFFER_COLUMNS);
}

const toOffers = (rows: (Omit<BuyerOffer, 'city'> & { city_id: number })[]): BuyerOffer[] => rows.map(({ city_id, ...row }) => ({ ...row, city: cityName(city_id) }));

/** Every open offer of every sale on offer: the live channel's one topic. */
export async function openOffers(q: SaleQuery): Promise<BuyerOffer[]> {
  return offerRows(q).where('o.state', '=', 'open').where('s.status', '=', 'on_offer').orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute().then(toOffers);
}

/**
 * The ids of a sale's rows with a buyer (deals, buyers' offers) that a search finds: by the buyer's
 * name or phone, or through their sale. Two queries in one union, each served by its own indexes;
 * as one OR with the sale's subquery, PostgreSQL reads every row and matches each (200 ms at
 * 100,000 deals on PGlite, 24 ms this way).
 */
function byBuyerOrSale(q: SaleQuery, table: 'concierge_sale_deals' | 'concierge_sale_buyer_offers', text: string) {
  const phone = phonePrefix(text);
  const byBuyer = q
    .selectFrom(table)
    .select('id')
    .where((eb) => eb.or([eb('buyer_name', 'ilike', likeContains(text)), ...(phone ? [eb('buyer_phone_number', 'like', likePrefix(phone))] : [])]));
  return byBuyer.unionAll(q.selectFrom(table).select('id').where('sale_id', 'in', salesMatching(q, text)));
}

/**
 * Buyers' offers, filtered and counted on their own table (decision 091): what the search finds
 * of the sale comes as ids from a subquery, and the sale's columns are joined for the page only.
 */
export async function listBuyerOffers(q: SaleQuery, viewer: Viewer, filter: BuyerOfferListFilter): Promise<BuyerOfferListPage> {
  let filtered = q.selectFrom('concierge_sale_buyer_offers as o');
  if (!seesAll(viewer)) filtered = filtered.where('o.sale_id', 'in', salesOf(q, viewer.actor.id));
  filtered = filtered.where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.search) clauses.push(eb('o.id', 'in', byBuyerOrSale(q, 'concierge_sale_buyer_offers', filter.search)));
    if (filter.state?.length) clauses.push(eb('o.state', '=', eb.fn.any(eb.val(filter.state))));
    if (filter.date) {
      const [start, end] = tehranDayRange(filter.date);
      clauses.push(eb('o.created_at', '>=', start), eb('o.created_at', '<', end));
    }
    return eb.and(clauses);
  });
  const page = await pagedList(
    filtered,
    { key: 'o.id', order: sortOrder(BUYER_OFFER_SORTS, filter.sort, filter.isAscending), columns: (query) => query.innerJoin('concierge_sales as s', 's.id', 'o.sale_id').select(OFFER_COLUMNS) },
    filter,
  );
  return { ...page, results: toOffers(page.results) };
}

/**
 * Every deal across sales, with the totals of the filtered set. Filtered, counted and summed on
 * the deals' own table (decision 091): the supervisor and city are the deal's own columns, what
 * a search finds of the sale comes as ids, and the sale's columns are joined for the page only.
 */
export async function listDeals(q: SaleQuery, viewer: Viewer, filter: DealListFilter): Promise<DealListPage> {
  let filtered = q.selectFrom('concierge_sale_deals as d');
  if (!seesAll(viewer)) filtered = filtered.where('d.sale_id', 'in', salesOf(q, viewer.actor.id));
  filtered = filtered.where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    if (filter.search) clauses.push(eb('d.id', 'in', byBuyerOrSale(q, 'concierge_sale_deals', filter.search)));
    if (filter.state?.length) clauses.push(eb('d.state', '=', eb.fn.any(eb.val(filter.state))));
    if (filter.supervisor) clauses.push(eb('d.supervisor_id', '=', filter.supervisor));
    if (filter.cities?.length) clauses.push(eb('d.city_id', '=', eb.fn.any(eb.val(filter.cities))));
    if (filter.dealFrom) clauses.push(eb('d.deal_date', '>=', filter.dealFrom));
    if (filter.dealTo) clauses.push(eb('d.deal_date', '<=', filter.dealTo));
    return eb.and(clauses);
  });
  const { results, count, totals } = await pagedList(
    filtered,
    {
      key: 'd.id',
      order: sortOrder(DEAL_SORTS, filter.sort, filter.isAscending),
      columns: (query) =>
        query
          .innerJoin('concierge_sales as s', 's.id', 'd.sale_id')
          .leftJoin('users as sup', 'sup.id', 'd.supervisor_id')
          .select([
            'd.id',
            'd.sale_id',
            's.token as sale_token',
            'd.state',
            's.car_brand_model',
            's.applicant_full_name as seller_name',
            'd.buyer_name',
            'd.buyer_phone_number',
            'd.city_id',
            'd.price',
            'd.deal_date',
            'd.sale_commission_percent',
            'd.sale_commission',
            'd.buy_commission_percent',
            'd.buy_commission',
            'd.product_commission',
            'sup.first_name as sup_first',
            'sup.last_name as sup_last',
            'd.created_at',
            'd.approved_at',
            'd.canceled_reason',
          ]),
      // The count and both sums in one pass over the filtered deals.
      totals: (deals) =>
        deals
          .select([sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(d.price), 0)`.as('price'), sql<number>`coalesce(sum(d.product_commission), 0)`.as('commission')])
          .$castTo<{ count: number; price: number; commission: number }>()
          .executeTakeFirstOrThrow(),
    },
    filter,
  );
  return {
    results: results.map(({ sup_first, sup_last, city_id, ...row }) => ({ ...row, city: cityName(city_id), supervisor_name: fullName(sup_first, sup_last) })),
    count,
    page: filter.page,
    pageSize: filter.pageSize,
    totals,
  };
}

// ---- Actions ---------------------------------------------------------------------------------

/** What an action changed that live watchers must hear: offers whose state moved. */
export interface ActionOutcome {
  result: SaleActionResult;
  offers: number[];
}

export function saleService(db: Db) {
  /** Runs `work` on the locked sale the viewer may act on, checking the version they saw. */
  async function onSale(viewer: Viewer, id: number, version: number | null, work: (q: SaleQuery, sale: Awaited<ReturnType<typeof lock>>, tx: Queryable) => Promise<ActionOutcome>) {
    return db.transaction(async (tx) => {
      const q = kyselyOf<Tables>(tx);
      const sale = await lock(q, id);
      if (!seesAll(viewer) && sale.sales_expert_id !== viewer.actor.id) throw refusedNotYours();
      if (version !== null && sale.version !== version) throw conflict(SALE_MESSAGES.stale);
      return work(q, sale, tx);
    });
  }

  async function lock(q: SaleQuery, id: number) {
    const sale = await q
      .selectFrom('concierge_sales')
      .select(['id', 'token', 'status', 'version', 'sales_expert_id', 'supervisor_id', 'city_id', 'phone_number', 'applicant_full_name', 'car_brand_model'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!sale) throw notFound(SALE_MESSAGES.notFound);
    return sale;
  }

  /** Moves the sale by the table and bumps its version; the log row is written by `move`. */
  async function step(tx: Queryable, viewer: Viewer, sale: { id: number; token: string; status: SaleState }, action: SaleAction, reason?: string, details?: Record<string, unknown>) {
    const to = await move(tx, SALE_WORKFLOW, { entity: 'concierge_sale', entityId: sale.id, name: sale.token, action, from: sale.status, actor: viewer.actor, reason, details });
    return to;
  }

  async function save(q: SaleQuery, id: number, set: Record<string, unknown>) {
    const row = await q
      .updateTable('concierge_sales')
      .set({ ...set, version: sql<number>`version + 1`, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returning(['id', 'status', 'version'])
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Closes the sale's open offers (it left the offer), bumping their versions; returns their ids. */
  async function closeOpenOffers(q: SaleQuery, saleId: number, except?: number): Promise<number[]> {
    let query = q.updateTable('concierge_sale_buyer_offers').set({ state: 'closed', version: sql<number>`version + 1` }).where('sale_id', '=', saleId).where('state', '=', 'open');
    if (except !== undefined) query = query.where('id', '<>', except);
    return (await query.returning('id').execute()).map((r) => r.id);
  }

  const result = (row: { id: number; status: SaleState; version: number }, action: SaleAction, dealId: number | null = null): SaleActionResult => ({
    ...row,
    message: SALE_MESSAGES.done[action],
    deal_id: dealId,
  });

  async function insertDeal(q: SaleQuery, viewer: Viewer, sale: { id: number; supervisor_id: number | null; city_id: number }, deal: { buyer_name: string; buyer_phone_number: string; price: number; deal_date: string; description: string | null; sale: number; buy: number; offerId: number | null }) {
    const commission = dealCommission(deal.price, deal.sale, deal.buy);
    const row = await q
      .insertInto('concierge_sale_deals')
      .values({
        sale_id: sale.id,
        // The deal keeps who supervised it and where (decision 091).
        supervisor_id: sale.supervisor_id,
        city_id: sale.city_id,
        buyer_name: deal.buyer_name,
        buyer_phone_number: deal.buyer_phone_number,
        buyer_offer_id: deal.offerId,
        price: deal.price,
        deal_date: deal.deal_date,
        description: deal.description,
        sale_commission_percent: deal.sale,
        buy_commission_percent: deal.buy,
        sale_commission: commission.sale,
        buy_commission: commission.buy,
        product_commission: commission.product,
        created_by: viewer.actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, commission };
  }

  return {
    async create(viewer: Viewer, input: CreateSale): Promise<CreatedSale> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const car = await q
          .selectFrom('car_models as m')
          .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
          .select(['m.id', sql<string>`b.name_fa || ' ' || m.name_fa`.as('name')])
          .where('m.id', '=', input.car_model_id)
          .executeTakeFirst();
        if (!car) throw badRequest({ car_model_id: [SALE_MESSAGES.car] });
        const token = newToken();
        // A sales expert who registers a sale is its sales expert; staff's registrations wait for one.
        const ownExpert = viewer.roles.includes(ROLES.salesExpert) ? viewer.actor.id : null;
        const row = await q
          .insertInto('concierge_sales')
          .values({
            token,
            applicant_full_name: input.applicant_full_name,
            applicant_type: input.applicant_type,
            phone_number: input.phone_number,
            city_id: input.city_id,
            address: input.address,
            car_model_id: car.id,
            car_brand_model: car.name,
            car_brand_model_year: input.car_brand_model_year,
            usage: input.usage,
            price: input.price,
            plan: input.plan,
            is_quick_sale: input.is_quick_sale,
            is_leasing_available: input.is_leasing_available,
            description: input.description || null,
            sales_expert_id: ownExpert,
            follower_id: viewer.actor.id,
          })
          .returning(['id', 'token'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: 'concierge_sale', entityId: row.id, action: 'create', to: 'new', actor: viewer.actor });
        await recordOutbox(tx, {
          channel: 'sms',
          target: input.phone_number,
          text: `${input.applicant_full_name} عزیز، درخواست فروش خودروی شما با کد ${row.token} ثبت شد. کارشناسان ما به‌زودی با شما تماس می‌گیرند.`,
          entity: 'concierge_sale',
          entityId: row.id,
          createdBy: viewer.actor.username,
        });
        return row;
      });
    },

    async assignSupervisor(viewer: Viewer, input: { id: number; supervisor_id: number; version: number }): Promise<ActionOutcome> {
      if (!isSupervisor(viewer)) throw refusedNotSupervisor();
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const supervisor = await q
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', '=', input.supervisor_id)
          .where(sql<boolean>`${ROLES.supervisor} = ANY(roles)`)
          .executeTakeFirst();
        if (!supervisor) throw badRequest({ supervisor_id: [SALE_MESSAGES.notSupervisor] });
        const to = await step(tx, viewer, sale, 'assign_supervisor', undefined, { supervisor: `${supervisor.first_name} ${supervisor.last_name}` });
        return { result: result(await save(q, sale.id, { status: to, supervisor_id: supervisor.id }), 'assign_supervisor'), offers: [] };
      });
    },

    async sendToOffer(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'send_to_offer');
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: true, offer_supervisor: viewer.actor.fullname }), 'send_to_offer'), offers: [] };
      });
    },

    async removeFromOffer(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'remove_from_offer');
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'remove_from_offer'), offers };
      });
    },

    async submitDeal(viewer: Viewer, input: SubmitDealOutput): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'submit_deal', undefined, { buyer: input.buyer_name, price: input.price });
        const deal = await insertDeal(q, viewer, sale, {
          buyer_name: input.buyer_name,
          buyer_phone_number: input.buyer_phone_number,
          price: input.price,
          deal_date: input.deal_date,
          description: input.description || null,
          sale: input.sale_commission_percent,
          buy: input.buy_commission_percent,
          offerId: null,
        });
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'submit_deal', deal.id), offers };
      });
    },

    /** The supervisor accepts a buyer's offer: the sale leaves the offer and its deal starts at the offer's amount. */
    async acceptOffer(viewer: Viewer, input: AcceptOfferOutput): Promise<ActionOutcome> {
      if (!isSupervisor(viewer)) throw refusedNotSupervisor();
      const offer = await kyselyOf<Tables>(db).selectFrom('concierge_sale_buyer_offers').select(['sale_id']).where('id', '=', input.offer_id).executeTakeFirst();
      if (!offer) throw notFound('پیشنهاد یافت نشد.');
      return onSale(viewer, offer.sale_id, null, async (q, sale, tx) => {
        const locked = await q.selectFrom('concierge_sale_buyer_offers').selectAll().where('id', '=', input.offer_id).forUpdate().executeTakeFirstOrThrow();
        if (locked.state !== 'open') throw conflict(SALE_MESSAGES.offerNotOpen);
        const to = await step(tx, viewer, sale, 'accept_offer', undefined, { buyer: locked.buyer_name, amount: locked.amount });
        await q.updateTable('concierge_sale_buyer_offers').set({ state: 'accepted', version: sql<number>`version + 1` }).where('id', '=', locked.id).execute();
        const deal = await insertDeal(q, viewer, sale, {
          buyer_name: locked.buyer_name,
          buyer_phone_number: locked.buyer_phone_number,
          price: locked.amount,
          deal_date: input.deal_date,
          description: `پیشنهاد خریدار به شماره ${toPersianDigits(locked.id)}`,
          sale: input.sale_commission_percent,
          buy: input.buy_commission_percent,
          offerId: locked.id,
        });
        const closed = await closeOpenOffers(q, sale.id);
        await recordOutbox(tx, {
          channel: 'sms',
          target: locked.buyer_phone_number,
          text: `پیشنهاد شما برای خودروی ${sale.car_brand_model} پذیرفته شد. کارشناس فروش برای ادامه معامله با شما تماس می‌گیرد.`,
          entity: 'concierge_sale',
          entityId: sale.id,
          createdBy: viewer.actor.username,
        });
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'accept_offer', deal.id), offers: [locked.id, ...closed] };
      });
    },

    async approveDeal(viewer: Viewer, input: { id: number; version: number }): Promise<ActionOutcome> {
      if (!isSupervisor(viewer)) throw refusedNotSupervisor();
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const deal = await q.selectFrom('concierge_sale_deals').select(['id', 'state', 'product_commission']).where('sale_id', '=', sale.id).where('state', '<>', 'canceled').forUpdate().executeTakeFirst();
        if (!deal) throw conflict('این فروش معامله‌ای برای تأیید ندارد.');
        const refusal = DEAL_WORKFLOW.refusal('approve', deal.state, toPersianDigits(deal.id));
        if (refusal) throw conflict(refusal);
        const to = await step(tx, viewer, sale, 'approve_deal', undefined, { deal: deal.id, commission: deal.product_commission });
        const at = new Date().toISOString();
        await q.updateTable('concierge_sale_deals').set({ state: 'approved', approved_at: at, approved_by: viewer.actor.username }).where('id', '=', deal.id).execute();
        return { result: result(await save(q, sale.id, { status: to }), 'approve_deal', deal.id), offers: [] };
      });
    },

    async cancelDeal(viewer: Viewer, input: { id: number; version: number; reason: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const deal = await q.selectFrom('concierge_sale_deals').select(['id', 'state']).where('sale_id', '=', sale.id).where('state', '<>', 'canceled').forUpdate().executeTakeFirst();
        if (!deal) throw conflict('این فروش معامله‌ای برای لغو ندارد.');
        const refusal = DEAL_WORKFLOW.refusal('cancel', deal.state, toPersianDigits(deal.id));
        if (refusal) throw conflict(refusal);
        const to = await step(tx, viewer, sale, 'cancel_deal', input.reason, { deal: deal.id });
        await q.updateTable('concierge_sale_deals').set({ state: 'canceled', canceled_at: new Date().toISOString(), canceled_reason: input.reason }).where('id', '=', deal.id).execute();
        return { result: result(await save(q, sale.id, { status: to }), 'cancel_deal', deal.id), offers: [] };
      });
    },

    /** Back one step (decision 070): the table allows it from `assigned` and `on_offer`; the target is the step before. */
    async revert(viewer: Viewer, input: { id: number; version: number; reason: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const refusal = SALE_WORKFLOW.refusal('revert_order', sale.status, sale.token);
        if (refusal) throw conflict(refusal);
        const to = SALE_REVERT_TARGET[sale.status as keyof typeof SALE_REVERT_TARGET];
        await logAction(tx, { entity: 'concierge_sale', entityId: sale.id, action: 'revert_order', from: sale.status, to, actor: viewer.actor, reason: input.reason });
        const offers = sale.status === 'on_offer' ? await closeOpenOffers(q, sale.id) : [];
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false }), 'revert_order'), offers };
      });
    },

    async cancelSale(viewer: Viewer, input: CancelSaleOutput): Promise<ActionOutcome> {
      return onSale(viewer, input.id, input.version, async (q, sale, tx) => {
        const to = await step(tx, viewer, sale, 'cancel_sale', input.reason || CANCEL_REASON_TYPES[input.reason_type], { reason_type: input.reason_type });
        const offers = await closeOpenOffers(q, sale.id);
        return { result: result(await save(q, sale.id, { status: to, is_count_in_offer: false, cancel_reason_types: [input.reason_type] }), 'cancel_sale'), offers };
      });
    },

    async addNote(viewer: Viewer, input: { id: number; content: string }): Promise<ActionOutcome> {
      return onSale(viewer, input.id, null, async (q, sale, tx) => {
        const refusal = SALE_WORKFLOW.refusal('add_note', sale.status);
        if (refusal) throw conflict(refusal);
        await q.insertInto('concierge_sale_notes').values({ sale_id: sale.id, content: input.content, author: viewer.actor.fullname || viewer.actor.username }).execute();
        await logAction(tx, { entity: 'concierge_sale', entityId: sale.id, action: 'add_note', from: sale.status, to: sale.status, actor: viewer.actor, reason: input.content });
        return { result: result(await save(q, sale.id, {}), 'add_note'), offers: [] };
      });
    },

    /** A buyer's offer on the public endpoint: only for a sale on offer, found by its token. */
    async postBuyerOffer(token: string, input: BuyerOfferInputOutput): Promise<number> {
      return db.transaction(async (tx) => {
        const q = kyselyOf<Tables>(tx);
        const sale = await q.selectFrom('concierge_sales').select(['id', 'status']).where('token', '=', token).forShare().executeTakeFirst();
        if (!sale) throw notFound(SALE_MESSAGES.notFound);
        if (sale.status !== 'on_offer') throw conflict(SALE_MESSAGES.notOnOffer);
        const row = await q
          .insertInto('concierge_sale_buyer_offers')
          .values({ sale_id: sale.id, buyer_name: input.buyer_name, buyer_phone_number: input.buyer_phone_number, amount: input.amount })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },
  };
}

export type SubmitDealOutput = { id: number; version: number; buyer_name: string; buyer_phone_number: string; price: number; deal_date: string; sale_commission_percent: number; buy_commission_percent: number; description: string };
export type AcceptOfferOutput = { offer_id: number; deal_date: string; sale_commission_percent: number; buy_commission_percent: number };
export type CancelSaleOutput = { id: number; version: number; reason_type: keyof typeof CANCEL_REASON_TYPES; reason: string };
export type BuyerOfferInputOutput = { buyer_name: string; buyer_phone_number: string; amount: number };
export type { AcceptOfferInput, BuyerOfferInput, CancelSaleInput, SubmitDealInput };
