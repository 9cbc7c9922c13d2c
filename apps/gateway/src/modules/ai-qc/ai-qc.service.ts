import { sql, type Kysely, type SqlBool } from 'kysely';
import { normalizePersian } from '@panel/contracts/cms';
import { toLatinDigits } from '@panel/contracts/common';
import {
  AI_QC_MESSAGES,
  AI_TEXT_KINDS,
  AI_TEXT_STATES,
  effectiveAiTextStates,
  type AiModel,
  type AiQcListFilter,
  type AiText,
  type AiTextPage,
  type NextAiTextInput,
} from '@panel/contracts/ai-qc';
import type { CoreTables } from '../../db/core-tables';
import { pagedList, sortOrder, tehranDayRange, wordsMatch } from '../../db/list-query';
import { notFound } from '../../errors';
import type { AiQcTables } from './ai-qc.tables';

// AI texts read (decision 116): the list filtered and sorted in SQL, one text, the queue's next
// and the models. A text names what it describes: the inspection order's code and car, or the car
// post's token and title.

/** The columns of car posts a text shows (the car-posts module owns the table). */
interface CarPostView {
  car_posts: { id: number; token: string; title: string };
}
export type AiQcTablesAll = CoreTables & AiQcTables & CarPostView;
export type AiQcDb = Kysely<AiQcTablesAll>;
export const AI_TEXT_ENTITY = 'ai_text';

/** Each sort key of the filter as its columns (a whitelist: nothing else reaches ORDER BY). */
const SORTS = { created_at: ['t.created_at', 't.id'], reviewed_at: ['t.reviewed_at', 't.id'], change_percent: ['t.change_percent', 't.id'] } as const;

const COLUMNS = [
  't.id', 't.kind', 't.model', 't.inspection_pk', 't.car_post_id', 't.state', 't.version', 't.revision', 't.machine_text', 't.final_text', 't.edited',
  't.changed_words', 't.change_percent', 't.reject_reason', 't.review_note', 't.reviewed_by', 't.reviewed_at', 't.created_at',
] as const;

/** The words a search looks in, as the index of migration 2500 spells them. */
const SEARCH_DOCUMENT = sql`to_tsvector('simple', t.machine_text || ' ' || coalesce(t.final_text, ''))`;

type Row = { inspection_pk: number | null; car_post_id: number | null; kind: AiText['kind']; state: AiText['state']; subject_code: string | null; subject_title: string | null } & Omit<
  AiText,
  'kind_label' | 'state_label' | 'subject_type' | 'subject_id' | 'subject_code' | 'subject_title'
>;

function toText({ inspection_pk, car_post_id, subject_code, subject_title, ...row }: Row): AiText {
  return {
    ...row,
    kind_label: AI_TEXT_KINDS[row.kind],
    state_label: AI_TEXT_STATES[row.state],
    subject_type: inspection_pk !== null ? 'inspection' : 'car_post',
    subject_id: (inspection_pk ?? car_post_id)!,
    subject_code: subject_code ?? '',
    subject_title: subject_title ?? '',
  };
}

const fromTexts = (q: AiQcDb) => q.selectFrom('ai_texts as t');

/** The text's columns with what it describes, for rows already chosen. */
const withSubject = (query: ReturnType<typeof fromTexts>) =>
  query
    .leftJoin('inspections as i', 'i.pk', 't.inspection_pk')
    .leftJoin('car_posts as p', 'p.id', 't.car_post_id')
    .select([...COLUMNS, sql<string | null>`coalesce(i.code, p.token)`.as('subject_code'), sql<string | null>`coalesce(i.brand_model, p.title)`.as('subject_title')]);

/** What a search names: digits (a text's number or an order's code) or a post's token, looked up first. */
type Search = { kind: 'number'; id: number; orders: number[] } | { kind: 'token'; posts: number[] } | { kind: 'words'; text: string };

async function searchOf(q: AiQcDb, search: string): Promise<Search> {
  const text = toLatinDigits(search.trim());
  if (/^\d{1,15}$/.test(text)) {
    const orders = await q.selectFrom('inspections').select('pk').where('code', '=', text).execute();
    return { kind: 'number', id: Number(text), orders: orders.map((o) => o.pk) };
  }
  if (/^[a-z0-9]{6,16}$/i.test(text)) {
    const posts = await q.selectFrom('car_posts').select('id').where('token', '=', text.toLowerCase()).execute();
    return { kind: 'token', posts: posts.map((p) => p.id) };
  }
  return { kind: 'words', text: search };
}

// The subjects are looked up before the list's query, so each branch of a search is an index probe
// (an OR over a subquery read every text on PGlite: 120 ms at 100,000).
function filtered(q: AiQcDb, filter: AiQcListFilter, search: Search | undefined) {
  let query = fromTexts(q);
  const states = effectiveAiTextStates(filter);
  if (states) query = query.where('t.state', 'in', [...states]);
  if (filter.kind) query = query.where('t.kind', '=', filter.kind);
  if (filter.model) query = query.where('t.model', '=', filter.model);
  if (filter.edited !== undefined) query = query.where('t.edited', '=', filter.edited);
  if (filter.createdFrom) query = query.where('t.created_at', '>=', tehranDayRange(filter.createdFrom)[0]);
  if (filter.createdTo) query = query.where('t.created_at', '<', tehranDayRange(filter.createdTo)[1]);
  if (search?.kind === 'number') {
    // Digits: a text's number, or the code of the inspection order it describes.
    const { id, orders } = search;
    query = query.where((eb) => eb.or([eb('t.id', '=', id), ...(orders.length ? [eb('t.inspection_pk', 'in', orders)] : [])]));
  } else if (search?.kind === 'token') {
    // A Latin code: the token of the car post it describes.
    query = search.posts.length ? query.where('t.car_post_id', 'in', search.posts) : query.where(sql<SqlBool>`false`);
  } else if (search?.kind === 'words') {
    // Words (normalised as the texts are): each starts a word of the machine's or the approved text.
    query = query.where(wordsMatch(SEARCH_DOCUMENT, normalizePersian(search.text)));
  }
  return query;
}

/** One page of the list in the upstream's envelope, filtered and sorted in SQL. */
export async function listAiTexts(q: AiQcDb, filter: AiQcListFilter): Promise<AiTextPage> {
  const search = filter.search ? await searchOf(q, filter.search) : undefined;
  const page = await pagedList(filtered(q, filter, search), { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => withSubject(query) }, filter);
  return { ...page, results: page.results.map((row) => toText(row as Row)) };
}

export async function getAiText(q: AiQcDb, id: number): Promise<AiText> {
  const row = await withSubject(fromTexts(q)).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(AI_QC_MESSAGES.notFound);
  return toText(row as Row);
}

/** The queue's next: the oldest text waiting for review other than `after`, within a kind or model. */
export async function nextAiText(q: AiQcDb, input: NextAiTextInput): Promise<AiText | null> {
  let query = fromTexts(q).where('t.state', '=', 'pending');
  if (input.after !== undefined) query = query.where('t.id', '<>', input.after);
  if (input.kind) query = query.where('t.kind', '=', input.kind);
  if (input.model) query = query.where('t.model', '=', input.model);
  const row = await withSubject(query).orderBy('t.created_at').orderBy('t.id').limit(1).executeTakeFirst();
  return row ? toText(row as Row) : null;
}

/** The models that have written texts (the filter's options). */
export function aiModels(q: AiQcDb): Promise<AiModel[]> {
  return q.selectFrom('ai_models').select('name').orderBy('name').execute();
}
