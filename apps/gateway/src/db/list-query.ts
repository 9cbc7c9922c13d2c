import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { toPersianDigits, type Paginated } from '@panel/contracts/common';

/**
 * What lists need and Kysely does not have: the paged envelope, the Tehran day as an instant
 * range, escaped LIKE patterns and a sort key turned into columns through a whitelist.
 */

/** What `selectFrom` gives before any column is selected. */
type NoColumns = Record<never, never>;

/** A select with its columns and order, to which the page's LIMIT and OFFSET are added. */
interface PageableSelect<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a filtered query in the upstream's envelope. `filtered` is the FROM and WHERE
 * (what is counted); `select` adds the columns, the joins only the page needs and the order, so
 * the count never pays for them.
 */
export async function pagedList<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  select: (query: SelectQueryBuilder<DB, TB, NoColumns>) => PageableSelect<Row>,
  { page, pageSize }: PageRequest,
): Promise<Paginated<Row>> {
  const [results, count] = await Promise.all([select(filtered).limit(pageSize).offset((page - 1) * pageSize).execute(), countOf(filtered)]);
  return { results, count, page, pageSize };
}

/** How many rows the filter keeps (the envelope's `count`). */
async function countOf<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, NoColumns>): Promise<number> {
  return (await filtered.select(sql<number>`count(*)`.as('count')).$castTo<{ count: number }>().executeTakeFirstOrThrow()).count;
}

/**
 * One page of a list whose columns cost something per row (a subquery, a name looked up): the
 * page's keys are picked first by the filter and `order` alone, then only those rows compute
 * their columns. With plain `pagedList`, a deep page computes them for every row OFFSET skips
 * (page 200 of sell tickets: 700 ms at 100,000 rows). `key` is the row's unique column.
 */
export async function pagedByKey<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  key: string,
  order: RawBuilder<unknown>,
  columns: PageColumns<DB, TB, Row>,
  request: PageRequest,
  ordered?: SelectQueryBuilder<DB, never, NoColumns>,
): Promise<Paginated<Row>> {
  const [results, count] = await Promise.all([pageByKey(filtered, key, order, columns, request, ordered), countOf(filtered)]);
  return { results, count, page: request.page, pageSize: request.pageSize };
}

type PageColumns<DB, TB extends keyof DB, Row> = (query: SelectQueryBuilder<DB, TB, NoColumns>) => { orderBy(order: RawBuilder<unknown>): { execute(): Promise<Row[]> } };

/**
 * The rows of `pagedByKey` without the count: for a list that counts with its totals in one pass.
 * `ordered` is `filtered` with the joins its order needs (a sort by a joined column), when it has
 * any: the keys are picked from it, while the count keeps to `filtered`.
 */
export async function pageByKey<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  key: string,
  order: RawBuilder<unknown>,
  columns: PageColumns<DB, TB, Row>,
  request: PageRequest,
  ordered?: SelectQueryBuilder<DB, never, NoColumns>,
): Promise<Row[]> {
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
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with `text` (a `text_pattern_ops` index serves it). */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;

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
