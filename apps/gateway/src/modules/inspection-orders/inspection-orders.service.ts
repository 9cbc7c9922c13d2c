import { normalizePhoneNumber, toPersianDigits } from '@panel/contracts/common';
import {
  INSPECTION_PACKAGES,
  effectiveOrderStates,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderDetail,
  type OrderFilterOptions,
  type OrderListFilter,
  type OrderListItem,
  type OrderListPage,
  type OrderSortColumn,
} from '@panel/contracts/inspection-orders';
import type { Queryable } from '../../db/db';
import { notFound } from '../../errors';

/** The reference gateway's order list: every filter, sort and page is decided in SQL. */

interface OrderRow {
  pk: number;
  code: string;
  state: string;
  customer_name: string;
  phone_number: string;
  city_id: number;
  city: string;
  brand_model: string;
  package: string;
  price: number;
  visit_date: string | null;
  time_slot: string | null;
  request_type: string;
  assistant: string | null;
  expert_id: number | null;
  mechanic_id: number | null;
  qc: boolean;
  pricing: boolean;
  is_immediate: boolean;
  created_at: Date | string;
}

// Casts keep the drivers alike: node-postgres returns int8 as strings, PGlite as bigint.
const ITEM_COLUMNS = `
  i.pk::int AS pk, i.code, i.state, i.customer_name, i.phone_number, i.city_id, c.name AS city,
  i.brand_model, i.package, i.price::float8 AS price, to_char(i.visit_date, 'YYYY-MM-DD') AS visit_date,
  i.time_slot, i.request_type, i.assistant, i.expert_id::int AS expert_id, i.mechanic_id::int AS mechanic_id,
  i.qc, i.pricing, i.is_immediate, i.created_at`;

const SORTS: Record<OrderSortColumn, (dir: 'ASC' | 'DESC') => string> = {
  time_slot: (d) => `i.visit_date ${d}, i.time_slot ${d}, i.pk ${d}`,
  created_at: (d) => `i.created_at ${d}, i.pk ${d}`,
  code: (d) => `i.code ${d}`,
  price: (d) => `i.price ${d}, i.pk ${d}`,
  customer_name: (d) => `i.customer_name ${d}, i.pk ${d}`,
  brand_model: (d) => `i.brand_model ${d}, i.pk ${d}`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Filters arrive with Latin digits, but car names are stored as written ('پژو ۲۰۶'), so a
// text match tries both digit forms.
function likeForms(text: string, param: (value: unknown) => string): [string, string] {
  return [param(`%${escapeLike(text)}%`), param(`%${escapeLike(toPersianDigits(text))}%`)];
}

// Must be the expression of the GIN index in migration 0301, or the index is not used.
const SEARCH_DOCUMENT = `to_tsvector('simple', i.customer_name || ' ' || i.brand_model || ' ' || coalesce(i.seller_name, ''))`;

/**
 * 'علی رضا' → 'علی:* & رضا:*': every typed word must start a word of the order. Words are split
 * on everything but letters and digits, as the index splits them, so no tsquery operator gets
 * through; a word with digits also matches its Persian-digit spelling, the way car names
 * are stored.
 */
export function toPrefixTsQuery(text: string): string | undefined {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return words
    .map((word) => {
      const persian = toPersianDigits(word);
      return persian === word ? `${word}:*` : `(${word}:* | ${persian}:*)`;
    })
    .join(' & ');
}

/** WHERE clause and parameters of a filter; the page and sort are added by the caller. */
export function buildOrderWhere(filter: OrderListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  const states = effectiveOrderStates(filter);
  if (states) clauses.push(`i.state = ANY(${param(states)}::text[])`);
  if (filter.search) {
    const search = filter.search;
    if (/^[+\d\s-]+$/.test(search)) {
      // Digits: an order code or a phone number, both matched by prefix on their indexes.
      const digits = search.replace(/[\s-]/g, '');
      let phone = normalizePhoneNumber(digits);
      if (/^9\d{0,9}$/.test(phone)) phone = `0${phone}`;
      clauses.push(
        `(i.code LIKE ${param(`${escapeLike(digits)}%`)} OR i.phone_number LIKE ${param(`${escapeLike(phone)}%`)})`,
      );
    } else {
      const query = toPrefixTsQuery(search);
      clauses.push(query ? `${SEARCH_DOCUMENT} @@ to_tsquery('simple', ${param(query)})` : 'false');
    }
  }
  if (filter.date) clauses.push(`i.visit_date = ${param(filter.date)}::date`);
  if (filter.assistant) clauses.push(`i.assistant = ${param(filter.assistant)}`);
  if (filter.experts?.length) clauses.push(`i.expert_id = ANY(${param(filter.experts)}::bigint[])`);
  if (filter.mechanics?.length) clauses.push(`i.mechanic_id = ANY(${param(filter.mechanics)}::bigint[])`);
  if (filter.cities?.length) clauses.push(`i.city_id = ANY(${param(filter.cities)}::int[])`);
  if (filter.requestType) clauses.push(`i.request_type = ${param(filter.requestType)}`);
  if (filter.fPackage) clauses.push(`i.package = ${param(filter.fPackage)}`);
  if (filter.brandModel) {
    const [latin, persian] = likeForms(filter.brandModel, param);
    clauses.push(`(i.brand_model ILIKE ${latin} OR i.brand_model ILIKE ${persian})`);
  }
  if (filter.qc !== undefined) clauses.push(`i.qc = ${param(filter.qc)}`);
  if (filter.pricing !== undefined) clauses.push(`i.pricing = ${param(filter.pricing)}`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toItem(row: OrderRow): OrderListItem {
  return {
    ...row,
    pk: Number(row.pk),
    city_id: Number(row.city_id),
    price: Number(row.price),
    expert_id: row.expert_id === null ? null : Number(row.expert_id),
    mechanic_id: row.mechanic_id === null ? null : Number(row.mechanic_id),
    created_at: toIso(row.created_at),
  } as OrderListItem;
}

export async function listOrders(db: Queryable, filter: OrderListFilter): Promise<OrderListPage> {
  const { where, params } = buildOrderWhere(filter);
  const order = SORTS[filter.sort](filter.isAscending ? 'ASC' : 'DESC');
  const offset = (filter.page - 1) * filter.pageSize;
  const [rows, counted] = await Promise.all([
    db.query<OrderRow>(
      `SELECT ${ITEM_COLUMNS} FROM inspections i JOIN cities c ON c.id = i.city_id ${where}
       ORDER BY ${order} LIMIT ${filter.pageSize} OFFSET ${offset}`,
      params,
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM inspections i ${where}`, params),
  ]);
  return { results: rows.map(toItem), count: Number(counted[0]?.count ?? 0), page: filter.page, pageSize: filter.pageSize };
}

interface DetailRow extends OrderRow {
  inspection_center: string | null;
  center: string | null;
  visit_place: string;
  description: string;
  visit_time: string | null;
  concierge_sale: number | null;
  operation_note: string;
  is_canceled: boolean;
  price_diff: number;
  seller_name: string | null;
  seller_phone_number: string | null;
}

export async function getOrder(db: Queryable, pk: number): Promise<OrderDetail> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${ITEM_COLUMNS}, i.inspection_center, i.center, i.visit_place, i.description, i.visit_time,
       i.concierge_sale::int AS concierge_sale, i.operation_note, i.is_canceled, i.price_diff::float8 AS price_diff,
       i.seller_name, i.seller_phone_number
     FROM inspections i JOIN cities c ON c.id = i.city_id WHERE i.pk = $1`,
    [pk],
  );
  if (!row) throw notFound('سفارش یافت نشد');
  const item = toItem(row);
  // The visit instant is the Tehran wall-clock time on the visit day; Tehran has no DST since 2022.
  const hhmm = row.visit_time && /^(\d{2}):(\d{2})/.exec(row.visit_time);
  const visitTime = hhmm && row.visit_date ? `${row.visit_date}T${hhmm[1]}:${hhmm[2]}:00+03:30` : null;
  return {
    ...item,
    inspection_center: row.inspection_center,
    center: row.center && /^\d+$/.test(row.center) ? Number(row.center) : null,
    visit_place: row.visit_place,
    description: row.description || null,
    visit_time: visitTime,
    concierge_sale: row.concierge_sale === null ? null : Number(row.concierge_sale),
    operation_note: row.operation_note || null,
    is_canceled: row.is_canceled,
    price_diff: Number(row.price_diff),
    seller_name: row.seller_name,
    seller_phone_number: row.seller_phone_number,
  } as OrderDetail;
}

/** A phone request: a new order in state R, recorded as taken by `assistant`. */
export async function createOrder(db: Queryable, input: CreateOrderInput, assistant: string): Promise<CreatedOrder> {
  const price = INSPECTION_PACKAGES.find((p) => p.name === input.package)?.price ?? 0;
  const [row] = await db.query<{ pk: number; code: string }>(
    `INSERT INTO inspections (code, state, customer_name, phone_number, city_id, visit_place, description,
       brand_model, package, price, visit_date, time_slot, request_type, assistant)
     VALUES (nextval('inspection_order_code_seq')::text, 'R', $1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, 'phone', $11)
     RETURNING pk::int AS pk, code`,
    [
      input.customer_name,
      input.phone_number,
      input.city_id,
      input.visit_place,
      input.description,
      input.brand_model,
      input.package,
      price,
      input.visit_date ?? null,
      input.time_slot ?? null,
      assistant,
    ],
  );
  return { pk: Number(row!.pk), code: row!.code };
}

export async function filterOptions(db: Queryable): Promise<OrderFilterOptions> {
  const [assistants, experts, mechanics, packages] = await Promise.all([
    db.query<{ v: string }>('SELECT DISTINCT assistant AS v FROM inspections WHERE assistant IS NOT NULL ORDER BY 1 LIMIT 500'),
    db.query<{ v: number }>('SELECT DISTINCT expert_id::int AS v FROM inspections WHERE expert_id IS NOT NULL ORDER BY 1 LIMIT 500'),
    db.query<{ v: number }>('SELECT DISTINCT mechanic_id::int AS v FROM inspections WHERE mechanic_id IS NOT NULL ORDER BY 1 LIMIT 500'),
    db.query<{ v: string }>('SELECT DISTINCT package AS v FROM inspections ORDER BY 1 LIMIT 500'),
  ]);
  return {
    assistants: assistants.map((r) => r.v),
    experts: experts.map((r) => Number(r.v)),
    mechanics: mechanics.map((r) => Number(r.v)),
    packages: packages.map((r) => r.v),
  };
}
