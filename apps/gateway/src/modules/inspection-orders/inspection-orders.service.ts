import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { toPersianDigits, type PricingCondition } from '@panel/contracts/common';
import {
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
import type { CoreTables } from '../../db/core-tables';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import type { GatewayPorts } from '../../deps';
import type { Actor } from '../../workflow';
import { digitsSearch, keysetOrder, likePrefix, pagedList, toPrefixTsQuery } from '../../db/list-query';
import { notFound } from '../../errors';

/** The reference gateway's order list: every filter, sort and page is decided in SQL. */

// The module reads and writes the core `inspections` table; its own is the search's words (migration 0307).
export type OrdersDb = Kysely<CoreTables & { inspection_search_words: { word: string } }>;

const ITEM_COLUMNS = [
  'i.pk',
  'i.code',
  'i.state',
  'i.customer_name',
  'i.phone_number',
  'i.city_id',
  'c.name as city',
  'i.brand_model',
  'i.package',
  'i.price',
  'i.visit_date',
  'i.time_slot',
  'i.request_type',
  'i.assistant',
  'i.expert_id',
  'i.mechanic_id',
  // The people by name. Experts are the dispatch module's rows and users the auth module's;
  // the order reads their names in the same query rather than importing either module.
  sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = i.expert_id)`.as('expert_name'),
  sql<string | null>`(SELECT e.report_name FROM experts e WHERE e.pk = i.mechanic_id)`.as('mechanic_name'),
  sql<string | null>`(SELECT nullif(trim(u.first_name || ' ' || u.last_name), '') FROM users u WHERE u.username = i.assistant)`.as('assistant_name'),
  'i.qc',
  'i.pricing',
  'i.is_immediate',
  'i.created_at',
] as const;

// The column holds both state vocabularies (core migration 0001); the contract's enum names them all.
type ItemState = { state: OrderListItem['state'] };

const SORTS = {
  time_slot: ['i.visit_date', 'i.time_slot', 'i.pk'],
  created_at: ['i.created_at', 'i.pk'],
  code: ['i.code'],
  price: ['i.price', 'i.pk'],
  customer_name: ['i.customer_name', 'i.pk'],
  brand_model: ['i.brand_model', 'i.pk'],
} as const satisfies Record<OrderSortColumn, readonly string[]>;

// Must be the expression of the GIN index in migration 0301, or the index is not used.
const SEARCH_DOCUMENT = sql`to_tsvector('simple', i.customer_name || ' ' || i.brand_model || ' ' || coalesce(i.seller_name, ''))`;

/** At most this many words of the orders one typed word may stand for; past it the index matches the word as a prefix itself. */
const WORDS_OF_A_PREFIX = 64;

const asTsQueryWord = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The search of words as a tsquery: every typed word must start a word of the order's name, car
 * or seller. Each typed word (and its Persian-digit spelling) is first turned into the whole words
 * of the orders it starts (`inspection_search_words`, migration 0307, one b-tree range), and those
 * are asked of the GIN index exactly: at 1,000,000 orders a prefix there collects ~70,000 rows a
 * common name (120-400 ms), the same words exactly 5 ms. A word that starts none of the orders'
 * words, or more than `WORDS_OF_A_PREFIX`, is left to the index as a prefix, as before.
 */
async function wordsQuery(q: OrdersDb, search: string): Promise<RawBuilder<unknown> | undefined> {
  const typed = search.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  if (typed.length === 0) return undefined;
  const parts = await Promise.all(
    typed.map(async (word) => {
      const spellings = [...new Set([word, toPersianDigits(word)].map((w) => w.toLowerCase()))];
      const words = await q
        .selectFrom('inspection_search_words')
        .select('word')
        .where((eb) => eb.or(spellings.map((w) => eb('word', 'like', likePrefix(w)))))
        .orderBy('word')
        .limit(WORDS_OF_A_PREFIX + 1)
        .execute();
      if (words.length > 0 && words.length <= WORDS_OF_A_PREFIX) return sql`${words.map((w) => asTsQueryWord(w.word)).join(' | ')}::tsquery`;
      return sql`to_tsquery('simple', ${toPrefixTsQuery(word)!})`;
    }),
  );
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** The orders a filter keeps (FROM and WHERE); the page, sort and joins are added by the caller. `words` is the search's `wordsQuery`. */
function filteredOrders(q: OrdersDb, filter: OrderListFilter, words?: RawBuilder<unknown>) {
  return q.selectFrom('inspections as i').where((eb) => {
    const clauses: Expression<SqlBool>[] = [];
    const states = effectiveOrderStates(filter);
    if (states) clauses.push(eb('i.state', '=', eb.fn.any(eb.val(states))));
    if (filter.search) {
      const search = filter.search;
      const typed = digitsSearch(search);
      if (typed) {
        // Digits: an order code or a phone number, both matched by prefix on their indexes.
        const { digits, phone } = typed;
        clauses.push(eb.or([eb('i.code', 'like', likePrefix(digits)), eb('i.phone_number', 'like', likePrefix(phone))]));
      } else {
        clauses.push(words ? sql<SqlBool>`${SEARCH_DOCUMENT} @@ ${words}` : eb.lit(false));
      }
    }
    if (filter.date) clauses.push(eb('i.visit_date', '=', filter.date));
    if (filter.assistant) clauses.push(eb('i.assistant', '=', filter.assistant));
    if (filter.experts?.length) clauses.push(eb('i.expert_id', '=', eb.fn.any(eb.val(filter.experts))));
    if (filter.mechanics?.length) clauses.push(eb('i.mechanic_id', '=', eb.fn.any(eb.val(filter.mechanics))));
    if (filter.cities?.length) clauses.push(eb('i.city_id', '=', eb.fn.any(eb.val(filter.cities))));
    if (filter.requestType) clauses.push(eb('i.request_type', '=', filter.requestType));
    if (filter.fPackage) clauses.push(eb('i.package', '=', filter.fPackage));
    if (filter.brandModel) {
      // A catalogue model picked by its full name (decision 123), matched exactly on the
      // `(brand_model, state)` index. Filters arrive with Latin digits, but car names are stored
      // as written ('پژو ۲۰۶'), so both digit forms are asked for. A word of a car's name is the
      // search box's (its word index covers the car).
      clauses.push(eb('i.brand_model', '=', eb.fn.any(eb.val([...new Set([filter.brandModel, toPersianDigits(filter.brandModel)])]))));
    }
    if (filter.qc !== undefined) clauses.push(eb('i.qc', '=', filter.qc));
    if (filter.pricing !== undefined) clauses.push(eb('i.pricing', '=', filter.pricing));
    return eb.and(clauses);
  });
}

/** The sort columns that may be null (an order not yet scheduled has no visit day or slot). */
const NULLABLE = ['i.visit_date', 'i.time_slot'];

/** A page of orders: counted exactly up to 10,000 and estimated above, deep pages by keyset (decision 123). */
export async function listOrders(q: OrdersDb, filter: OrderListFilter): Promise<OrderListPage> {
  const words = filter.search && !digitsSearch(filter.search) ? await wordsQuery(q, filter.search) : undefined;
  return pagedList(
    filteredOrders(q, filter, words),
    // A search (words, or the digits of a code or phone) read in one pass when the planner expects
    // it to keep fewer rows than the count's cap: a phone prefix walked the visit-day index past
    // ~16,000 rows for its first ten at a million orders (60 ms) where its ~1,000 rows are 3.
    { key: 'i.pk', ...keysetOrder(SORTS, filter.sort, filter.isAscending, NULLABLE), cappedCount: q, onePass: Boolean(filter.search), columns: (query) => query.innerJoin('cities as c', 'c.id', 'i.city_id').select(ITEM_COLUMNS).$narrowType<ItemState>() },
    filter,
  );
}

export async function getOrder(q: OrdersDb, pk: number): Promise<OrderDetail> {
  const row = await q
    .selectFrom('inspections as i')
    .innerJoin('cities as c', 'c.id', 'i.city_id')
    .select([
      ...ITEM_COLUMNS,
      'i.inspection_center',
      'i.center',
      'i.visit_place',
      'i.description',
      'i.visit_time',
      'i.concierge_sale',
      'i.operation_note',
      'i.is_canceled',
      'i.price_diff',
      'i.seller_name',
      'i.seller_phone_number',
      'i.held_until',
      'i.hold_reason',
      'i.pricing_conditions',
      'i.discount_code',
      'i.vin',
    ])
    .$narrowType<ItemState & { pricing_conditions: PricingCondition[] }>()
    .where('i.pk', '=', pk)
    .executeTakeFirst();
  if (!row) throw notFound('سفارش یافت نشد');
  // The visit instant is the Tehran wall-clock time on the visit day; Tehran has no DST since 2022.
  const hhmm = row.visit_time && /^(\d{2}):(\d{2})/.exec(row.visit_time);
  const visitTime = hhmm && row.visit_date ? `${row.visit_date}T${hhmm[1]}:${hhmm[2]}:00+03:30` : null;
  return {
    ...row,
    center: row.center && /^\d+$/.test(row.center) ? Number(row.center) : null,
    description: row.description || null,
    visit_time: visitTime,
    operation_note: row.operation_note || null,
    // A hold that has run out is no hold: the order needs no release to go on.
    held_until: row.held_until && Date.parse(row.held_until) > Date.now() ? row.held_until : null,
  };
}

/**
 * A phone request: a new order in state R, priced by the catalogue's quote (its breakdown locked
 * with the order) and given to the next inspection assistant in turn (the turn-assign port,
 * decision 097), all in one transaction; who took the call is in the turn ledger.
 */
export async function createOrder(db: Db, ports: Pick<GatewayPorts, 'assistants' | 'catalogue'>, input: CreateOrderInput, actor: Actor): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    const quoted = await ports.catalogue.quote(tx, { package: input.package, cityId: input.city_id, day: input.visit_date ?? null, conditions: [] });
    const created = await insertOrder(kyselyOf(tx), input, quoted.price);
    await ports.catalogue.lock(tx, quoted, { entity: 'inspection', entityId: created.pk }, actor);
    await ports.assistants.assignNewOrder(tx, actor, created.pk);
    return created;
  });
}

function insertOrder(q: OrdersDb, input: CreateOrderInput, price: number): Promise<CreatedOrder> {
  return q
    .insertInto('inspections')
    .values({
      code: sql<string>`nextval('inspection_order_code_seq')::text`,
      state: 'R',
      customer_name: input.customer_name,
      phone_number: input.phone_number,
      city_id: input.city_id,
      visit_place: input.visit_place,
      description: input.description,
      brand_model: input.brand_model,
      package: input.package,
      price,
      visit_date: input.visit_date ?? null,
      time_slot: input.time_slot ?? null,
      request_type: 'phone',
      vin: input.vin,
    })
    .returning(['pk', 'code'])
    .executeTakeFirstOrThrow();
}

const OPTIONS_LIMIT = 500;

type OptionColumn = 'assistant' | 'expert_id' | 'mechanic_id' | 'package';

function distinctValues<V extends string | number>(q: OrdersDb, column: OptionColumn): Promise<V[]> {
  return q
    .selectFrom('inspections')
    .select(sql.ref(column).as('v'))
    .distinct()
    .where(sql.ref(column), 'is not', null)
    .orderBy('v')
    .limit(OPTIONS_LIMIT)
    .$castTo<{ v: V }>()
    .execute()
    .then((rows) => rows.map((row) => row.v));
}

/** Names of the people in `values`: experts (and mechanics) from `experts`, assistants from `users`. */
async function named<V extends string | number>(q: OrdersDb, values: V[], names: (values: V[]) => Promise<{ v: V; name: string | null }[]>) {
  const known = new Map((values.length ? await names(values) : []).map((row) => [row.v, row.name]));
  return values.map((value) => ({ value, name: known.get(value) ?? null }));
}

const expertNames = (q: OrdersDb) => (ids: number[]) =>
  sql<{ v: number; name: string | null }>`SELECT pk::int AS v, report_name AS name FROM experts WHERE pk = ANY(${ids})`.execute(q).then((r) => r.rows);

export async function filterOptions(q: OrdersDb): Promise<OrderFilterOptions> {
  const [assistantValues, expertValues, mechanicValues, packages] = await Promise.all([
    distinctValues<string>(q, 'assistant'),
    distinctValues<number>(q, 'expert_id'),
    distinctValues<number>(q, 'mechanic_id'),
    distinctValues<string>(q, 'package'),
  ]);
  const [assistants, experts, mechanics] = await Promise.all([
    named(q, assistantValues, (usernames) =>
      sql<{ v: string; name: string | null }>`SELECT username AS v, nullif(trim(first_name || ' ' || last_name), '') AS name FROM users WHERE username = ANY(${usernames})`
        .execute(q)
        .then((r) => r.rows),
    ),
    named(q, expertValues, expertNames(q)),
    named(q, mechanicValues, expertNames(q)),
  ]);
  return { assistants, experts, mechanics, packages };
}
