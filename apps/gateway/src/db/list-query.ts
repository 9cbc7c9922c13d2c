import { sql, type Expression, type QueryExecutorProvider, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { normalizePhoneNumber, toPersianDigits, type Paginated } from '@panel/contracts/common';
import { cursorOf, keysetRows, type KeyRow, type Keyset } from './keyset';

export { readCursor, type Keyset } from './keyset';

/**
 * What lists need and Kysely does not have: the paged envelope, the Tehran day as an instant
 * range, escaped LIKE patterns and a sort key turned into columns through a whitelist.
 */

/** What `selectFrom` gives before any column is selected. */
export type NoColumns = Record<never, never>;

export interface PageRequest {
  page: number;
  pageSize: number;
  /** A cursor of keyset paging: the previous page's `next` (this page starts after its last row) or the next page's `previous` (this page ends before its first). */
  after?: string;
}

/** Where a list counts exactly; above it the count is the planner's estimate (decision 123). */
export const COUNT_CAP = 10_000;

type PageColumns<DB, TB extends keyof DB, Row> = (query: SelectQueryBuilder<DB, TB, NoColumns>) => { orderBy(order: RawBuilder<unknown>): { execute(): Promise<Row[]> } };

/** How a list pages: its key, order and columns. */
export interface ListPage<DB, TB extends keyof DB, Row> {
  /** The row's unique column (`'t.pk'`): the page is picked by it. */
  key: string;
  /** The ORDER BY (a `sortOrder`), ending in a unique column so pages never overlap. */
  order: RawBuilder<unknown>;
  /** The columns, and the joins only the page needs, added to the filtered rows. */
  columns: PageColumns<DB, TB, Row>;
  /** `filtered` with the joins its order needs (a sort by a joined column), when it has any; the count keeps to `filtered`. */
  ordered?: SelectQueryBuilder<DB, never, NoColumns>;
  /**
   * The database to count on when the count is capped (decision 123): exact up to `COUNT_CAP`
   * rows, above it the planner's estimate, answered with `estimated: true`. Without it, `count(*)`.
   */
  cappedCount?: QueryExecutorProvider;
  /** The order as columns (`keysetOrder`): the answer's `next` lets the next page start after this one's last row. */
  keyset?: Keyset;
  /**
   * The filter's rows are read from the table to be counted at all (a search on a GIN index: the
   * bitmap's rows are checked on the heap): with `cappedCount` and `keyset`, when the planner
   * expects fewer than the cap, the count and the page are read in one pass (`onePass`). Not for
   * a filter an index counts alone (the page would read rows the count never touched).
   */
  onePass?: boolean;
}

/** A list that counts with its sums in one pass (deals with their totals) instead of `count(*)`. */
export interface TotalledListPage<DB, TB extends keyof DB, Row, Totals extends { count: number }> extends ListPage<DB, TB, Row> {
  totals: (filtered: SelectQueryBuilder<DB, TB, NoColumns>) => Promise<Totals>;
}

/**
 * One page of a filtered query in the upstream's envelope; the one way every list pages.
 * `filtered` is the FROM and WHERE (what is counted). The page's keys are picked first by the
 * filter and the order alone, then only those rows compute their columns: a deep page never
 * computes columns (a subquery, a name looked up) for the rows OFFSET skips (page 200 of sell
 * tickets: 700 ms at 100,000 rows before), and on a list whose columns cost nothing the key
 * look-up is a primary-key probe of twenty rows, so no list has to choose.
 */
export async function pagedList<DB, TB extends keyof DB, Row, Totals extends { count: number }>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  list: TotalledListPage<DB, TB, Row, Totals>,
  request: PageRequest,
): Promise<Paginated<Row> & { totals: Totals }>;
export async function pagedList<DB, TB extends keyof DB, Row>(filtered: SelectQueryBuilder<DB, TB, NoColumns>, list: ListPage<DB, TB, Row>, request: PageRequest): Promise<Paginated<Row>>;
export async function pagedList<DB, TB extends keyof DB, Row, Totals extends { count: number }>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  list: ListPage<DB, TB, Row> & { totals?: TotalledListPage<DB, TB, Row, Totals>['totals'] },
  request: PageRequest,
): Promise<Paginated<Row> & { totals?: Totals }> {
  const { page, pageSize } = request;
  let planned: number | undefined;
  if (list.onePass && list.cappedCount && list.keyset && !list.totals) {
    // A search the planner expects to keep fewer rows than the cap is read once for its count
    // and its page together: its rows are read from the table for the count anyway.
    planned = await plannedRows(list.cappedCount, filtered);
    if (planned < COUNT_CAP) {
      const read = await onePass(list.cappedCount, filtered, list, list.keyset, request);
      if (read) return read;
    }
  }
  const counted = list.totals ? list.totals(filtered) : list.cappedCount ? cappedCountOf(list.cappedCount, filtered, planned) : countOf(filtered);
  const [{ results, next, previous }, totals] = await Promise.all([
    list.keyset ? keysetRows(filtered, list, list.keyset, request) : pageRows(filtered, list, request).then((rows) => ({ results: rows, next: undefined, previous: undefined })),
    counted,
  ]);
  // A short page is the last: then the count is known whatever the estimate said.
  const known = 'estimated' in totals && totals.estimated && results.length < pageSize && (results.length > 0 || page === 1);
  const estimated = 'estimated' in totals && totals.estimated && !known;
  return {
    results,
    count: known ? (page - 1) * pageSize + results.length : totals.count,
    page,
    pageSize,
    ...(estimated ? { estimated: true } : {}),
    ...(next ? { next } : {}),
    ...(previous ? { previous } : {}),
    ...(list.totals ? { totals: totals as Totals } : {}),
  };
}

/** How many rows the filter keeps (the envelope's `count`). */
async function countOf<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, NoColumns>): Promise<{ count: number }> {
  return filtered.select(sql<number>`count(*)`.as('count')).$castTo<{ count: number }>().executeTakeFirstOrThrow();
}

/** Past this many rows by the planner's estimate a filter is not counted at all (five times the cap). */
export const SURELY_OVER_CAP = 5 * COUNT_CAP;

/**
 * The count of a list at a million rows (decision 123): the planner's row estimate of the filter
 * first (one plan, no rows read); five times the cap or more, that is the answer. Otherwise the
 * rows are counted up to one past `COUNT_CAP` (10,001 entries, not a million): exact up to the
 * cap, the estimate past it. An estimate is rounded to three figures and never at or below the cap.
 * (A capped count of a filter keeping a tenth of a million wide rows is a sequential scan of
 * 100,000 of them: 60-80 ms, which the plan alone avoids.)
 */
export async function cappedCountOf<DB, TB extends keyof DB>(
  db: QueryExecutorProvider,
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  plannedAlready?: number,
): Promise<{ count: number; estimated?: true }> {
  const rows = filtered.select(sql.lit(1).as('one'));
  const planned = plannedAlready ?? (await plannedRows(db, filtered));
  const estimate = { count: Math.max(COUNT_CAP + 1, roundTo3(planned)), estimated: true as const };
  if (planned >= SURELY_OVER_CAP) return estimate;
  const capped = await sql<{ count: number }>`SELECT count(*)::int AS count FROM (${rows.limit(COUNT_CAP + 1)}) AS capped`.execute(db);
  const count = Number(capped.rows[0]!.count);
  return count <= COUNT_CAP ? { count } : estimate;
}

/** How many rows the planner expects `filtered` to keep (`EXPLAIN`, no row read). */
export async function plannedRows<DB, TB extends keyof DB>(db: QueryExecutorProvider, filtered: SelectQueryBuilder<DB, TB, NoColumns>): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${filtered.select(sql.lit(1).as('one'))}`.execute(db);
  const raw = plan.rows[0]!['QUERY PLAN'];
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }])[0].Plan['Plan Rows'];
}

const roundTo3 = (n: number) => {
  if (n < 1000) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
};

async function pageRows<DB, TB extends keyof DB, Row>(filtered: SelectQueryBuilder<DB, TB, NoColumns>, { key, order, columns, ordered }: ListPage<DB, TB, Row>, request: PageRequest): Promise<Row[]> {
  const ref = sql.ref(key);
  const keys = (ordered ?? (filtered as unknown as SelectQueryBuilder<DB, never, NoColumns>))
    .select(ref.as('page_key'))
    .orderBy(order)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize);
  // The page's rows are its keys: the filter is not run a second time (a search's union on
  // PGlite: a third of the list's time), while `filtered`'s joins stay for the columns.
  return columns(filtered.clearWhere().where(ref, 'in', keys as never)).orderBy(order).execute();
}

/**
 * A page and its count in one statement (decision 123, stop 49), for a filter the planner expects
 * under the cap: its keys and order columns, up to one past the cap, are read once into a
 * materialized set; the count is that set's size and the page is its rows in the order, by OFFSET
 * within it (at most 10,001 rows in memory, so any page is exact and no cursor is needed). The
 * set is planned on its own, without the ORDER BY … LIMIT: the planner cannot pick walking the
 * sort's index and filtering every row it passes (a name search at 1,000,000 orders: 246 ms that
 * way, the bitmap of its 4,300 rows instead). When the set holds more than the cap (the planner
 * was wrong) there is no answer and the caller pages and counts as usual.
 */
async function onePass<DB, TB extends keyof DB, Row>(
  db: QueryExecutorProvider,
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  { key, order, columns, ordered }: ListPage<DB, TB, Row>,
  keyset: Keyset,
  request: PageRequest,
): Promise<Paginated<Row> | undefined> {
  const { page, pageSize } = request;
  const matched = (ordered ?? (filtered as unknown as SelectQueryBuilder<DB, never, NoColumns>))
    .select(sql.ref(key).as('page_key'))
    .select(keyset.columns.map((column, i) => sql`${sql.ref(column)}`.as(`c${i}`)) as never)
    .limit(COUNT_CAP + 1);
  const direction = sql.raw(keyset.ascending ? 'asc' : 'desc');
  const { rows } = await sql<KeyRow & { total: number }>`
    WITH matched AS MATERIALIZED (${matched})
    SELECT counted.total, paged.* FROM (SELECT count(*)::int AS total FROM matched) AS counted
      LEFT JOIN LATERAL (
        SELECT page_key, ${sql.join(keyset.columns.map((_, i) => sql`${sql.ref(`c${i}`)}::text AS ${sql.ref(`k${i}`)}`))} FROM matched
         ORDER BY ${sql.join(keyset.columns.map((_, i) => sql`${sql.ref(`c${i}`)} ${direction}`))}
         LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
      ) AS paged ON true`.execute(db);
  const total = Number(rows[0]!.total);
  if (total > COUNT_CAP) return undefined;
  const keys = rows.filter((row) => row.page_key !== null);
  const ref = sql.ref(key);
  const results = keys.length === 0 ? [] : await columns(filtered.clearWhere().where(ref, 'in', keys.map((k) => k.page_key) as never)).orderBy(order).execute();
  const last = keys[keys.length - 1];
  const more = last !== undefined && keys.length === pageSize && page * pageSize < total;
  return {
    results,
    count: total,
    page,
    pageSize,
    ...(more ? { next: cursorOf(keyset, request, last, page + 1) } : {}),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
// Tehran has kept +03:30 all year since 2022, so a Tehran day is always 24 hours long.
const TEHRAN_OFFSET = '+03:30';

/**
 * A Tehran calendar day ('YYYY-MM-DD') as the instants `[start, end)`, compared with `>=` and
 * `<` on a timestamptz column so its index serves the filter.
 */
export function tehranDayRange(day: string): [start: string, end: string] {
  if (!DAY.test(day)) throw new RangeError(`not a day: ${day}`);
  const start = Date.parse(`${day}T00:00:00${TEHRAN_OFFSET}`);
  return [new Date(start).toISOString(), new Date(start + DAY_MS).toISOString()];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A list's search typed as digits (a number, a code, the start of a phone): the digits as typed,
 * and as the start of a mobile number ('912…', '+98912…' → '0912…'); null for a search of words.
 */
export function digitsSearch(text: string): { digits: string; phone: string } | null {
  if (!/^[+\d\s-]+$/.test(text)) return null;
  const digits = text.replace(/[\s-]/g, '');
  const phone = normalizePhoneNumber(digits);
  return { digits, phone: /^9\d{0,9}$/.test(phone) ? `0${phone}` : phone };
}

/** A LIKE/ILIKE pattern matching `text` anywhere, its `%`, `_` and `\` taken literally. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with `text` (a `text_pattern_ops` index serves it). */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;

/** The ILIKE pattern of "ends with" `text`, its wildcards escaped. */
export const likeSuffix = (text: string) => `%${escapeLike(text)}`;

/**
 * The ORDER BY of a sort key from the request: the key picks columns from `whitelist` and the
 * direction is a keyword chosen here, so nothing the request sends reaches the SQL text.
 */
export function sortOrder<Key extends string>(whitelist: Record<Key, readonly string[]>, key: Key, ascending: boolean): RawBuilder<unknown> {
  if (!Object.hasOwn(whitelist, key)) throw new RangeError(`no sort ${key}`);
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  return sql.join(whitelist[key].map((column) => sql`${sql.ref(column)} ${direction}`));
}

/** `sortOrder` with the columns and direction keyset paging needs (`ListPage.keyset`). */
export function keysetOrder<Key extends string>(whitelist: Record<Key, readonly string[]>, key: Key, ascending: boolean, nullable: readonly string[] = []): { order: RawBuilder<unknown>; keyset: Keyset } {
  const order = sortOrder(whitelist, key, ascending);
  const columns = whitelist[key];
  return { order, keyset: { columns, ascending, nullable: columns.filter((column) => nullable.includes(column)) } };
}

/**
 * 'علی رضا' → 'علی:* & رضا:*': every typed word must start a word of the row. Words are split
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

/**
 * A list's search by words: each typed word starts a word of `document`, the list's
 * `to_tsvector('simple', …)` spelled as its word index is (so the index answers it). A search with
 * no word in it (punctuation alone) finds nothing.
 */
export function wordsMatch(document: RawBuilder<unknown>, text: string): RawBuilder<SqlBool> {
  const words = toPrefixTsQuery(text);
  return words ? sql<SqlBool>`${document} @@ to_tsquery('simple', ${words})` : sql<SqlBool>`false`;
}

/** A search typed as digits (`digitsSearch`), with the row number they can be (none past 15 digits). */
export type TypedDigits = { digits: string; phone: string; ids: number[] };

/**
 * A list's search box: digits (a row's number, a code, the start of a phone) find what `byDigits`
 * says; any other text, the rows whose words start with its words (`wordsMatch` of `document`).
 */
export function listSearch(text: string, document: RawBuilder<unknown>, byDigits: (typed: TypedDigits) => Expression<SqlBool>): Expression<SqlBool> {
  const typed = digitsSearch(text);
  if (!typed) return wordsMatch(document, text);
  return byDigits({ ...typed, ids: typed.digits.length <= 15 ? [Number(typed.digits)] : [] });
}
