import {
  applyPatch,
  normaliseField,
  patchProblems,
  planMerge,
  rebasePatch,
  REPORT_SCHEMAS_MESSAGES,
  type Customisation,
  type CustomisedModel,
  type MergePlanAnswer,
  type SaveCustomisationInput,
  type SchemaPatch,
  type SyncInput,
} from '@panel/contracts/report-schemas';
import { toPersianDigits, VehicleTypeSchema } from '@panel/contracts/common';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, type Actor } from '../../workflow';
import { NOT_FOUND, SCHEMA_ENTITY, schemaTree, type ReportSchemasDb } from './report-schemas.service';
import type { ReportSchemasTables } from './report-schemas.tables';

// Brand-model customisations (/panel/inspection/schema/bmt; decision 110): a patch over one
// master version, shown with the effective schema; "sync with master" plans a three-way merge
// (base = the version the patch was made on, theirs = the master's latest) and applies it only
// with every conflict resolved, against the row version and master version the user saw.

const MODEL_MISSING = 'مدل خودرو در فهرست برند و مدل نیست.';

interface Model {
  id: number;
  full_name: string;
  vehicle_type: string;
}

async function modelOf(tx: Queryable, modelId: number): Promise<Model> {
  const [model] = await tx.query<Model>(
    `SELECT m.id, b.name_fa || ' ' || m.name_fa AS full_name, m.vehicle_type FROM car_models m JOIN car_brands b ON b.id = m.brand_id WHERE m.id = $1`,
    [modelId],
  );
  if (!model) throw badRequest({ model_id: [MODEL_MISSING] });
  return model;
}

async function schemaOf(q: ReportSchemasDb, id: number, lock = false) {
  let query = q.selectFrom('report_schemas').select(['id', 'name', 'version', 'vehicle_types']).where('id', '=', id);
  if (lock) query = query.forShare();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const EMPTY: SchemaPatch = { hidden: [], added: [] };

/** The customisation of one schema for one brand-model (not yet customised: an empty patch over the latest). */
export async function customisation(q: ReportSchemasDb, tx: Queryable, id: number, modelId: number): Promise<Customisation> {
  const schema = await schemaOf(q, id);
  const model = await modelOf(tx, modelId);
  const row = await q.selectFrom('report_schema_customisations').selectAll().where('schema_id', '=', id).where('model_id', '=', modelId).executeTakeFirst();
  const base = row?.base_version ?? schema.version;
  const master = await schemaTree(q, id, base);
  const patch = row?.patch ?? EMPTY;
  return {
    schema_id: id,
    model_id: modelId,
    model_name: model.full_name,
    vehicle_type: VehicleTypeSchema.parse(model.vehicle_type),
    base_version: row?.base_version ?? null,
    master_version: schema.version,
    row_version: row?.row_version ?? 0,
    patch,
    master,
    effective: applyPatch(master, patch),
    updated_by: row?.updated_by ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

/** What syncing with the master's latest would change, and the conflicts to resolve first. */
export async function syncPlan(q: ReportSchemasDb, id: number, modelId: number): Promise<MergePlanAnswer> {
  const schema = await schemaOf(q, id);
  const row = await q.selectFrom('report_schema_customisations').select(['base_version', 'patch']).where('schema_id', '=', id).where('model_id', '=', modelId).executeTakeFirst();
  if (!row) throw badRequest({ model_id: ['این خودرو هنوز سفارشی‌سازی ندارد.'] });
  const plan = planMerge(await schemaTree(q, id, row.base_version), await schemaTree(q, id, schema.version), row.patch);
  return {
    from_version: row.base_version,
    to_version: schema.version,
    changes: plan.changes,
    conflicts: plan.conflicts.map(({ key, label, kind }) => ({ key, label, kind })),
  };
}

export function customisationActions(db: Db) {
  const inTx = <T>(work: (q: ReportSchemasDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<ReportSchemasTables>(tx), tx));

  /** Locks the customisation row (or, when there is none yet, refuses a row version other than 0). */
  async function lockedRow(q: ReportSchemasDb, id: number, modelId: number, rowVersion: number) {
    const row = await q.selectFrom('report_schema_customisations').selectAll().where('schema_id', '=', id).where('model_id', '=', modelId).forUpdate().executeTakeFirst();
    if ((row?.row_version ?? 0) !== rowVersion) throw conflict(REPORT_SCHEMAS_MESSAGES.staleCustomisation);
    return row;
  }

  async function write(q: ReportSchemasDb, id: number, modelId: number, base: number, patch: SchemaPatch, actor: Actor, exists: boolean) {
    const now = new Date().toISOString();
    if (exists) {
      await q
        .updateTable('report_schema_customisations')
        .set((eb) => ({ base_version: base, patch: JSON.stringify(patch), row_version: eb('row_version', '+', 1), updated_by: actor.username, updated_at: now }))
        .where('schema_id', '=', id)
        .where('model_id', '=', modelId)
        .execute();
    } else {
      await q.insertInto('report_schema_customisations').values({ schema_id: id, model_id: modelId, base_version: base, patch: JSON.stringify(patch), updated_by: actor.username, updated_at: now }).execute();
    }
  }

  /** Saves the patch over the version it was made on (the master's latest for a new one). */
  async function save(actor: Actor, input: SaveCustomisationInput): Promise<{ message: string }> {
    return inTx(async (q, tx) => {
      const schema = await schemaOf(q, input.id, true);
      const model = await modelOf(tx, input.model_id);
      if (!schema.vehicle_types.includes(model.vehicle_type)) throw badRequest({ model_id: ['نوع این خودرو در انواع خودروی این اسکیما نیست.'] });
      const row = await lockedRow(q, input.id, input.model_id, input.row_version);
      const base = row?.base_version ?? schema.version;
      const master = await schemaTree(q, input.id, base);
      const patch: SchemaPatch = { hidden: [...new Set(input.patch.hidden)], added: input.patch.added.map((a) => ({ section: a.section, field: normaliseField(a.field) })) };
      const problems = patchProblems(master, patch);
      if (problems.length > 0) throw badRequest({ patch: problems });
      await write(q, input.id, input.model_id, base, patch, actor, !!row);
      await logAction(tx, { entity: SCHEMA_ENTITY, entityId: input.id, action: 'customise', actor, details: { model_id: input.model_id, model: model.full_name, base_version: base, hidden: patch.hidden.length, added: patch.added.length } });
      return { message: `سفارشی‌سازی «${model.full_name}» ذخیره شد.` };
    });
  }

  /** Applies the three-way merge onto the master's latest, every conflict resolved as chosen. */
  async function sync(actor: Actor, input: SyncInput): Promise<{ message: string }> {
    return inTx(async (q, tx) => {
      const schema = await schemaOf(q, input.id, true);
      if (schema.version !== input.to_version) throw conflict(REPORT_SCHEMAS_MESSAGES.stale(schema.version, 'اسکیمای اصلی'));
      const row = await lockedRow(q, input.id, input.model_id, input.row_version);
      if (!row) throw badRequest({ model_id: ['این خودرو هنوز سفارشی‌سازی ندارد.'] });
      if (row.base_version === schema.version) throw badRequest({ to_version: [REPORT_SCHEMAS_MESSAGES.upToDate] });
      const theirs = await schemaTree(q, input.id, schema.version);
      const plan = planMerge(await schemaTree(q, input.id, row.base_version), theirs, row.patch);
      const unresolved = plan.conflicts.filter((c) => !input.resolutions[c.key]);
      if (unresolved.length > 0) throw badRequest({ resolutions: unresolved.map((c) => REPORT_SCHEMAS_MESSAGES.unresolved(c.label)) });
      const patch = rebasePatch(theirs, row.patch, plan, input.resolutions);
      const problems = patchProblems(theirs, patch);
      if (problems.length > 0) throw badRequest({ patch: problems });
      await write(q, input.id, input.model_id, schema.version, patch, actor, true);
      const model = await modelOf(tx, input.model_id);
      await logAction(tx, {
        entity: SCHEMA_ENTITY,
        entityId: input.id,
        action: 'sync',
        actor,
        details: { model_id: input.model_id, model: model.full_name, from_version: row.base_version, to_version: schema.version, changes: plan.changes.length, conflicts: plan.conflicts.length, resolutions: input.resolutions },
      });
      return { message: `«${model.full_name}» با نسخه ${toPersianDigits(schema.version)} اسکیمای اصلی هم‌گام شد.` };
    });
  }

  return { save, sync };
}

/** The brand-models a schema is customised for. */
export function customisedModels(tx: Queryable, id: number): Promise<CustomisedModel[]> {
  return tx.query<CustomisedModel>(
    `SELECT c.model_id, b.name_fa || ' ' || m.name_fa AS model_name, c.base_version, c.updated_by, c.updated_at
       FROM report_schema_customisations c JOIN car_models m ON m.id = c.model_id JOIN car_brands b ON b.id = m.brand_id
      WHERE c.schema_id = $1 ORDER BY c.updated_at DESC`,
    [id],
  );
}
