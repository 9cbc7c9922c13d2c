import type { z } from 'zod';
import { inData, inResult, inResults, type Access } from '@panel/contracts/common';
import { procedureFor, type authedProcedure, type ProcedureMeta } from '../trpc';
import { exportAll, exportAnswer } from './export-all';
import type { GatewayClient, Query } from './gateway-client';

// A BFF procedure declared once (issue 27, decision 133): the module's access table line, the
// gateway path, the input and the answer's schema, in one router line. What every procedure that
// only forwards did by hand (a service function naming the path and the wrapped schema, a router
// line naming the schemas again and calling it) is done here:
//
//   const { read, act } = gatewayProcedures(NPS_ACCESS, '/api/nps/answers');
//   detail: read.get('/:id/', NpsIdInputSchema, NpsAnswerDetailSchema, 'یک پاسخ نظرسنجی'),
//   record: act.post('/', RecordNpsAnswerInputSchema, data(NpsOutcomeSchema), 'ثبت پاسخ'),
//
// `:name` in a path is the input's field of that name; what is left of the input is the query of a
// GET or DELETE and the body of a POST, PUT or PATCH, unless `query`/`body` say otherwise. A
// procedure with logic of its own (merging answers, the session's user) stays a service function.

type Envelope = 'data' | 'result' | 'results';

/** An answer the gateway wraps (spec §7): checked whole, its content handed on and documented. */
export interface Wrapped<S extends z.ZodType> {
  readonly envelope: Envelope;
  readonly content: S;
}
export const data = <S extends z.ZodType>(content: S): Wrapped<S> => ({ envelope: 'data', content });
export const result = <S extends z.ZodType>(content: S): Wrapped<S> => ({ envelope: 'result', content });
export const results = <S extends z.ZodType>(content: S): Wrapped<S> => ({ envelope: 'results', content });

type Answer = z.ZodType | Wrapped<z.ZodType>;
type Content<A extends Answer> = A extends Wrapped<infer S> ? S : A;
type Out<A extends Answer> = z.output<Content<A>>;

const UNWRAP = { data: inData, result: inResult, results: inResults } as const;
const isWrapped = (answer: Answer): answer is Wrapped<z.ZodType> => 'envelope' in answer && 'content' in answer;
const contentOf = (answer: Answer): z.ZodType => (isWrapped(answer) ? answer.content : answer);
const checkOf = (answer: Answer): z.ZodType => (isWrapped(answer) ? UNWRAP[answer.envelope](answer.content) : answer);

/** The `:name` parts of a path. */
type Params<P extends string> = P extends `${string}:${infer N}/${infer R}` ? N | Params<R> : P extends `${string}:${infer N}` ? N : never;
/** The path, when every `:name` in it is a field of the input. */
type PathOf<P extends string, In> = [Params<P>] extends [keyof In] ? P : `${P} names a field the input lacks`;

/** The reference's words of a procedure: its summary, or the summary with more. */
type Words = string | Omit<ProcedureMeta, 'output' | 'access'>;

interface Options<In, O> {
  /** The query sent instead of the input's fields left after the path. */
  query?: (input: In) => Query;
  /** The body sent instead of the input's fields left after the path. */
  body?: (input: In) => unknown;
  /** A change the BFF makes to the answer (media addresses become the BFF's own). */
  map?: (answer: O) => O;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Procedure = typeof authedProcedure;

const metaOf = (words: Words, answer: z.ZodType): ProcedureMeta => ({ ...(typeof words === 'string' ? { summary: words } : words), output: answer });

function split(path: string, input: unknown): { path: string; rest: Record<string, unknown> } {
  const rest = { ...(input as Record<string, unknown>) };
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

const toQuery = (fields: Record<string, unknown>): Query => fields as Query;
const withQuery = (path: string, query: Query) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** The one gateway call of a declared procedure. */
function caller(method: Method, base: string, path: string, answer: Answer, options: Options<never, never> = {}) {
  const schema = checkOf(answer);
  const map = options.map as ((answer: unknown) => unknown) | undefined;
  const query = options.query as ((input: unknown) => Query) | undefined;
  const body = options.body as ((input: unknown) => unknown) | undefined;
  return async (gateway: GatewayClient, input: unknown): Promise<unknown> => {
    const { path: filled, rest } = split(`${base}${path}`, input ?? {});
    let answered: unknown;
    if (method === 'GET') answered = await gateway.get(schema, filled, query ? query(input) : toQuery(rest));
    else if (method === 'DELETE') answered = await gateway.send(schema, method, withQuery(filled, query ? query(input) : toQuery(rest)), body?.(input));
    else answered = await gateway.send(schema, method, query ? withQuery(filled, query(input)) : filled, body ? body(input) : rest);
    return map ? map(answered) : answered;
  };
}

function query<I extends z.ZodType, O>(procedure: Procedure, input: I, run: (gateway: GatewayClient, input: z.output<I>) => Promise<O>) {
  return procedure.input(input).query(({ ctx, input: value }) => run(ctx.gateway, value as z.output<I>));
}
function mutation<I extends z.ZodType, O>(procedure: Procedure, input: I, run: (gateway: GatewayClient, input: z.output<I>) => Promise<O>) {
  return procedure.input(input).mutation(({ ctx, input: value }) => run(ctx.gateway, value as z.output<I>));
}
const bareQuery = <O>(procedure: Procedure, run: (gateway: GatewayClient) => Promise<O>) => procedure.query(({ ctx }) => run(ctx.gateway));
const bareMutation = <O>(procedure: Procedure, run: (gateway: GatewayClient) => Promise<O>) => procedure.mutation(({ ctx }) => run(ctx.gateway));

type QueryProcedure<I extends z.ZodType, O> = ReturnType<typeof query<I, O>>;
type MutationProcedure<I extends z.ZodType, O> = ReturnType<typeof mutation<I, O>>;
type BareQuery<O> = ReturnType<typeof bareQuery<O>>;
type BareMutation<O> = ReturnType<typeof bareMutation<O>>;

/** A verb of one access line: with an input, or without one. */
interface Verb<Kind extends 'query' | 'mutation'> {
  <A extends Answer>(path: string, answer: A, words: Words, options?: Options<Record<string, never>, Out<A>>): Kind extends 'query' ? BareQuery<Out<A>> : BareMutation<Out<A>>;
  <P extends string, I extends z.ZodType, A extends Answer>(
    path: PathOf<P, z.output<I>>,
    input: I,
    answer: A,
    words: Words,
    options?: Options<z.output<I>, Out<A>>,
  ): Kind extends 'query' ? QueryProcedure<I, Out<A>> : MutationProcedure<I, Out<A>>;
}

/** What a list filter from contracts (`defineListFilter`) gives the list procedures. */
interface ListFilter<S extends z.ZodType> {
  schema: S;
  toQuery(filter: z.input<S>): Query;
}
type PageAnswer = z.ZodType<{ results: unknown[]; count: number }>;
type Row<P extends PageAnswer> = z.output<P>['results'][number];

interface ListOptions<In, R> {
  /** The query sent instead of the filter's own (`toQuery` of what is left after the path). */
  query?: (input: In) => Query;
  /** A change the BFF makes to each row (media addresses). */
  row?: (row: R) => R;
}

/** The procedures of one line of a module's access table. */
export interface AccessLine {
  /** The line's tRPC procedure, for a procedure with logic of its own. */
  procedure: Procedure;
  get: Verb<'query'>;
  /** A POST that only reads (a check, a preview): a query, as the browser caches it. */
  postQuery: Verb<'query'>;
  post: Verb<'mutation'>;
  put: Verb<'mutation'>;
  patch: Verb<'mutation'>;
  delete: Verb<'mutation'>;
  /**
   * A list and its CSV: a page of the filter, and every row of it (page by page, up to the
   * export limit), from one path, filter and page schema.
   */
  list<P extends string, S extends z.ZodType, A extends PageAnswer, I extends z.ZodType = S>(
    path: PathOf<P, z.output<I>>,
    filter: ListFilter<S>,
    page: A,
    words: { list: Words; export: Words },
    options?: ListOptions<z.output<I>, Row<A>> & { input?: I },
  ): {
    list: QueryProcedure<I, z.output<A>>;
    export: QueryProcedure<I, { rows: Row<A>[]; truncated: boolean }>;
  };
}

function verb(procedure: Procedure, base: string, method: Method, kind: 'query' | 'mutation') {
  return (path: string, ...args: unknown[]) => {
    // (path, answer, words, options?) or (path, input, answer, words, options?): the second is the words only without an input.
    const hasInput = typeof args[1] !== 'string' && !isWordsObject(args[1]);
    const [input, answer, words, options] = (hasInput ? args : [undefined, ...args]) as [z.ZodType | undefined, Answer, Words, Options<never, never> | undefined];
    const run = caller(method, base, path, answer, options);
    const described = procedure.meta(metaOf(words, contentOf(answer)));
    if (input) return kind === 'query' ? query(described, input, run) : mutation(described, input, run);
    return kind === 'query' ? bareQuery(described, (gateway) => run(gateway, {})) : bareMutation(described, (gateway) => run(gateway, {}));
  };
}
const isWordsObject = (value: unknown) => typeof value === 'object' && value !== null && !('safeParse' in value) && !('envelope' in value);

/**
 * The declaring functions of a module's procedures, one per line of its access table
 * (decision 094), under the module's gateway path.
 */
export function gatewayProcedures<T extends Record<string, Access>>(access: T, base = ''): { [K in keyof T]: AccessLine } {
  const lines = Object.entries(access).map(([key, roles]) => {
    const procedure = procedureFor(roles);
    const line: AccessLine = {
      procedure,
      get: verb(procedure, base, 'GET', 'query') as Verb<'query'>,
      postQuery: verb(procedure, base, 'POST', 'query') as Verb<'query'>,
      post: verb(procedure, base, 'POST', 'mutation') as Verb<'mutation'>,
      put: verb(procedure, base, 'PUT', 'mutation') as Verb<'mutation'>,
      patch: verb(procedure, base, 'PATCH', 'mutation') as Verb<'mutation'>,
      delete: verb(procedure, base, 'DELETE', 'mutation') as Verb<'mutation'>,
      list: (path, filter, page, words, options = {}) => {
        const read = (gateway: GatewayClient, input: unknown) => {
          const { path: filled, rest } = split(`${base}${path}`, input);
          return gateway.get(page, filled, options.query ? options.query(input as never) : filter.toQuery(rest as never));
        };
        const mapRow = options.row as ((row: unknown) => unknown) | undefined;
        const pageOf = async (gateway: GatewayClient, input: unknown) => {
          const answered = (await read(gateway, input)) as { results: unknown[] };
          return mapRow ? { ...answered, results: answered.results.map(mapRow) } : answered;
        };
        const input = options.input ?? filter.schema;
        const row = (page as unknown as z.ZodObject<{ results: z.ZodArray<z.ZodType> }>).shape.results.element;
        return {
          list: query(procedure.meta(metaOf(words.list, page)), input, (gateway, value) => pageOf(gateway, value)),
          export: query(procedure.meta(metaOf(words.export, exportAnswer(row))), input, (gateway, value) =>
            exportAll((p, pageSize) => pageOf(gateway, { ...(value as object), page: p, pageSize }) as Promise<{ results: unknown[]; count: number }>),
          ),
        } as never;
      },
    };
    return [key, line] as const;
  });
  return Object.fromEntries(lines) as { [K in keyof T]: AccessLine };
}
