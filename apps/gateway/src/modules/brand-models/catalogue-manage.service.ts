import { sql } from 'kysely';
import {
  BRAND_WORKFLOW,
  CATALOGUE_MESSAGES,
  MODEL_WORKFLOW,
  TYPE_WORKFLOW,
  normalizeExternalName,
  type BrandEditInput,
  type BrandInput,
  type CatalogueOutcome,
  type EntryStepInput,
  type FileInput,
  type MappingInput,
  type ModelEditInput,
  type ModelInput,
  type ModelStepInput,
  type TypeEditInput,
  type TypeInput,
} from '@panel/contracts/brand-models';
import type { Workflow } from '@panel/contracts/common';
import type { Db } from '../../db/db';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, move, type Actor } from '../../workflow';
import { BRAND_ENTITY, MODEL_ENTITY, activeModel, checkLogo, fullName, inTx, lockedBrand, lockedModel, lockedType, stale, unique } from './catalogue-locks';
import { catalogueMerges } from './catalogue-merges.service';
import type { ManageDb } from './catalogue-read.service';

// The catalogue's write side (decision 119): brands, models, types, files and external names,
// each change in one transaction with the row locked and its version checked (a stale edit is
// a Persian 409), each written to the action log under the model (or brand) it belongs to
// (catalogue-locks.ts). The reads are catalogue-read.service.ts; a supervisor's merges and their
// undo catalogue-merges.service.ts, joined to these actions by `catalogueActions`.

/** Retire or restore a brand or a model: locked, version-checked, moved by its state table. */
function step<S extends string, A extends string>(
  db: Db,
  table: 'car_brands' | 'car_models',
  workflow: Workflow<S, A>,
  entity: string,
  lock: (q: ManageDb, id: number) => Promise<{ id: number; name_fa: string; state: S; version: number }>,
  actor: Actor,
  input: { id: number; version: number; action: A; reason: string },
): Promise<CatalogueOutcome> {
  return inTx(db, async (q, tx) => {
    const row = await lock(q, input.id);
    stale(row, input.version);
    const state = await move(tx, workflow, { entity, entityId: row.id, name: row.name_fa, action: input.action, from: row.state, actor, reason: input.reason });
    await tx.query(`UPDATE ${table} SET state = $1, version = version + 1, updated_at = now() WHERE id = $2`, [state, row.id]);
    return { id: row.id, message: CATALOGUE_MESSAGES.saved };
  });
}

/** Staff's changes of the catalogue, with a supervisor's merges (catalogue-merges.service.ts). */
/** A model's own columns as the create and the edit form give them. */
const modelColumns = (input: ModelInput) => ({
  brand_id: input.brand_id,
  name_fa: input.name_fa,
  name_en: input.name_en,
  body_type: input.body_type,
  vehicle_type: input.vehicle_type,
  year_from: input.year_from,
  year_to: input.year_to,
  is_imported: input.is_imported,
  logo_media_id: input.logo_media_id,
});

export function catalogueActions(db: Db) {
  return {
    createBrand: (actor: Actor, input: BrandInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
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
      inTx(db, async (q, tx) => {
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

    stepBrand: (actor: Actor, input: EntryStepInput): Promise<CatalogueOutcome> => step(db, 'car_brands', BRAND_WORKFLOW, BRAND_ENTITY, lockedBrand, actor, input),

    createModel: (actor: Actor, input: ModelInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
        const brand = await lockedBrand(q, input.brand_id);
        if (brand.state !== 'active') throw badRequest({ brand_id: [CATALOGUE_MESSAGES.brandRetired] });
        await checkLogo(q, input.logo_media_id);
        const row = await unique(
          () =>
            q
              .insertInto('car_models')
              .values({ ...modelColumns(input), merged_into: null })
              .returning('id')
              .executeTakeFirstOrThrow(),
          'name_fa',
          CATALOGUE_MESSAGES.modelTaken,
        );
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.id, action: 'create', to: 'active', actor, details: { name: `${brand.name_fa} ${input.name_fa}` } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.model };
      }),

    editModel: (actor: Actor, input: ModelEditInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
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
                ...modelColumns(input),
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

    stepModel: (actor: Actor, input: ModelStepInput): Promise<CatalogueOutcome> => step(db, 'car_models', MODEL_WORKFLOW, MODEL_ENTITY, lockedModel, actor, input),

    createType: (actor: Actor, input: TypeInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
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
      inTx(db, async (q, tx) => {
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
      inTx(db, async (q, tx) => {
        const row = await lockedType(q, input.id);
        stale(row, input.version);
        const state = await move(tx, TYPE_WORKFLOW, { entity: 'car_type', entityId: row.id, name: row.name_fa, action: input.action, from: row.state, actor, reason: input.reason });
        await q.updateTable('car_types').set({ state, version: row.version + 1 }).where('id', '=', row.id).execute();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: `${input.action}_type`, actor, reason: row.name_fa, details: { type: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.saved };
      }),

    addMapping: (actor: Actor, input: MappingInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
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
      inTx(db, async (q, tx) => {
        const row = await q.deleteFrom('car_name_mappings').where('id', '=', id).returning(['model_id', 'external_name', 'source']).executeTakeFirst();
        if (!row) throw notFound(CATALOGUE_MESSAGES.mappingNotFound);
        await q.updateTable('catalogue_merges').set({ alias_ids: sql<number[]>`array_remove(alias_ids, ${id})` }).where(sql<boolean>`alias_ids @> ARRAY[${id}]::int[]`).execute();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: 'remove_mapping', actor, reason: row.external_name, details: { source: row.source } });
        return { id, message: CATALOGUE_MESSAGES.removed.mapping };
      }),

    addFile: (actor: Actor, input: FileInput): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
        const model = await activeModel(q, input.model_id);
        const media = await q.selectFrom('media').select(['id', 'name']).where('id', '=', input.media_id).executeTakeFirst();
        if (!media) throw badRequest({ media_id: [CATALOGUE_MESSAGES.noMedia] });
        const row = await q.insertInto('car_catalogue_files').values({ model_id: model.id, brand_id: null, media_id: media.id, kind: input.kind, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await logAction(tx, { entity: MODEL_ENTITY, entityId: model.id, action: 'add_file', actor, reason: media.name, details: { file: row.id } });
        return { id: row.id, message: CATALOGUE_MESSAGES.created.file };
      }),

    removeFile: (actor: Actor, id: number): Promise<CatalogueOutcome> =>
      inTx(db, async (q, tx) => {
        const row = await q.deleteFrom('car_catalogue_files').where('id', '=', id).returning(['model_id', 'media_id']).executeTakeFirst();
        if (!row) throw notFound(CATALOGUE_MESSAGES.fileNotFound);
        if (row.model_id !== null) await logAction(tx, { entity: MODEL_ENTITY, entityId: row.model_id, action: 'remove_file', actor, details: { media: row.media_id } });
        return { id, message: CATALOGUE_MESSAGES.removed.file };
      }),

    ...catalogueMerges(db),
  };
}
