import { sql } from 'kysely';
import {
  BRAND_WORKFLOW,
  CATALOGUE_MESSAGES,
  MODEL_WORKFLOW,
  TYPE_WORKFLOW,
  normalizeExternalName,
  referenceLabel,
  type BrandEditInput,
  type BrandMergeInput,
  type BrandInput,
  type BrandModelSelection,
  type CatalogueModelsFilter,
  type CatalogueOutcome,
  type EntryStepInput,
  type FileInput,
  type ManagedBrand,
  type ManagedModel,
  type ManagedModelPage,
  type MappingInput,
  type Merge,
  type MergeLevel,
  type MergeInput,
  type MergeOutcome,
  type ModelDetail,
  type ModelEditInput,
  type ModelInput,
  type ModelStepInput,
  type NameMapping,
  type ResolveNameInput,
  type SelectionInput,
  type TypeEditInput,
  type TypeInput,
} from '@panel/contracts/brand-models';
import { toPersianDigits, type Workflow } from '@panel/contracts/common';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import type { MediaTable } from '../../db/core-tables';
import { badRequest, conflict, notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import { logAction, move, type Actor } from '../../workflow';
import type { BrandModelsTables } from './brand-models.tables';
import { BRAND_LEVEL, MODEL_LEVEL, modelUsage, moveReferences, moveReferencesBack, type MergeRule } from './catalogue-merge';

// The catalogue's write side (decision 119): brands, models, types, files and external names,
// each change in one transaction with the row locked and its version checked (a stale edit is
// a Persian 409), each written to the action log under the model (or brand) it belongs to.

type Tables = BrandModelsTables & { media: MediaTable };
export type ManageDb = ReturnType<typeof kyselyOf<Tables>>;

export const BRAND_ENTITY = 'car_brand';
export const MODEL_ENTITY = 'car_model';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A unique key refused the change: the Persian message beside the field that clashed. */
async function unique<T>(work: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ [field]: [message] });
    throw error;
  }
}

// ---- reads ----------------------------------------------------------------------------------

const FULL_NAME = sql<string>`b.name_fa || ' ' || m.name_fa`;
const logoUrl = (column: 'm.logo_media_id' | 'b.logo_media_id') => sql<string | null>`CASE WHEN ${sql.ref(column)} IS NULL THEN NULL ELSE '/api/media/' || ${sql.ref(column)} || '/' END`;

/** By brand (in the catalogue's order) then model name: (brand_id, name_fa) is unique and indexed, so a page is read from the index at any depth. */
const MODEL_SORTS = { name: ['m.brand_id', 'm.name_fa'], updated_at: ['m.updated_at', 'm.id'], year_from: ['m.year_from', 'm.id'] } as const;

/** The models alone: the list counts and orders them without a join (the brand is looked up for the page only). */
const modelsOnly = (q: ManageDb) => q.selectFrom('car_models as m');

/** A model's columns on rows of `modelsOnly` (the list's page, one model). */
function withModelColumns(query: ReturnType<typeof modelsOnly>) {
  return query
    .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
    .leftJoin('car_models as tm', 'tm.id', 'm.merged_into')
    .leftJoin('car_brands as tb', 'tb.id', 'tm.brand_id')
    .select([
      'm.id as model_id',
      'm.name_fa as model_name',
      'm.name_en as model_name_en',
      'b.id as brand_id',
      'b.name_fa as brand_name',
      FULL_NAME.as('full_name'),
      'm.body_type',
      'm.vehicle_type',
      'm.year_from',
      'm.year_to',
      'm.is_imported',
      'm.state',
      'm.merged_into',
      sql<string | null>`tb.name_fa || ' ' || tm.name_fa`.as('merged_into_name'),
      'm.logo_media_id',
      logoUrl('m.logo_media_id').as('logo_url'),
      'm.version',
      'm.updated_at',
    ])
    .select((eb) => eb.selectFrom('car_types as t').whereRef('t.model_id', '=', 'm.id').select(sql<number>`count(*)::int`.as('n')).as('type_count'));
}

const withCount = <R extends { type_count: number | null }>(row: R) => ({ ...row, type_count: Number(row.type_count ?? 0) });

/** The management list: every model whatever its state, filtered, sorted and paged in SQL. */
export async function listManagedModels(q: ManageDb, filter: CatalogueModelsFilter): Promise<ManagedModelPage> {
  let filtered = modelsOnly(q);
  if (filter.search) {
    const text = filter.search;
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('car_brands as b')
          .select(sql.lit(1).as('one'))
          .whereRef('b.id', '=', 'm.brand_id')
          .where((inner) =>
            inner.or([
              inner(FULL_NAME, 'ilike', likeContains(toPersianDigits(text))),
              inner(FULL_NAME, 'ilike', likeContains(text)),
              inner(sql<string>`b.name_en || ' ' || m.name_en`, 'ilike', likeContains(text)),
            ]),
          ),
      ),
    );
  }
  if (filter.brand) filtered = filtered.where('m.brand_id', '=', filter.brand);
  if (filter.state) filtered = filtered.where('m.state', '=', filter.state);
  const page = await pagedList(
    filtered,
    {
      key: 'm.id',
      order: sortOrder(MODEL_SORTS, filter.sort, filter.isAscending),
      columns: withModelColumns,
    },
    filter,
  );
  return { ...page, results: page.results.map(withCount) as ManagedModel[] };
}

async function managedModel(q: ManageDb, id: number): Promise<ManagedModel> {
  const row = await withModelColumns(modelsOnly(q).where('m.id', '=', id)).executeTakeFirst();
  if (!row) throw notFound(CATALOGUE_MESSAGES.modelNotFound);
  return withCount(row) as ManagedModel;
}

function mappings(q: ManageDb) {
  return q
    .selectFrom('car_name_mappings as n')
    .innerJoin('car_models as m', 'm.id', 'n.model_id')
    .innerJoin('car_brands as b', 'b.id', 'm.brand_id')
    .select(['n.id', 'n.source', 'n.external_name', 'n.model_id', FULL_NAME.as('model_name'), 'n.created_by', 'n.created_at']);
}

const MERGE_COLUMNS = ['id', 'level', 'source_model_id', 'target_model_id', 'source_brand_id', 'target_brand_id', 'source_name', 'target_name', 'state', 'moved', 'reason', 'created_by', 'created_at', 'undone_by', 'undone_at'] as const;

/** One model with its types, external names, files, what points at it, and the merge that retired it. */
export async function modelDetail(db: Db, id: number): Promise<ModelDetail> {
  const q = kyselyOf<Tables>(db);
  const model = await managedModel(q, id);
  const [types, names, files, usage, openMerge] = await Promise.all([
    q.selectFrom('car_types').selectAll().where('model_id', '=', id).orderBy('state').orderBy('name_fa').execute(),
    mappings(q).where('n.model_id', '=', id).orderBy('n.source').orderBy('n.external_name').execute(),
    q
      .selectFrom('car_catalogue_files as f')
      .innerJoin('media as md', 'md.id', 'f.media_id')
      .select(['f.id', 'f.media_id', 'f.kind', 'md.name'])
      .where('f.model_id', '=', id)
      .orderBy('f.id')
      .execute(),
    modelUsage(db, id),
    q.selectFrom('catalogue_merges').select(MERGE_COLUMNS).where('source_model_id', '=', id).where('state', '=', 'done').executeTakeFirst(),
  ]);
  return {
    ...model,
    types,
    mappings: names,
    files: files.map((f) => ({ ...f, url: mediaUrl(f.media_id) })),
    usage: usage.map((u) => ({ ...u, label: referenceLabel(u.table) })),
    open_merge: (openMerge as Merge | undefined) ?? null,
  };
}

export async function listManagedBrands(q: ManageDb): Promise<ManagedBrand[]> {
  const rows = await q
    .selectFrom('car_brands as b')
    .select(['b.id as brand_id', 'b.name_fa as brand_name', 'b.name_en as brand_name_en', 'b.state', 'b.merged_into', 'b.logo_media_id', 'b.version', sql<string | null>`coalesce(${logoUrl('b.logo_media_id')}, b.logo_url)`.as('logo_url')])
    .select((eb) => eb.selectFrom('catalogue_merges as g').whereRef('g.source_brand_id', '=', 'b.id').where('g.state', '=', 'done').select('g.id').as('open_merge_id'))
    .select((eb) => eb.selectFrom('car_models as m').whereRef('m.brand_id', '=', 'b.id').where('m.state', '<>', 'merged').select(sql<number>`count(*)::int`.as('n')).as('model_count'))
    .orderBy('b.name_fa')
    .execute();
  return rows.map((r) => ({ ...r, model_count: Number(r.model_count ?? 0), open_merge_id: r.open_merge_id ?? null }));
}

export async function listMerges(q: ManageDb): Promise<Merge[]> {
  return (await q.selectFrom('catalogue_merges').select(MERGE_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(50).execute()) as Merge[];
}

/** Which active model an external name maps to today: a merged model leads to the one it joined. */
export async function resolveName(q: ManageDb, input: ResolveNameInput): Promise<NameMapping & { resolved_model_id: number; resolved_name: string }> {
  const mapping = await mappings(q).where('n.source', '=', input.source).where('n.normalized', '=', normalizeExternalName(input.name)).executeTakeFirst();
  if (!mapping) throw notFound(CATALOGUE_MESSAGES.noName);
  let current = await managedModel(q, mapping.model_id);
  for (let hops = 0; current.merged_into !== null && hops < 20; hops += 1) current = await managedModel(q, current.merged_into);
  return { ...mapping, resolved_model_id: current.model_id, resolved_name: current.full_name };
}

/** The §3 brand-model selection of a brand or a model: names, logo and file addresses. */
export async function selection(q: ManageDb, input: SelectionInput): Promise<BrandModelSelection> {
  if (input.model_id !== undefined) {
    const model = await managedModel(q, input.model_id);
    const brand = await q.selectFrom('car_brands').select(['logo_media_id', 'logo_url']).where('id', '=', model.brand_id).executeTakeFirstOrThrow();
    const files = await q.selectFrom('car_catalogue_files').select(['media_id', 'kind']).where('model_id', '=', model.model_id).orderBy('id').execute();
    return {
      level: 'model',
      brand_id: model.brand_id,
      brand_name: model.brand_name,
      model_id: model.model_id,
      model_name: model.model_name,
      file_urls: files.filter((f) => f.kind === 'file').map((f) => mediaUrl(f.media_id)),
      other_file_urls: files.filter((f) => f.kind === 'other').map((f) => mediaUrl(f.media_id)),
      logo_url: model.logo_url ?? (brand.logo_media_id ? mediaUrl(brand.logo_media_id) : brand.logo_url),
    };
  }
  const brand = await q.selectFrom('car_brands').selectAll().where('id', '=', input.brand_id!).executeTakeFirst();
  if (!brand) throw notFound(CATALOGUE_MESSAGES.brandNotFound);
  const files = await q.selectFrom('car_catalogue_files').select(['media_id', 'kind']).where('brand_id', '=', brand.id).orderBy('id').execute();
  return {
    level: 'brand',
    brand_id: brand.id,
    brand_name: brand.name_fa,
    model_id: null,
    model_name: null,
    file_urls: files.filter((f) => f.kind === 'file').map((f) => mediaUrl(f.media_id)),
    other_file_urls: files.filter((f) => f.kind === 'other').map((f) => mediaUrl(f.media_id)),
    logo_url: brand.logo_media_id ? mediaUrl(brand.logo_media_id) : brand.logo_url,
  };
}

// ---- changes --------------------------------------------------------------------------------

/** A logo is an image of the media store. */
async function checkLogo(q: ManageDb, mediaId: number | null): Promise<void> {
  if (mediaId === null) return;
  const media = await q.selectFrom('media').select('content_type').where('id', '=', mediaId).executeTakeFirst();
  if (!media) throw badRequest({ logo_media_id: [CATALOGUE_MESSAGES.noMedia] });
  if (!media.content_type.startsWith('image/')) throw badRequest({ logo_media_id: [CATALOGUE_MESSAGES.notImage] });
}

/** Old names made external names (source «نام پیشین در فهرست») of the models they now lead to; a spelling already mapped is left as it is. Answers the ids made. */
async function catalogueAliases(q: ManageDb, actor: Actor, names: { name: string; model: number }[]): Promise<number[]> {
  if (!names.length) return [];
  const rows = await q
    .insertInto('car_name_mappings')
    .values(names.map((n) => ({ source: 'catalogue' as const, external_name: n.name, normalized: normalizeExternalName(n.name), model_id: n.model, created_by: actor.username })))
    .onConflict((oc) => oc.columns(['source', 'normalized']).doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const stale = (row: { version: number }, version: number) => {
  if (row.version !== version) throw conflict(CATALOGUE_MESSAGES.stale);
};

export function catalogueActions(db: Db) {
  const inTx = <T>(work: (q: ManageDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<Tables>(tx), tx));

  async function lockedBrand(q: ManageDb, id: number) {
    const row = await q.selectFrom('car_brands').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(CATALOGUE_MESSAGES.brandNotFound);
    return row;
  }
  async function lockedModel(q: ManageDb, id: number) {
    const row = await q.selectFrom('car_models').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(CATALOGUE_MESSAGES.modelNotFound);
    return row;
  }
  async function lockedType(q: ManageDb, id: number) {
    const row = await q.selectFrom('car_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(CATALOGUE_MESSAGES.typeNotFound);
    return row;
  }
  const fullName = async (q: ManageDb, modelId: number) =>
    (await q.selectFrom('car_models as m').innerJoin('car_brands as b', 'b.id', 'm.brand_id').select(FULL_NAME.as('n')).where('m.id', '=', modelId).executeTakeFirstOrThrow()).n;
  /** Something is added to a model only while it is active. */
  const activeModel = async (q: ManageDb, id: number) => {
    const row = await lockedModel(q, id);
    if (row.state !== 'active') throw conflict(CATALOGUE_MESSAGES.modelNotActive);
    return row;
  };

  /** Two entries locked in id order, so two merges of the same pair at once cannot deadlock; answered as (source, target). */
  async function lockPair<K extends MergeKind>(q: ManageDb, kind: K, sourceId: number, targetId: number) {
    const [first, second] = sourceId < targetId ? [sourceId, targetId] : [targetId, sourceId];
    const locked = [await kind.lock(q, first), await kind.lock(q, second)];
    return [locked.find((e) => e.id === sourceId)!, locked.find((e) => e.id === targetId)!] as const;
  }

  /** A merge of two models or two brands: locked, version-checked, moved by the state table, what moved recorded and logged. */
  const merge = (kind: MergeKind, actor: Actor, input: MergeInput | BrandMergeInput): Promise<MergeOutcome> =>
    inTx(async (q, tx) => {
      if (input.id === input.target_id) throw badRequest({ target_id: [kind.self] });
      const [source, target] = await lockPair(q, kind, input.id, input.target_id);
      stale(source, input.version);
      const sourceName = await kind.name(q, source.id);
      const targetName = await kind.name(q, target.id);
      const state = await move(tx, kind.workflow, { entity: kind.entity, entityId: source.id, name: sourceName, action: 'merge', from: source.state, actor, reason: input.reason, details: { into: target.id } });
      if (target.state !== 'active') throw conflict(kind.targetNotActive);
      const record = await q
        .insertInto('catalogue_merges')
        .values({ level: kind.code, ...mergeColumns(kind.code, source.id, target.id), source_name: sourceName, target_name: targetName, reason: input.reason, created_by: actor.username, undone_by: null, undone_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const moved = await moveReferences(tx, kind.level, record.id, source.id, target.id);
      const aliases = await kind.aliases(q, actor, { mergeId: record.id, sourceName, target: target.id });
      await q.updateTable('catalogue_merges').set({ moved: JSON.stringify(moved) as never, alias_ids: aliases }).where('id', '=', record.id).execute();
      await tx.query(`UPDATE ${kind.level.table} SET state = $1, merged_into = $2, version = version + 1, updated_at = now() WHERE id = $3`, [state, target.id, source.id]);
      await tx.query(`UPDATE ${kind.level.table} SET version = version + 1, updated_at = now() WHERE id = $1`, [target.id]);
      await kind.afterMove?.(tx, record.id, target.id);
      const total = Object.values(moved).reduce((a, b) => a + b, 0);
      await logAction(tx, { entity: kind.entity, entityId: target.id, action: 'absorb', actor, reason: `«${sourceName}» در این ${kind.workflow.noun} ادغام شد`, details: { merge: record.id, moved } });
      const row = (await q.selectFrom('catalogue_merges').select(MERGE_COLUMNS).where('id', '=', record.id).executeTakeFirstOrThrow()) as Merge;
      return { ...row, message: kind.merged(total) };
    });

  interface MergeKind {
    code: MergeLevel;
    level: MergeRule;
    workflow: typeof MODEL_WORKFLOW | typeof BRAND_WORKFLOW;
    entity: string;
    lock: (q: ManageDb, id: number) => Promise<{ id: number; state: 'active' | 'retired' | 'merged'; version: number }>;
    name: (q: ManageDb, id: number) => Promise<string>;
    self: string;
    targetNotActive: string;
    merged: (moved: number) => string;
    /** The external names that keep a look-up by the old names landing (made after the rows moved; removed by the undo); answers their ids. */
    aliases: (q: ManageDb, actor: Actor, merge: { mergeId: number; sourceName: string; target: number }) => Promise<number[]>;
    /** After rows moved (either way): what the move means for them beyond the pointer. */
    afterMove?: (tx: Queryable, mergeId: number, owner: number) => Promise<void>;
    /** A refusal of an undo beyond the state table. */
    beforeUndo?: (q: ManageDb, source: { id: number }) => Promise<void>;
  }

  /** A merge record names its two entries in the columns of its level; the other level's stay empty. */
  const mergeColumns = (code: MergeLevel, source: number, target: number) => ({
    source_model_id: code === 'model' ? source : null,
    target_model_id: code === 'model' ? target : null,
    source_brand_id: code === 'brand' ? source : null,
    target_brand_id: code === 'brand' ? target : null,
  });
  const mergedPair = (code: MergeLevel, r: { source_model_id: number | null; target_model_id: number | null; source_brand_id: number | null; target_brand_id: number | null }) =>
    (code === 'model' ? [r.source_model_id!, r.target_model_id!] : [r.source_brand_id!, r.target_brand_id!]) as [number, number];

  const MODEL_MERGE: MergeKind = {
    code: 'model',
    level: MODEL_LEVEL,
    workflow: MODEL_WORKFLOW,
    entity: MODEL_ENTITY,
    lock: lockedModel,
    name: fullName,
    self: CATALOGUE_MESSAGES.mergeSelf,
    targetNotActive: CATALOGUE_MESSAGES.modelNotActive,
    merged: CATALOGUE_MESSAGES.merged,
    // The merged model's own name becomes an external name of the one kept, so a look-up by it still finds a car.
    aliases: (q, actor, { sourceName, target }) => catalogueAliases(q, actor, [{ name: sourceName, model: target }]),
    // A model of a merged brand comes back only with its brand (decision 127).
    beforeUndo: async (q, source) => {
      const brand = await q.selectFrom('car_models as m').innerJoin('car_brands as b', 'b.id', 'm.brand_id').select('b.state').where('m.id', '=', source.id).executeTakeFirstOrThrow();
      if (brand.state === 'merged') throw conflict(CATALOGUE_MESSAGES.undoBrandMerged);
    },
  };

  const BRAND_MERGE: MergeKind = {
    code: 'brand',
    level: BRAND_LEVEL,
    workflow: BRAND_WORKFLOW,
    entity: BRAND_ENTITY,
    lock: lockedBrand,
    name: async (q, id) => (await q.selectFrom('car_brands').select('name_fa').where('id', '=', id).executeTakeFirstOrThrow()).name_fa,
    self: CATALOGUE_MESSAGES.brandMergeSelf,
    targetNotActive: CATALOGUE_MESSAGES.brandNotActive,
    merged: CATALOGUE_MESSAGES.brandMerged,
    // Each moved model's old full name («هیوندائی سوناتا») becomes an external name of it, so a look-up by it still lands (decision 131).
    aliases: async (q, actor, { mergeId, sourceName }) => {
      const moved = await q
        .selectFrom('car_models as m')
        .select(['m.id', 'm.name_fa'])
        .where(sql<boolean>`m.id IN (SELECT (row_key->>'id')::int FROM catalogue_merge_moves WHERE merge_id = ${mergeId} AND table_name = 'car_models')`)
        .orderBy('m.id')
        .execute();
      return catalogueAliases(q, actor, moved.map((m) => ({ name: `${sourceName} ${m.name_fa}`, model: m.id })));
    },
    // A model that changed brand changed its full name: an edit opened before is stale.
    afterMove: async (tx, mergeId, owner) => {
      await tx.query(
        `UPDATE car_models SET version = version + 1, updated_at = now()
          WHERE brand_id = $2 AND id IN (SELECT (row_key->>'id')::int FROM catalogue_merge_moves WHERE merge_id = $1 AND table_name = 'car_models')`,
        [mergeId, owner],
      );
    },
  };

  /** Retire or restore a brand or a model: locked, version-checked, moved by its state table. */
  function step<S extends string, A extends string>(
    table: 'car_brands' | 'car_models',
    workflow: Workflow<S, A>,
    entity: string,
    lock: (q: ManageDb, id: number) => Promise<{ id: number; name_fa: string; state: S; version: number }>,
    actor: Actor,
    input: { id: number; version: number; action: A; reason: string },
  ): Promise<CatalogueOutcome> {
    return inTx(async (q, tx) => {
      const row = await lock(q, input.id);
      stale(row, input.version);
      const state = await move(tx, workflow, { entity, entityId: row.id, name: row.name_fa, action: input.action, from: row.state, actor, reason: input.reason });
      await tx.query(`UPDATE ${table} SET state = $1, version = version + 1, updated_at = now() WHERE id = $2`, [state, row.id]);
      return { id: row.id, message: CATALOGUE_MESSAGES.saved };
    });
  }

  return {
    createBrand: (actor: Actor, input: BrandInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        await checkLogo(q, input.logo_media_id);
        const row = await unique(
          () => q.insertInto('car_brands').values({ name_fa: input.name_fa, name_en: input.name_en, logo_media_id: input.logo_media_id, logo_url: null }).returning('id').executeTakeFirstOrThrow(),
          'name_fa',
          CATALOGUE_MESSAGES.brandTaken,
        );
        await logAction(tx, { entity: BRAND_ENTITY, entityId: row.id, action: 'create', to: 'active', actor, details: { name: input.name_fa } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.brand };
      }),

    editBrand: (actor: Actor, input: BrandEditInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await lockedBrand(q, input.id);
        stale(row, input.version);
        await checkLogo(q, input.logo_media_id);
        await unique(
          () =>
            q
              .updateTable('car_brands')
              .set({ name_fa: input.name_fa, name_en: input.name_en, logo_media_id: input.logo_media_id, version: row.version + 1, updated_at: sql<string>`now()` })
              .where('id', '=', row.id)
              .execute(),
          'name_fa',
          CATALOGUE_MESSAGES.brandTaken,
        );
        const renamed = row.name_fa !== input.name_fa ? `از «${row.name_fa}» به «${input.name_fa}»` : '';
        await logAction(tx, { entity: BRAND_ENTITY, entityId: row.id, action: 'edit', actor, reason: renamed, details: { name_fa: [row.name_fa, input.name_fa], logo: input.logo_media_id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.saved };
      }),

    stepBrand: (actor: Actor, input: EntryStepInput): Promise<CatalogueOutcome> => step('car_brands', BRAND_WORKFLOW, BRAND_ENTITY, lockedBrand, actor, input),

    createModel: (actor: Actor, input: ModelInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const brand = await lockedBrand(q, input.brand_id);
        if (brand.state !== 'active') throw badRequest({ brand_id: [CATALOGUE_MESSAGES.brandRetired] });
        await checkLogo(q, input.logo_media_id);
        const row = await unique(
          () =>
            q
              .insertInto('car_models')
              .values({
                brand_id: input.brand_id,
                name_fa: input.name_fa,
                name_en: input.name_en,
                body_type: input.body_type,
                vehicle_type: input.vehicle_type,
                year_from: input.year_from,
                year_to: input.year_to,
                is_imported: input.is_imported,
                logo_media_id: input.logo_media_id,
                merged_into: null,
              })
              .returning('id')
              .executeTakeFirstOrThrow(),
          'name_fa',
          CATALOGUE_MESSAGES.modelTaken,
        );
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.id, action: 'create', to: 'active', actor, details: { name: `${brand.name_fa} ${input.name_fa}` } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.model };
      }),

    editModel: (actor: Actor, input: ModelEditInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await lockedModel(q, input.id);
        stale(row, input.version);
        if (row.state === 'merged') throw conflict(CATALOGUE_MESSAGES.modelNotActive);
        if (input.brand_id !== row.brand_id) {
          const brand = await lockedBrand(q, input.brand_id);
          if (brand.state !== 'active') throw badRequest({ brand_id: [CATALOGUE_MESSAGES.brandRetired] });
        }
        await checkLogo(q, input.logo_media_id);
        const before = await fullName(q, row.id);
        await unique(
          () =>
            q
              .updateTable('car_models')
              .set({
                brand_id: input.brand_id,
                name_fa: input.name_fa,
                name_en: input.name_en,
                body_type: input.body_type,
                vehicle_type: input.vehicle_type,
                year_from: input.year_from,
                year_to: input.year_to,
                is_imported: input.is_imported,
                logo_media_id: input.logo_media_id,
                version: row.version + 1,
                updated_at: sql<string>`now()`,
              })
              .where('id', '=', row.id)
              .execute(),
          'name_fa',
          CATALOGUE_MESSAGES.modelTaken,
        );
        const after = await fullName(q, row.id);
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.id, action: 'edit', actor, reason: before !== after ? `از «${before}» به «${after}»` : '', details: { before, after } });
        return { id: row.id, message: CATALOGUE_MESSAGES.saved };
      }),

    stepModel: (actor: Actor, input: ModelStepInput): Promise<CatalogueOutcome> => step('car_models', MODEL_WORKFLOW, MODEL_ENTITY, lockedModel, actor, input),

    /** Merges the duplicate model `input.id` into `input.target_id`: everything that pointed at it follows (decision 119). */
    merge: (actor: Actor, input: MergeInput): Promise<MergeOutcome> => merge(MODEL_MERGE, actor, input),

    /** Merges the duplicate brand `input.id` into `input.target_id`: its models and everything else that pointed at it follow (decision 127). */
    mergeBrand: (actor: Actor, input: BrandMergeInput): Promise<MergeOutcome> => merge(BRAND_MERGE, actor, input),

    /** Undoes merge `mergeId` (of two models or two brands): the rows it moved go back, the merged entry is active again. */
    undoMerge: (actor: Actor, mergeId: number): Promise<MergeOutcome> =>
      inTx(async (q, tx) => {
        const record = await q.selectFrom('catalogue_merges').selectAll().where('id', '=', mergeId).forUpdate().executeTakeFirst();
        if (!record) throw notFound(CATALOGUE_MESSAGES.mergeNotFound);
        const kind = record.level === 'brand' ? BRAND_MERGE : MODEL_MERGE;
        const [source, target] = await lockPair(q, kind, ...mergedPair(kind.code, record));
        if (record.state === 'undone') throw conflict(CATALOGUE_MESSAGES.undoDone);
        const state = await move(tx, kind.workflow, { entity: kind.entity, entityId: source.id, name: record.source_name, action: 'unmerge', from: source.state, actor, details: { from: target.id, merge: record.id } });
        if (target.state === 'merged') throw conflict(CATALOGUE_MESSAGES.undoTargetMerged);
        await kind.beforeUndo?.(q, source);
        const back = await moveReferencesBack(tx, kind.level, record.id, source.id, target.id);
        if (record.alias_ids.length) await q.deleteFrom('car_name_mappings').where('id', 'in', record.alias_ids).execute();
        await q.updateTable('catalogue_merges').set({ state: 'undone', undone_by: actor.username, undone_at: sql<string>`now()` }).where('id', '=', record.id).execute();
        await tx.query(`UPDATE ${kind.level.table} SET state = $1, merged_into = NULL, version = version + 1, updated_at = now() WHERE id = $2`, [state, source.id]);
        await tx.query(`UPDATE ${kind.level.table} SET version = version + 1, updated_at = now() WHERE id = $1`, [target.id]);
        await kind.afterMove?.(tx, record.id, source.id);
        await logAction(tx, { entity: kind.entity, entityId: target.id, action: 'release', actor, reason: `ادغام «${record.source_name}» برگردانده شد`, details: { merge: record.id } });
        const row = (await q.selectFrom('catalogue_merges').select(MERGE_COLUMNS).where('id', '=', record.id).executeTakeFirstOrThrow()) as Merge;
        return { ...row, message: CATALOGUE_MESSAGES.undone(back) };
      }),

    createType: (actor: Actor, input: TypeInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const model = await activeModel(q, input.model_id);
        const row = await unique(
          () => q.insertInto('car_types').values({ model_id: model.id, name_fa: input.name_fa, name_en: input.name_en, year_from: input.year_from, year_to: input.year_to }).returning('id').executeTakeFirstOrThrow(),
          'name_fa',
          CATALOGUE_MESSAGES.typeTaken,
        );
        await logAction(tx, { entity: MODEL_ENTITY, entityId: model.id, action: 'add_type', actor, reason: input.name_fa, details: { type: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.type };
      }),

    editType: (actor: Actor, input: TypeEditInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await lockedType(q, input.id);
        stale(row, input.version);
        await unique(
          () =>
            q
              .updateTable('car_types')
              .set({ name_fa: input.name_fa, name_en: input.name_en, year_from: input.year_from, year_to: input.year_to, version: row.version + 1 })
              .where('id', '=', row.id)
              .execute(),
          'name_fa',
          CATALOGUE_MESSAGES.typeTaken,
        );
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: 'edit_type', actor, reason: row.name_fa === input.name_fa ? input.name_fa : `از «${row.name_fa}» به «${input.name_fa}»`, details: { type: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.saved };
      }),

    stepType: (actor: Actor, input: EntryStepInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await lockedType(q, input.id);
        stale(row, input.version);
        const state = await move(tx, TYPE_WORKFLOW, { entity: 'car_type', entityId: row.id, name: row.name_fa, action: input.action, from: row.state, actor, reason: input.reason });
        await q.updateTable('car_types').set({ state, version: row.version + 1 }).where('id', '=', row.id).execute();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: `${input.action}_type`, actor, reason: row.name_fa, details: { type: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.saved };
      }),

    addMapping: (actor: Actor, input: MappingInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const model = await activeModel(q, input.model_id);
        const row = await q
          .insertInto('car_name_mappings')
          .values({ source: input.source, external_name: input.external_name, normalized: normalizeExternalName(input.external_name), model_id: model.id, created_by: actor.username })
          .onConflict((oc) => oc.columns(['source', 'normalized']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw badRequest({ external_name: [CATALOGUE_MESSAGES.mappingTaken] });
        await logAction(tx, { entity: MODEL_ENTITY, entityId: model.id, action: 'add_mapping', actor, reason: input.external_name, details: { source: input.source } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.mapping };
      }),

    removeMapping: (actor: Actor, id: number): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await q.deleteFrom('car_name_mappings').where('id', '=', id).returning(['model_id', 'external_name', 'source']).executeTakeFirst();
        if (!row) throw notFound(CATALOGUE_MESSAGES.mappingNotFound);
        await q.updateTable('catalogue_merges').set({ alias_ids: sql<number[]>`array_remove(alias_ids, ${id})` }).where(sql<boolean>`alias_ids @> ARRAY[${id}]::int[]`).execute();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: 'remove_mapping', actor, reason: row.external_name, details: { source: row.source } });
        return { id, message: CATALOGUE_MESSAGES.removed.mapping };
      }),

    addFile: (actor: Actor, input: FileInput): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const model = await activeModel(q, input.model_id);
        const media = await q.selectFrom('media').select(['id', 'name']).where('id', '=', input.media_id).executeTakeFirst();
        if (!media) throw badRequest({ media_id: [CATALOGUE_MESSAGES.noMedia] });
        const row = await q.insertInto('car_catalogue_files').values({ model_id: model.id, brand_id: null, media_id: media.id, kind: input.kind, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: model.id, action: 'add_file', actor, reason: media.name, details: { file: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.file };
      }),

    removeFile: (actor: Actor, id: number): Promise<CatalogueOutcome> =>
      inTx(async (q, tx) => {
        const row = await q.deleteFrom('car_catalogue_files').where('id', '=', id).returning(['model_id', 'media_id']).executeTakeFirst();
        if (!row) throw notFound(CATALOGUE_MESSAGES.fileNotFound);
        if (row.model_id !== null) await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: 'remove_file', actor, details: { media: row.media_id } });
        return { id, message: CATALOGUE_MESSAGES.removed.file };
      }),
  };
}
