import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { normalizePhoneNumber, toPersianDigits, type Paginated } from '@panel/contracts/common';

/**
 * What lists need and Kysely does not have: the paged envelope, the Tehran day as an instant
 * range, escaped LIKE patterns and a sort key turned into columns through a whitelist.
 */

/** What `selectFrom` gives before any column is selected. */
type NoColumns = Record<never, never>;

export interface PageRequest {
  page: number;
  pageSize: number;
}

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
  { page, pageSize }: PageRequest,
): Promise<Paginated<Row> & { totals?: Totals }> {
  const [results, totals] = await Promise.all([pageRows(filtered, list, { page, pageSize }), list.totals ? list.totals(filtered) : countOf(filtered)]);
  return { results, count: totals.count, page, pageSize, ...(list.totals ? { totals: totals as Totals } : {}) };
}

/** How many rows the filter keeps (the envelope's `count`). */
async function countOf<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, NoColumns>): Promise<{ count: number }> {
  return filtered.select(sql<number>`count(*)`.as('count')).$castTo<{ count: number }>().executeTakeFirstOrThrow();
}

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

/** A LIKE/ILIKE pattern matching `text` anywhere, its `%`, `_` and `\` taken literally. */
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
