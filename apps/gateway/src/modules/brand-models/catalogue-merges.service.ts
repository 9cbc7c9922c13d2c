import { sql } from 'kysely';
import {
  BRAND_WORKFLOW,
  CATALOGUE_MESSAGES,
  MODEL_WORKFLOW,
  normalizeExternalName,
  type BrandMergeInput,
  type Merge,
  type MergeInput,
  type MergeLevel,
  type MergeOutcome,
} from '@panel/contracts/brand-models';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, move, type Actor } from '../../workflow';
import { BRAND_LEVEL, MODEL_LEVEL, moveReferences, moveReferencesBack, type MergeRule } from './catalogue-merge';
import { BRAND_ENTITY, MODEL_ENTITY, fullName, inTx, lockedBrand, lockedModel, stale } from './catalogue-locks';
import { MERGE_COLUMNS, type ManageDb } from './catalogue-read.service';

// Merges of two models (decision 119) or two brands (decision 127) and their undo, through one
// function each: the pair locked in id order, version-checked, moved by the state table, what
// moved recorded row by row (catalogue-merge.ts) with the external names that keep a look-up by
// the old names landing (decision 131), logged on both entries.

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

/** Two entries locked in id order, so two merges of the same pair at once cannot deadlock; answered as (source, target). */
async function lockPair<K extends MergeKind>(q: ManageDb, kind: K, sourceId: number, targetId: number) {
  const [first, second] = sourceId < targetId ? [sourceId, targetId] : [targetId, sourceId];
  const locked = [await kind.lock(q, first), await kind.lock(q, second)];
  return [locked.find((e) => e.id === sourceId)!, locked.find((e) => e.id === targetId)!] as const;
}

/** A merge of two models or two brands: locked, version-checked, moved by the state table, what moved recorded and logged. */
const merge = (db: Db, kind: MergeKind, actor: Actor, input: MergeInput | BrandMergeInput): Promise<MergeOutcome> =>
  inTx(db, async (q, tx) => {
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

/** A supervisor's merges of the catalogue: a model's, a brand's, and the undo of either. */
export function catalogueMerges(db: Db) {
  return {
    /** Merges the duplicate model `input.id` into `input.target_id`: everything that pointed at it follows (decision 119). */
    merge: (actor: Actor, input: MergeInput): Promise<MergeOutcome> => merge(db, MODEL_MERGE, actor, input),

    /** Merges the duplicate brand `input.id` into `input.target_id`: its models and everything else that pointed at it follow (decision 127). */
    mergeBrand: (actor: Actor, input: BrandMergeInput): Promise<MergeOutcome> => merge(db, BRAND_MERGE, actor, input),

    /** Undoes merge `mergeId` (of two models or two brands): the rows it moved go back, the merged entry is active again. */
    undoMerge: (actor: Actor, mergeId: number): Promise<MergeOutcome> =>
      inTx(db, async (q, tx) => {
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
  };
}
