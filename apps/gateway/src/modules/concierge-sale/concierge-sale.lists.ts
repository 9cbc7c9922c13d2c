import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  SALE_STATES_WITH_DEAL,
  type BuyerOfferListFilter,
  type BuyerOfferListPage,
  type BuyerOfferSort,
  type DealListFilter,
  type DealListPage,
  type DealSort,
  type SaleListFilter,
  type SaleListPage,
} from '@panel/contracts/concierge-sale';
import { keysetOrder, likeContains, likePrefix, pagedList, sortOrder, tehranDayRange } from '../../db/list-query';
import { OFFER_COLUMNS, toOffers } from './concierge-sale.reads';
import { cityName, fullName, seesAll, visible, type SaleQuery, type Tables, type Viewer } from './concierge-sale.viewer';

// The three lists (sales, buyers' offers, deals): filtered, counted and summed each on its own
// table, the page's rows joined afterwards (decision 091), searched through indexes.

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

/** A row of the sales list: the sale with its supervisor's and sales expert's names and whether it has a deal. */
const SALE_ROW_COLUMNS = [
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
] as const;

/** A row of the deals list: the deal with what it shows of its sale and its supervisor's name. */
const DEAL_ROW_COLUMNS = [
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
] as const;

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
      // Counted exactly up to 10,000 and estimated above, deep pages by keyset (decision 123); a sale may have no price yet.
      ...keysetOrder(SALE_SORTS, filter.sort, filter.isAscending, ['s.price']),
      cappedCount: q,
      columns: (query) => query.leftJoin('users as sup', 'sup.id', 's.supervisor_id').leftJoin('users as ex', 'ex.id', 's.sales_expert_id').select(SALE_ROW_COLUMNS),
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
      columns: (query) => query.innerJoin('concierge_sales as s', 's.id', 'd.sale_id').leftJoin('users as sup', 'sup.id', 'd.supervisor_id').select(DEAL_ROW_COLUMNS),
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
