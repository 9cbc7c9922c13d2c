import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { wholeNumberField } from './fields';
import { QueryDateSchema, QueryTextSchema, commaList, queryBoolean, queryId, toQueryValue, type QueryRecord } from './query-params';

// One list filter, declared once: the schema the BFF procedure, the gateway route and the
// address all parse with; its defaults; the address round trip (defaults left out, so one view
// has one address); and the lenient parse of a shared link with the keys it had to drop.
// Every list module declares its fields with `listField` and calls `defineListFilter`.

/** One field of a list filter: how it parses (strings of the address or typed values) and how it is written back. */
export interface ListField<S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * The address form of a parsed value; `undefined` leaves the key out. When absent, the value
   * is written with `toQueryValue` and left out when it equals the default or is an empty list.
   */
  write?: (value: z.output<S>) => string | undefined;
}

/** Any field, whatever its value type (what `defineListFilter` accepts). */
type AnyListField = { schema: z.ZodType; write?: (value: never) => string | undefined };

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}

/** The field kinds of the panel's lists. "Absent" always means "no restriction" unless a default is declared. */
export const listField = {
  /** Free text (trimmed, any digits made Latin, at most 200 characters); empty means absent. */
  text: (): ListField<typeof QueryTextSchema> => ({ schema: QueryTextSchema }),

  /** A calendar day 'YYYY-MM-DD' (the Tehran day); empty means every day. */
  day: (): ListField<typeof QueryDateSchema> => ({ schema: QueryDateSchema }),

  /** One id (any digits); empty means every one. `max` is the key's type's largest (`INT4_MAX` for an `integer` key). */
  id: (message: string, max?: number) => ({ schema: z.preprocess(blankIsAbsent, queryId(message, max).optional()) }),

  /** A set of ids as 'a,b,c'; absent or empty means every one. */
  ids: (message: string) => ({ schema: commaList(queryId(message)).optional() }),

  /** One value of an enum; empty means every one. */
  oneOf: <T extends z.ZodType>(item: T) => ({ schema: z.preprocess(blankIsAbsent, item.optional()) }),

  /**
   * A set of values as 'a,b,c'. Without `initial`, absent or empty means every one. With
   * `initial`, absent means that set (written as nothing) and an explicit empty value ('key=')
   * means no restriction at all, as the order list's states of spec §4.
   */
  someOf: <T extends z.ZodType>(item: T, options: { initial?: readonly z.output<T>[] } = {}) => {
    const schema = commaList(item).optional();
    const { initial } = options;
    return {
      schema,
      write: (value: z.output<typeof schema>): string | undefined => {
        if (value === undefined) return undefined;
        if (initial) return sameSet(value, initial) ? undefined : value.join(',');
        return value.length === 0 ? undefined : value.join(',');
      },
    };
  },

  /** A yes/no filter as 'true'/'false'; empty means both unless a default is given. */
  flag: (message: string) => ({ schema: z.preprocess(blankIsAbsent, queryBoolean(message).optional()) }),

  /**
   * A yes/no filter whose default view is one of the two (the tickets' open ones): absent means
   * `initial` (written as nothing), an explicit empty value ('key=') means both, parsed as null,
   * as `someOf` with `initial`.
   */
  flagWithDefault: (message: string, initial: boolean) => {
    const schema = z.preprocess((value) => (value === '' ? null : value), queryBoolean(message).nullable()).default(initial);
    return {
      schema,
      write: (value: z.output<typeof schema>): string | undefined => (value === initial ? undefined : value === null ? '' : String(value)),
    };
  },

  /**
   * The previous page's `next` or the next page's `previous` (keyset paging, decision 123): an
   * opaque cursor the pager sends with the page's number; the gateway reads that page by OFFSET
   * when it does not fit.
   */
  cursor: () => ({ schema: z.preprocess(blankIsAbsent, z.string().max(2000).regex(/^[\w-]+$/, { error: 'نشانگر صفحه نامعتبر است' }).optional()) }),

  /** A yes/no setting with a default (sort direction and the like). */
  setting: (message: string, initial: boolean) => ({ schema: queryBoolean(message).default(initial) }),

  /** One of a whitelist with a default (sort column and the like). */
  choice: <const T extends readonly [string, ...string[]]>(values: T, initial: T[number], message: string) => ({
    schema: z.enum(values, { error: message }).default(initial as never),
  }),

  /**
   * A list's order, spread into its fields (`...listField.ordering(SORTS, 'created_at')`): `sort`,
   * one of `columns` (default `initial`), and `isAscending` (default `ascending`), with the one
   * pair of Persian messages every list answers with.
   */
  ordering: <const T extends readonly [string, ...string[]]>(columns: T, initial: T[number], ascending = false) => ({
    sort: listField.choice(columns, initial, ORDERING_MESSAGES.column),
    isAscending: listField.setting(ORDERING_MESSAGES.direction, ascending),
  }),
};

/** What a list answers for an order it does not offer. */
export const ORDERING_MESSAGES = { column: 'ترتیب نامعتبر است', direction: 'جهت ترتیب نامعتبر است' } as const;

/** Page and page size of every list: digits of any script, Persian messages, the spec's page size by default. */
export const pageFields = {
  page: { schema: wholeNumberField('شماره صفحه نامعتبر است').default(1) },
  pageSize: { schema: wholeNumberField('اندازه صفحه نامعتبر است', { max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE) },
} satisfies Record<string, AnyListField>;

type Shape<F extends Record<string, AnyListField>> = { [K in keyof F]: F[K]['schema'] };

/** How a list's address is written beyond its fields. */
export interface ListFilterOptions<K extends string> {
  /**
   * Keys written to the address even at their default, where the spec names the list's address
   * with them (the pricing list is `?page=1&status=PE`): every view then has that one address.
   */
  alwaysInAddress?: readonly K[];
}

/** A list filter built from its fields (plus `page` and `pageSize`). */
export function defineListFilter<F extends Record<string, AnyListField>>(fields: F, options: ListFilterOptions<Extract<keyof F, string> | keyof typeof pageFields> = {}) {
  const always = new Set<string>(options.alwaysInAddress ?? []);
  const all = { ...fields, ...pageFields } as F & typeof pageFields;
  const shape = Object.fromEntries(Object.entries(all).map(([key, field]) => [key, field.schema])) as Shape<F & typeof pageFields>;
  const schema = z.object(shape);
  type Filter = z.output<typeof schema>;
  type Input = z.input<typeof schema>;
  const defaults = schema.parse({}) as Filter;

  /** The filter as an address query, leaving out what equals its default (unless `alwaysInAddress`). */
  function toQuery(filter: Input): QueryRecord {
    const parsed = schema.parse(filter) as Record<string, unknown>;
    const record: QueryRecord = {};
    for (const [key, field] of Object.entries(all) as [string, AnyListField][]) {
      const value = parsed[key];
      let text: string | undefined;
      if (field.write) text = field.write(value as never);
      else {
        text = toQueryValue(value);
        const initial = toQueryValue((defaults as Record<string, unknown>)[key]);
        if ((text === initial && !always.has(key)) || (Array.isArray(value) && value.length === 0)) text = undefined;
      }
      if (text !== undefined) record[key] = text;
    }
    return record;
  }

  /**
   * Reads an address query, dropping each key that fails so one bad value in a shared link keeps
   * the rest of the view; `dropped` names them, for the screen's notice.
   */
  function parse(record: QueryRecord): { value: Filter; dropped: string[] } {
    const current: QueryRecord = {};
    // Keys the filter does not know are not part of the view; they are neither read nor reported.
    for (const key of Object.keys(all)) if (key in record) current[key] = record[key]!;
    const dropped: string[] = [];
    for (let attempt = 0; attempt <= Object.keys(all).length; attempt += 1) {
      const result = schema.safeParse(current);
      if (result.success) return { value: result.data as Filter, dropped };
      const failing = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter((key) => key in current);
      if (failing.length === 0) break;
      for (const key of failing) {
        delete current[key];
        dropped.push(key);
      }
    }
    return { value: defaults, dropped: Object.keys(current) };
  }

  return { schema, defaults, toQuery, parse };
}

export type ListFilterKit<Filter, Input> = {
  schema: z.ZodType<Filter, Input>;
  defaults: Filter;
  toQuery: (filter: Input) => QueryRecord;
  parse: (record: QueryRecord) => { value: Filter; dropped: string[] };
};
