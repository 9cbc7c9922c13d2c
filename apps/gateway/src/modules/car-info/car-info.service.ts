import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  CAR_INFO_MESSAGES,
  FEEDBACK_WORKFLOW,
  type CarInfoDetail,
  type CarInfoEditInput,
  type CarInfoImageInput,
  type CarInfoListFilter,
  type CarInfoNoteInput,
  type CarInfoPage,
  type FeedbackStepInput,
} from '@panel/contracts/car-info';
import { toPersianDigits } from '@panel/contracts/common';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, likeSuffix, pagedList, sortOrder } from '../../db/list-query';
import { badRequest, conflict, notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import { logAction, move, type Actor } from '../../workflow';
import type { CarInfoReadTables } from './car-info.tables';

// اطلاعات خودرو (decision 119): the catalogue's types with how much is told of each, a type's
// information edited (version-checked: a stale save is a Persian 409), images, comments and
// feedbacks (published or hidden by the feedback state table); each change in the action log
// of the type (entity `car_info`).

export type CarInfoDb = Kysely<CarInfoReadTables>;
export const CAR_INFO_ENTITY = 'car_info';

const FULL_NAME = sql<string>`b.name_fa || ' ' || m.name_fa`;
/** By model (the catalogue's order) then type name: (model_id, name_fa) is unique and indexed, so a page is read from the index. */
const SORTS = { name: ['t.model_id', 't.name_fa'], updated_at: ['i.updated_at', 't.id'] } as const;
const count = (table: 'car_info_images' | 'car_info_notes', kind?: 'comment' | 'feedback') =>
  sql<number>`(SELECT count(*)::int FROM ${sql.table(table)} x WHERE x.type_id = t.id ${kind ? sql`AND x.kind = ${kind}` : sql``})`;

const typesWithInfo = (q: CarInfoDb) =>
  q
    .selectFrom('car_types as t')
    .innerJoin('car_models as m', 'm.id', 't.model_id')
    .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
    .leftJoin('car_info as i', 'i.type_id', 't.id');

function withColumns(query: ReturnType<typeof typesWithInfo>) {
  return query.select([
    't.id',
    't.name_fa as type_name',
    'm.id as model_id',
    FULL_NAME.as('full_name'),
    'b.name_fa as brand_name',
    sql<boolean>`coalesce(i.content <> '', false)`.as('has_content'),
    sql<number>`coalesce(cardinality(i.options), 0)`.as('option_count'),
    count('car_info_images').as('image_count'),
    count('car_info_notes', 'comment').as('comment_count'),
    count('car_info_notes', 'feedback').as('feedback_count'),
    'i.updated_at',
  ]);
}

/** The active types of active models, filtered, sorted and paged in SQL (decision 128 for how it stays fast). */
export async function listCarInfo(q: CarInfoDb, filter: CarInfoListFilter): Promise<CarInfoPage> {
  let filtered = typesWithInfo(q).where('t.state', '=', 'active').where('m.state', '=', 'active');
  if (filter.brand) filtered = filtered.where('m.brand_id', '=', filter.brand);
  if (filter.hasInfo === true) filtered = filtered.where('i.type_id', 'is not', null);
  if (filter.hasInfo === false) filtered = filtered.where('i.type_id', 'is', null);
  const order = sortOrder(SORTS, filter.sort, filter.isAscending);
  if (filter.search) {
    // The matched brands and models and the types matched by their own names, as ids from
    // indexes (searched), then counted and paged by the kit. A search of models' names (the
    // usual one) is every type of those models: counted from the per-model counts, paged by model.
    const { brands, models, types } = await searched(q, filter.search);
    // The models' ids on both sides of the join: on the types alone the planner merged them with
    // every model from the first (a 100,000-model catalogue: 19 ms walking car_models' key).
    const ofModels = brands.length
      ? sql<boolean>`(m.brand_id = any(${brands}::int[]) or t.model_id = any(${models}::int[]))`
      : sql<boolean>`(t.model_id = any(${models}::int[]) and m.id = any(${models}::int[]))`;
    if (types.length === 0) {
      if (models.length === 0 && brands.length === 0) return { results: [], count: 0, page: filter.page, pageSize: filter.pageSize };
      const totals = async () => ({ count: (await modelCounts(q, filter, { models, brands })).reduce((sum, m) => sum + m.n, 0) });
      return pagedList(filtered.where(ofModels), { key: 't.id', order, columns: withColumns, totals }, filter);
    }
    // Alone, the ids are an init-plan's array, probed by primary key; as a parameter `= any($ids)`
    // the planner walked every model's types and filtered them by the list (PostgreSQL, 1,111 ids).
    const matched = filtered.where(
      models.length || brands.length ? sql<boolean>`(${ofModels} or t.id = any(${types}::int[]))` : sql<boolean>`t.id = any(array(select unnest(${types}::int[])))`,
    );
    return pagedList(matched, { key: 't.id', order, columns: withColumns }, filter);
  }
  const offset = (filter.page - 1) * filter.pageSize;
  const models = await modelCounts(q, filter);
  const count = models.reduce((sum, m) => sum + m.n, 0);
  const keys = offset >= count ? [] : filter.sort === 'name' ? await byModelKeys(filtered, models, offset, filter) : await byUpdatedKeys(filtered, models, offset, filter);
  const results = keys.length ? await withColumns(typesWithInfo(q).where('t.id', 'in', keys)).orderBy(order).execute() : [];
  return { results, count, page: filter.page, pageSize: filter.pageSize };
}

type Filtered = ReturnType<typeof typesWithInfo>;
interface ModelCount {
  model_id: number;
  n: number;
  without: number;
}

/**
 * The filter's types per active model, in the catalogue's order (migration 2902's counts, kept
 * by triggers): the list's exact count is their sum, a thousand rows instead of a hundred thousand.
 */
async function modelCounts(q: CarInfoDb, filter: CarInfoListFilter, only?: { models: number[]; brands: number[] }): Promise<ModelCount[]> {
  const n = filter.hasInfo === true ? sql<number>`c.with_info` : filter.hasInfo === false ? sql<number>`c.types - c.with_info` : sql<number>`c.types`;
  // Each counted model's state and brand by its key (a lateral probe that OFFSET 0 keeps apart):
  // joined plainly, the planner hashed every model of the catalogue for the thousand counted
  // (PGlite beside 100,000 models: a scan of car_models on every page, decision 136 "Stop 50").
  let query = q
    .selectFrom('car_info_model_counts as c')
    .innerJoinLateral(
      (eb) => eb.selectFrom('car_models as cm').select(['cm.state', 'cm.brand_id']).whereRef('cm.id', '=', 'c.model_id').offset(0).as('m'),
      (join) => join.onTrue(),
    )
    .select(['c.model_id', n.as('n'), sql<number>`c.types - c.with_info`.as('without')])
    .where('m.state', '=', 'active')
    .where(n, '>', 0);
  if (filter.brand) query = query.where('m.brand_id', '=', filter.brand);
  // Without brands the models alone, so the counts are probed by their key (an OR reads them all).
  if (only) query = query.where(only.brands.length ? sql<boolean>`(c.model_id = any(${only.models}::int[]) or m.brand_id = any(${only.brands}::int[]))` : sql<boolean>`c.model_id = any(${only.models}::int[])`);
  return query.orderBy('c.model_id', filter.isAscending ? 'asc' : 'desc').execute();
}

/**
 * By model then name: the page starts in the model its offset falls in, so OFFSET skips at most
 * that model's types, and reads only the models the counts say the page reaches (named on both
 * sides of the join: from a start alone the planner merged the types with every model of the
 * catalogue between, 100,000 of them beside the bench's, decision 136 "Stop 50").
 */
async function byModelKeys(filtered: Filtered, models: ModelCount[], offset: number, filter: CarInfoListFilter): Promise<number[]> {
  let before = 0;
  let first = 0;
  while (first < models.length - 1 && before + models[first]!.n <= offset) before += models[first++]!.n;
  const reached: number[] = [];
  for (let i = first, rows = before - offset; i < models.length && rows < filter.pageSize; i++) {
    reached.push(models[i]!.model_id);
    rows += models[i]!.n;
  }
  const rows = await filtered
    .where(sql<boolean>`(t.model_id = any(${reached}::int[]) and m.id = any(${reached}::int[]))`)
    .select('t.id')
    .orderBy(sortOrder(SORTS, 'name', filter.isAscending))
    .limit(filter.pageSize)
    .offset(offset - before)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * By newest information: `updated_at desc` puts the types without information first (nulls
 * first), by id; then those with it, from `car_info_updated_type_idx`. Ascending, the other way
 * round. The counts say how many come first, so each part is read from its own index.
 */
async function byUpdatedKeys(filtered: Filtered, models: ModelCount[], offset: number, filter: CarInfoListFilter): Promise<number[]> {
  const direction = filter.isAscending ? 'asc' : 'desc';
  const without = filter.hasInfo === true ? 0 : models.reduce((sum, m) => sum + m.without, 0);
  const withInfo = filter.hasInfo === false ? 0 : models.reduce((sum, m) => sum + m.n, 0) - without;
  const parts = [
    { n: without, read: (skip: number, take: number) => filtered.where('i.type_id', 'is', null).select('t.id').orderBy('t.id', direction).limit(take).offset(skip) },
    { n: withInfo, read: (skip: number, take: number) => filtered.where('i.type_id', 'is not', null).select('t.id').orderBy('i.updated_at', direction).orderBy('i.type_id', direction).limit(take).offset(skip) },
  ];
  if (filter.isAscending) parts.reverse();
  const keys: number[] = [];
  let skip = offset;
  for (const part of parts) {
    if (keys.length >= filter.pageSize) break;
    if (skip >= part.n) {
      skip -= part.n;
      continue;
    }
    const rows = await part.read(skip, filter.pageSize - keys.length).execute();
    keys.push(...rows.map((r) => r.id));
    skip = 0;
  }
  return keys;
}

/**
 * What «brand model type» containing the search (ILIKE, as typed or in Persian digits) finds,
 * read from indexes: `brands` whose «brand » holds it (a handful, read whole: every type of
 * theirs matches), `models` whose «brand model » holds it otherwise (every type of theirs
 * matches), and `types` matched otherwise: in the type's name (every suffix of it indexed,
 * migration 2902) or across the names (the part up to a space ends «brand model » and the rest
 * starts the type's). The models are found from the catalogue's suffix index of their names
 * (migration 0607, decision 136) and checked by the ILIKE itself, so the answer is the ILIKE's.
 */
async function searched(q: CarInfoDb, search: string): Promise<{ brands: number[]; models: number[]; types: number[] }> {
  const words = [...new Set([search, toPersianDigits(search)])];
  const brandsWhere = (pattern: string) => q.selectFrom('car_brands as b').select('b.id').where(sql<string>`(b.name_fa || ' ')`, 'ilike', pattern);
  const brands = words.map((word) => brandsWhere(likeContains(word)));
  const models = words.flatMap((word) => modelsHolding(q, brandsWhere, word));
  const types = words.flatMap((word) => {
    const inType = q.selectFrom('car_types as t').select('t.id').where(sql<boolean>`car_info_suffixes(t.name_fa) @@ ${tsPrefix(word)}`);
    const across = spacesIn(word)
      .filter((at) => at < word.length)
      .map((at) =>
        q
          .selectFrom('car_types as t')
          .select('t.id')
          .where('t.model_id', 'in', unionOf(modelsEndingWith(q, brandsWhere, word.slice(0, at))))
          .where('t.name_fa', 'ilike', likePrefix(word.slice(at))),
      );
    return [inType, ...across];
  });
  return q
    .selectNoFrom([sql<number[]>`array(${unionOf(brands)})`.as('brands'), sql<number[]>`array(${unionOf(models)})`.as('models'), sql<number[]>`array(${unionOf(types)})`.as('types')])
    .executeTakeFirstOrThrow();
}

type BrandsWhere = (pattern: string) => SelectQueryBuilder<CarInfoReadTables & { b: CarInfoReadTables['car_brands'] }, 'b', { id: number }>;
/** The positions just after each space of a word. */
const spacesIn = (word: string) => [...word.matchAll(/ /g)].map((space) => space.index + 1);
const unionOf = <T extends { union: (other: never) => T }>(parts: T[]) => parts.slice(1).reduce((sum, part) => sum.union(part as never), parts[0]!);
const MODEL_NAME = sql<string>`(b.name_fa || ' ' || m.name_fa || ' ')`;
/** Models whose name's suffixes (migration 0607) answer `lexeme` (each `candidates` a query), kept where «brand model » matches `pattern`. */
const modelsWhere = (q: CarInfoDb, candidates: { lexeme: RawBuilder<unknown>; brands?: ReturnType<BrandsWhere> }[], pattern: string) =>
  candidates.map(({ lexeme, brands }) => {
    let query = q
      .selectFrom('car_models as m')
      .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
      .select('m.id')
      .where(sql<boolean>`catalogue_suffixes(m.name_fa) @@ ${lexeme}`)
      .where(MODEL_NAME, 'ilike', pattern);
    if (brands) query = query.where('m.brand_id', 'in', brands);
    return query;
  });

/**
 * Models whose «brand model » holds `word` (the search, trimmed: it neither starts nor ends with
 * a space) and not within «brand » alone: in the model's name (a suffix of the name starts with
 * it), or from the brand's end into the model's name (the part up to a space ends «brand », the
 * rest starts the name).
 */
function modelsHolding(q: CarInfoDb, brandsWhere: BrandsWhere, word: string) {
  const fromBrand = spacesIn(word)
    .filter((at) => at < word.length)
    .map((at) => ({ lexeme: tsPrefix(word.slice(at)), brands: brandsWhere(likeSuffix(word.slice(0, at))) }));
  return modelsWhere(q, [{ lexeme: tsPrefix(word) }, ...fromBrand], likeContains(word));
}

/**
 * Models whose «brand model » ends with `part` (a word's part up to one of its spaces): the name
 * ends with it (less the space: a suffix of the name is exactly it), or it starts in «brand » and
 * the rest is the whole name.
 */
function modelsEndingWith(q: CarInfoDb, brandsWhere: BrandsWhere, part: string) {
  const name = part.slice(0, -1);
  const fromBrand = spacesIn(name)
    .filter((at) => at < name.length)
    .map((at) => ({ lexeme: tsExact(name.slice(at)), brands: brandsWhere(likeSuffix(name.slice(0, at))) }));
  return modelsWhere(q, [{ lexeme: tsExact(name) }, ...fromBrand], likeSuffix(part));
}

/** A tsquery of one lower-cased lexeme (as ILIKE lowers) matched as a prefix, quoted so nothing typed is an operator. */
const tsPrefix = (text: string) => tsLexeme(text, ':*');
/** A tsquery of one lower-cased lexeme matched whole. */
const tsExact = (text: string) => tsLexeme(text, '');
const tsLexeme = (text: string, suffix: string) => sql`(${"'"} || replace(replace(lower(${text}), '\\', '\\\\'), '''', '''''') || ${`'${suffix}`})::tsquery`;

export async function carInfoDetail(q: CarInfoDb, id: number): Promise<CarInfoDetail> {
  const row = await withColumns(typesWithInfo(q).where('t.id', '=', id))
    .select([sql<string>`coalesce(i.content, '')`.as('content'), sql<string[]>`coalesce(i.options, '{}')`.as('options'), sql<number>`coalesce(i.version, 0)`.as('version'), 'i.updated_by'])
    .executeTakeFirst();
  if (!row) throw notFound(CAR_INFO_MESSAGES.notFound);
  const [images, notes] = await Promise.all([
    q.selectFrom('car_info_images').select(['id', 'media_id', 'caption', 'created_by', 'created_at']).where('type_id', '=', id).orderBy('id').execute(),
    q.selectFrom('car_info_notes').select(['id', 'kind', 'author', 'body', 'rating', 'state', 'version', 'created_at']).where('type_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute(),
  ]);
  return { ...row, images: images.map((i) => ({ ...i, url: mediaUrl(i.media_id) })), notes };
}

export function carInfoActions(db: Db) {
  const inTx = <T>(work: (q: CarInfoDb, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>) => db.transaction((tx) => work(kyselyOf<CarInfoReadTables>(tx), tx));
  /** The type, locked: every change of its information is decided under this lock. */
  const lockedType = async (q: CarInfoDb, id: number) => {
    const type = await q.selectFrom('car_types').select(['id', 'name_fa']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!type) throw notFound(CAR_INFO_MESSAGES.notFound);
    return type;
  };

  return {
    /** Saves the contents and options; `version` 0 is "nothing saved yet" (two first saves at once: one wins). */
    edit: (actor: Actor, input: CarInfoEditInput & { options: string[]; content: string; version: number; id: number }) =>
      inTx(async (q, tx) => {
        await lockedType(q, input.id);
        const row = await q.selectFrom('car_info').select(['version', 'options']).where('type_id', '=', input.id).executeTakeFirst();
        if ((row?.version ?? 0) !== input.version) throw conflict(CAR_INFO_MESSAGES.stale);
        if (row) {
          await q.updateTable('car_info').set({ content: input.content, options: input.options, version: row.version + 1, updated_by: actor.username, updated_at: sql<string>`now()` }).where('type_id', '=', input.id).execute();
        } else {
          await q.insertInto('car_info').values({ type_id: input.id, content: input.content, options: input.options, updated_by: actor.username }).execute();
        }
        const added = input.options.filter((o) => !(row?.options ?? []).includes(o));
        const removed = (row?.options ?? []).filter((o) => !input.options.includes(o));
        await logAction(tx, { entity: CAR_INFO_ENTITY, entityId: input.id, action: 'edit', actor, reason: [added.length ? `آپشن‌های افزوده: ${added.join('، ')}` : '', removed.length ? `آپشن‌های برداشته: ${removed.join('، ')}` : ''].filter(Boolean).join(' — '), details: { added, removed } });
        return { id: input.id, message: CAR_INFO_MESSAGES.saved };
      }),

    addImage: (actor: Actor, input: CarInfoImageInput) =>
      inTx(async (q, tx) => {
        await lockedType(q, input.id);
        const media = await q.selectFrom('media').select(['id', 'content_type', 'name']).where('id', '=', input.media_id).executeTakeFirst();
        if (!media) throw badRequest({ media_id: [CAR_INFO_MESSAGES.noMedia] });
        if (!media.content_type.startsWith('image/')) throw badRequest({ media_id: [CAR_INFO_MESSAGES.notImage] });
        const row = await q.insertInto('car_info_images').values({ type_id: input.id, media_id: media.id, caption: input.caption, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: CAR_INFO_ENTITY, entityId: input.id, action: 'add_image', actor, reason: input.caption || media.name });
        return { id: row.id, message: CAR_INFO_MESSAGES.imageAdded };
      }),

    removeImage: (actor: Actor, id: number) =>
      inTx(async (q, tx) => {
        const row = await q.deleteFrom('car_info_images').where('id', '=', id).returning(['type_id', 'caption']).executeTakeFirst();
        if (!row) throw notFound(CAR_INFO_MESSAGES.imageNotFound);
        await logAction(tx, { entity: CAR_INFO_ENTITY, entityId: row.type_id, action: 'remove_image', actor, reason: row.caption });
        return { id, message: CAR_INFO_MESSAGES.imageRemoved };
      }),

    addNote: (actor: Actor, input: CarInfoNoteInput & { id: number; kind: 'comment' | 'feedback'; body: string; author: string; rating: number | null }) =>
      inTx(async (q, tx) => {
        await lockedType(q, input.id);
        const row = await q
          .insertInto('car_info_notes')
          .values({
            type_id: input.id,
            kind: input.kind,
            author: input.kind === 'comment' ? actor.fullname || actor.username : input.author,
            body: input.body,
            rating: input.kind === 'feedback' ? input.rating : null,
            state: input.kind === 'comment' ? 'published' : 'new',
            created_by: actor.username,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: CAR_INFO_ENTITY, entityId: input.id, action: `add_${input.kind}`, actor, details: { note: row.id } });
        return { id: row.id, message: CAR_INFO_MESSAGES.noteAdded[input.kind] };
      }),

    stepFeedback: (actor: Actor, input: FeedbackStepInput) =>
      inTx(async (q, tx) => {
        const note = await q.selectFrom('car_info_notes').selectAll().where('id', '=', input.id).where('kind', '=', 'feedback').forUpdate().executeTakeFirst();
        if (!note) throw notFound(CAR_INFO_MESSAGES.noteNotFound);
        if (note.version !== input.version) throw conflict(CAR_INFO_MESSAGES.stale);
        const state = await move(tx, FEEDBACK_WORKFLOW, { entity: 'car_info_feedback', entityId: note.id, action: input.action, from: note.state, actor, reason: input.reason });
        await q.updateTable('car_info_notes').set({ state, version: note.version + 1 }).where('id', '=', note.id).execute();
        await logAction(tx, { entity: CAR_INFO_ENTITY, entityId: note.type_id, action: `${input.action}_feedback`, from: note.state, to: state, actor, reason: input.reason, details: { note: note.id } });
        return { id: note.id, message: CAR_INFO_MESSAGES.moved[input.action] };
      }),
  };
}
