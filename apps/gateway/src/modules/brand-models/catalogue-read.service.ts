import { sql } from 'kysely';
import {
  CATALOGUE_MESSAGES,
  normalizeExternalName,
  referenceLabel,
  type BrandModelSelection,
  type CatalogueModelsFilter,
  type ManagedBrand,
  type ManagedModel,
  type ManagedModelPage,
  type Merge,
  type ModelDetail,
  type NameMapping,
  type ResolveNameInput,
  type SelectionInput,
} from '@panel/contracts/brand-models';
import { toPersianDigits } from '@panel/contracts/common';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { likeContains, likePrefix, likeSuffix, pagedList, sortOrder } from '../../db/list-query';
import type { MediaTable } from '../../db/core-tables';
import { notFound } from '../../errors';
import { mediaUrl } from '../../media/media';
import type { BrandModelsTables } from './brand-models.tables';
import { modelUsage } from './catalogue-merge';

// The catalogue management's reads (decision 119): the models list of every state, one model
// with what hangs on it, the brands, the merges, an external name resolved, the §3 selection.
// The changes are catalogue-manage.service.ts (brands, models, types, files, external names)
// and catalogue-merges.service.ts (merges and their undo).

export type Tables = BrandModelsTables & { media: MediaTable };
export type ManageDb = ReturnType<typeof kyselyOf<Tables>>;

export const FULL_NAME = sql<string>`b.name_fa || ' ' || m.name_fa`;
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
    // The brands whose name holds the search (every model of theirs matches) and the models
    // matched otherwise, as ids read from indexes (searched); the ids alone are an init-plan's
    // array, probed by primary key (decision 128 measured the forms).
    const { brands, models } = await searched(q, filter.search);
    if (!brands.length && !models.length) return { results: [], count: 0, page: filter.page, pageSize: filter.pageSize };
    const ofModels = sql<boolean>`m.id = any(array(select unnest(${models}::int[])))`;
    filtered = filtered.where(brands.length ? sql<boolean>`(m.brand_id = any(${brands}::int[]) or ${ofModels})` : ofModels);
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

/**
 * What «brand model» containing the search finds (ILIKE; the Persian names as typed or in
 * Persian digits, the English names as typed), read from indexes (migration 0607): `brands` whose
 * «brand » holds it (a handful, read whole: every model of theirs matches), and `models` matched
 * otherwise: in the model's name (every suffix of it indexed) or across the two names (the part
 * up to one of its spaces ends «brand » and the rest starts the model's name).
 */
async function searched(q: ManageDb, search: string): Promise<{ brands: number[]; models: number[] }> {
  const names = [
    ...[...new Set([search, toPersianDigits(search)])].map((word) => ({ word, brand: 'b.name_fa' as const, model: 'm.name_fa' as const })),
    { word: search, brand: 'b.name_en' as const, model: 'm.name_en' as const },
  ];
  const brandsWhere = (column: 'b.name_fa' | 'b.name_en', pattern: string) =>
    q.selectFrom('car_brands as b').select('b.id').where(sql<string>`(${sql.ref(column)} || ' ')`, 'ilike', pattern);
  const brands = names.map(({ word, brand }) => brandsWhere(brand, likeContains(word)));
  const models = names.flatMap(({ word, brand, model }) => {
    const inModel = q.selectFrom('car_models as m').select('m.id').where(sql<boolean>`catalogue_suffixes(${sql.ref(model)}) @@ ${tsPrefix(word)}`);
    const across = [...word.matchAll(/ /g)]
      .map((space) => space.index + 1)
      .filter((at) => at < word.length)
      .map((at) =>
        q
          .selectFrom('car_models as m')
          .select('m.id')
          .where('m.brand_id', 'in', brandsWhere(brand, likeSuffix(word.slice(0, at))))
          .where(sql.ref(model), 'ilike', likePrefix(word.slice(at))),
      );
    return [inModel, ...across];
  });
  const all = <T extends { union: (other: never) => T }>(parts: T[]) => parts.slice(1).reduce((sum, part) => sum.union(part as never), parts[0]!);
  return q.selectNoFrom([sql<number[]>`array(${all(brands)})`.as('brands'), sql<number[]>`array(${all(models)})`.as('models')]).executeTakeFirstOrThrow();
}

/** A tsquery of one lower-cased lexeme (as ILIKE lowers) matched as a prefix, quoted so nothing typed is an operator. */
const tsPrefix = (text: string) => sql`(${"'"} || replace(replace(lower(${text}), '\\', '\\\\'), '''', '''''') || ${"':*"})::tsquery`;

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

export const MERGE_COLUMNS = ['id', 'level', 'source_model_id', 'target_model_id', 'source_brand_id', 'target_brand_id', 'source_name', 'target_name', 'state', 'moved', 'reason', 'created_by', 'created_at', 'undone_by', 'undone_at'] as const;

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
