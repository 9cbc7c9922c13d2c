import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ListPage, NoColumns, PageRequest } from './list-query';

/** A list's order as keyset paging reads it: its columns (the last unique) and one direction. */
export interface Keyset {
  columns: readonly string[];
  ascending: boolean;
  /**
   * The columns that may be null. A row comparison is never true of a row whose first differing
   * column is null. Nulls come last ascending and first descending, so such rows hide beyond a
   * cursor that shares the columns before, on one side: ascending after it, descending before
   * it. A read toward them, and a short page (nulls at either end), is read by OFFSET.
   */
  nullable: readonly string[];
}

/** What a cursor is bound to: the page it opens and the filter and order it was read under. */
function viewOf(request: PageRequest): string {
  const { page: _page, after: _after, ...view } = request as PageRequest & Record<string, unknown>;
  const sorted = Object.fromEntries(Object.entries(view).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('base64url').slice(0, 12);
}

interface Cursor {
  /** The page it opens. */
  p: number;
  /** The view it was read under (`viewOf`). */
  f: string;
  /** Its row's keyset columns, as text: the page's last row (`next`), or its first (`previous`). */
  v: (string | null)[];
  /** It opens the page before its row (the answer's `previous`), not the one after it. */
  b?: 1;
}

/** A cursor as read: its row's keys, and whether the page it opens comes before that row. */
export interface ReadCursor {
  values: string[];
  back: boolean;
}

/** The cursor `after` stands for, when it opens this page of this view with no null key; otherwise none (the page is read by OFFSET). */
export function readCursor(after: string | undefined, keyset: Keyset, request: PageRequest): ReadCursor | undefined {
  if (!after) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (cursor.p !== request.page || cursor.f !== viewOf(request) || !Array.isArray(cursor.v) || cursor.v.length !== keyset.columns.length) return undefined;
    const values = cursor.v;
    return values.every((value): value is string => typeof value === 'string') ? { values, back: cursor.b === 1 } : undefined;
  } catch {
    return undefined;
  }
}

const writeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

export type KeyRow = { page_key: unknown } & Record<string, string | null>;

/** A key row's cursor for the page `page`, after the row or (`back`) before it. */
export const cursorOf = (keyset: Keyset, request: PageRequest, row: KeyRow, page: number, back = false) =>
  writeCursor({ p: page, f: viewOf(request), v: keyset.columns.map((_, i) => row[`k${i}`] ?? null), ...(back ? { b: 1 as const } : {}) });

/** Whether the read goes the order's way from the cursor's row (`after`) and not against it (`back`), in the order's direction. */
const readsUp = (keyset: Keyset, cursor: ReadCursor) => keyset.ascending !== cursor.back;

/** The rows beyond the cursor's on the read's side: `(a, b, pk) > ($a, $b, $pk)` reading up, `<` reading down. */
const beyond = (keyset: Keyset, cursor: ReadCursor) =>
  sql<boolean>`(${sql.join(keyset.columns.map((c) => sql.ref(c)))}) ${sql.raw(readsUp(keyset, cursor) ? '>' : '<')} (${sql.join(cursor.values)})`;

/** The order reversed, column by column (nulls first where they were last): a page before a cursor is read backwards, then turned. */
const reversed = (keyset: Keyset): RawBuilder<unknown> => sql.join(keyset.columns.map((column) => sql`${sql.ref(column)} ${sql.raw(keyset.ascending ? 'desc' : 'asc')}`));

/**
 * Whether rows share the cursor's first columns and have a null in the next nullable one on the
 * read's side (nulls are the largest values: ascending they follow the cursor's row, descending
 * they precede it), where no row comparison finds them: one index probe for each such column.
 */
async function nullsHidden<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, NoColumns>, keyset: Keyset, cursor: ReadCursor): Promise<boolean> {
  if (!readsUp(keyset, cursor)) return false;
  const positions = keyset.columns.flatMap((column, i) => (i > 0 && keyset.nullable.includes(column) ? [i] : []));
  for (const i of positions) {
    const same = keyset.columns.slice(0, i).map((column, j) => sql<boolean>`${sql.ref(column)} = ${cursor.values[j]}`);
    const found = await filtered
      .select(sql.lit(1).as('one'))
      .where(sql<boolean>`${sql.join([...same, sql`${sql.ref(keyset.columns[i]!)} IS NULL`], sql` AND `)}`)
      .limit(1)
      .executeTakeFirst();
    if (found) return true;
  }
  return false;
}

/**
 * A page by keyset (decision 123): with a valid cursor, the rows after the previous page's last
 * in the order, or (the pager's «previous») the rows before the next page's first, read in the
 * reversed order and turned: a row comparison an index answers by a probe, however deep the
 * page. Without one, by OFFSET. The keys and the order's columns are read first, then the page's
 * columns for those keys; `next` is the cursor after the last row when the page is full,
 * `previous` the cursor before the first past page 1.
 */
export async function keysetRows<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, NoColumns>,
  { key, order, columns, ordered }: ListPage<DB, TB, Row>,
  keyset: Keyset,
  request: PageRequest,
): Promise<{ results: Row[]; next?: string; previous?: string }> {
  const ref = sql.ref(key);
  const keysIn = (by: RawBuilder<unknown>) =>
    (ordered ?? (filtered as unknown as SelectQueryBuilder<DB, never, NoColumns>))
      .select(ref.as('page_key'))
      .select(keyset.columns.map((column, i) => sql<string | null>`${sql.ref(column)}::text`.as(`k${i}`)) as never)
      .orderBy(by)
      .limit(request.pageSize);
  const byOffset = () => keysIn(order).offset((request.page - 1) * request.pageSize).execute() as unknown as Promise<KeyRow[]>;
  const cursor = readCursor(request.after, keyset, request);
  let keys: KeyRow[];
  if (!cursor || (await nullsHidden(filtered, keyset, cursor))) keys = await byOffset();
  else if (cursor.back) keys = ((await keysIn(reversed(keyset)).where(beyond(keyset, cursor)).execute()) as unknown as KeyRow[]).reverse();
  else keys = (await keysIn(order).where(beyond(keyset, cursor)).execute()) as unknown as KeyRow[];
  // A page before another is full; ascending, nulls come last and are after no cursor, so a page
  // after one may be short of them: a short page read by a cursor is read again by OFFSET.
  if (cursor && (cursor.back || (keyset.ascending && keyset.nullable.length > 0)) && keys.length < request.pageSize) keys = await byOffset();
  if (keys.length === 0) return { results: [] };
  const results = await columns(filtered.clearWhere().where(ref, 'in', keys.map((k) => k.page_key) as never)).orderBy(order).execute();
  const previous = request.page > 1 ? cursorOf(keyset, request, keys[0]!, request.page - 1, true) : undefined;
  const next = keys.length < request.pageSize ? undefined : cursorOf(keyset, request, keys[keys.length - 1]!, request.page + 1);
  return { results, ...(next ? { next } : {}), ...(previous ? { previous } : {}) };
}
