import {
  normaliseTree,
  REPORT_SCHEMAS_MESSAGES,
  SCHEMA_ACTIVATION,
  normalisePersian,
  type ActivateSchemaInput,
  type CreateReportSchemaInput,
  type SchemaTree,
  type UpdateReportSchemaInput,
  type VehicleSchemasInput,
} from '@panel/contracts/report-schemas';
import { toPersianDigits, VEHICLE_TYPE_LABELS, type VehicleType } from '@panel/contracts/common';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import { logAction, move, type Actor } from '../../workflow';
import { NOT_FOUND, SCHEMA_ENTITY, type ReportSchemasDb } from './report-schemas.service';
import type { ReportSchemasTables } from './report-schemas.tables';

// Changes of the schemas (decision 110). Each runs in one transaction and locks what it decides
// on: saving locks the schema and refuses a stale base version (409), then writes a new version
// (published versions never change; the database refuses it); activation locks the vehicle
// types' activation rows and moves the declared table for each schema it touches.

/** Activations are decided one at a time (a row that does not exist yet cannot be locked): a transaction-scoped advisory lock. */
const lockActivations = (tx: Queryable) => tx.query("SELECT pg_advisory_xact_lock(hashtext('report_schema_activations'))");
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const fieldCount = (tree: SchemaTree) => tree.reduce((n, s) => n + s.fields.length, 0);

export interface SchemaOutcome {
  id: number;
  version: number;
  message: string;
}

async function slugFree(q: ReportSchemasDb, slug: string, except?: number) {
  let query = q.selectFrom('report_schemas').select('id').where('slug', '=', slug);
  if (except !== undefined) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw badRequest({ slug: [REPORT_SCHEMAS_MESSAGES.slugTaken] });
}

async function insertVersion(q: ReportSchemasDb, id: number, version: number, tree: SchemaTree, actor: Actor, note: string) {
  await q.insertInto('report_schema_versions').values({ schema_id: id, version, tree: JSON.stringify(tree), field_count: fieldCount(tree), note, created_by: actor.username }).execute();
}

export function schemaActions(db: Db) {
  const inTx = <T>(work: (q: ReportSchemasDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<ReportSchemasTables>(tx), tx));
  const guardUnique = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ slug: [REPORT_SCHEMAS_MESSAGES.slugTaken] });
      throw error;
    }
  };

  async function create(actor: Actor, input: CreateReportSchemaInput): Promise<SchemaOutcome> {
    const tree = normaliseTree(input.tree);
    return guardUnique(() =>
      inTx(async (q, tx) => {
        await slugFree(q, input.slug);
        const { id } = await q
          .insertInto('report_schemas')
          .values({ name: normalisePersian(input.name), slug: input.slug, vehicle_types: input.vehicle_types, version: 1, created_by: actor.username, updated_by: actor.username })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertVersion(q, id, 1, tree, actor, 'نسخه نخست');
        await logAction(tx, { entity: SCHEMA_ENTITY, entityId: id, action: 'create', to: 'inactive', actor, details: { version: 1, fields: fieldCount(tree) } });
        return { id, version: 1, message: 'اسکیما ساخته شد (نسخه ۱).' };
      }),
    );
  }

  /** Saving makes a new version; the editor's base version must still be the latest. */
  async function update(actor: Actor, input: UpdateReportSchemaInput): Promise<SchemaOutcome> {
    const tree = normaliseTree(input.tree);
    return guardUnique(() =>
      inTx(async (q, tx) => {
        const row = await q.selectFrom('report_schemas').select(['id', 'version', 'updated_by', 'active_for']).where('id', '=', input.id).forUpdate().executeTakeFirst();
        if (!row) throw notFound(NOT_FOUND);
        if (row.version !== input.base_version) throw conflict(REPORT_SCHEMAS_MESSAGES.stale(row.version, row.updated_by));
        const dropped = row.active_for.filter((t) => !input.vehicle_types.includes(t as VehicleType));
        if (dropped.length > 0) throw badRequest({ vehicle_types: [`این اسکیما برای «${dropped.map((t) => VEHICLE_TYPE_LABELS[t as VehicleType]).join('، ')}» فعال است؛ نخست آن را غیرفعال کنید.`] });
        await slugFree(q, input.slug, input.id);
        const version = row.version + 1;
        await insertVersion(q, input.id, version, tree, actor, normalisePersian(input.note));
        await q
          .updateTable('report_schemas')
          .set({ name: normalisePersian(input.name), slug: input.slug, vehicle_types: input.vehicle_types, version, updated_by: actor.username, updated_at: new Date().toISOString() })
          .where('id', '=', input.id)
          .execute();
        await logAction(tx, { entity: SCHEMA_ENTITY, entityId: input.id, action: 'save', actor, reason: input.note, details: { version, fields: fieldCount(tree) } });
        return { id: input.id, version, message: `نسخه ${toPersianDigits(version)} ذخیره شد.` };
      }),
    );
  }

  /**
   * Sets the active schema of each vehicle type named (null: none), in one transaction: the
   * activation rows are locked, each schema that gains or loses a type moves the declared table.
   */
  async function assign(tx: Queryable, q: ReportSchemasDb, actor: Actor, assignments: VehicleSchemasInput['assignments']) {
    const types = assignments.map((a) => a.vehicle_type);
    const current = await q.selectFrom('report_schema_activations').selectAll().where('vehicle_type', 'in', types).forUpdate().execute();
    const ids = [...new Set([...assignments.map((a) => a.schema_id), ...current.map((c) => c.schema_id)].filter((id): id is number => id !== null))];
    const schemas = ids.length ? await q.selectFrom('report_schemas').select(['id', 'name', 'vehicle_types', 'active_for']).where('id', 'in', ids).orderBy('id').forUpdate().execute() : [];
    const byId = new Map(schemas.map((s) => [s.id, { ...s, active_for: [...s.active_for] }]));
    for (const { vehicle_type: type, schema_id: next } of assignments) {
      const before = current.find((c) => c.vehicle_type === type)?.schema_id ?? null;
      if (before === next) continue;
      if (next !== null) {
        const schema = byId.get(next);
        if (!schema) throw notFound(NOT_FOUND);
        if (!schema.vehicle_types.includes(type)) throw badRequest({ vehicle_type: [REPORT_SCHEMAS_MESSAGES.typeNotOfSchema(VEHICLE_TYPE_LABELS[type])] });
      }
      if (before !== null) {
        const old = byId.get(before)!;
        await move(tx, SCHEMA_ACTIVATION, { entity: SCHEMA_ENTITY, entityId: before, name: old.name, action: 'deactivate', from: 'active', actor, details: { vehicle_type: type } });
        old.active_for = old.active_for.filter((t) => t !== type);
        await q.deleteFrom('report_schema_activations').where('vehicle_type', '=', type).execute();
      }
      if (next !== null) {
        const schema = byId.get(next)!;
        await move(tx, SCHEMA_ACTIVATION, { entity: SCHEMA_ENTITY, entityId: next, name: schema.name, action: 'activate', from: 'inactive', actor, details: { vehicle_type: type } });
        schema.active_for.push(type);
        await q.insertInto('report_schema_activations').values({ vehicle_type: type, schema_id: next, activated_by: actor.username }).execute();
      }
    }
    for (const schema of byId.values()) await q.updateTable('report_schemas').set({ active_for: schema.active_for }).where('id', '=', schema.id).execute();
  }

  /** Activate or deactivate one schema for one vehicle type (the declared table decides). */
  async function activate(actor: Actor, input: ActivateSchemaInput): Promise<SchemaOutcome> {
    return inTx(async (q, tx) => {
      await lockActivations(tx);
      const row = await q.selectFrom('report_schemas').select(['id', 'name', 'version', 'active_for']).where('id', '=', input.id).executeTakeFirst();
      if (!row) throw notFound(NOT_FOUND);
      const from = row.active_for.includes(input.vehicle_type) ? 'active' : 'inactive';
      const refusal = SCHEMA_ACTIVATION.refusal(input.active ? 'activate' : 'deactivate', from, row.name);
      if (refusal) throw conflict(refusal);
      await assign(tx, q, actor, [{ vehicle_type: input.vehicle_type, schema_id: input.active ? input.id : null }]);
      const label = VEHICLE_TYPE_LABELS[input.vehicle_type];
      return { id: row.id, version: row.version, message: input.active ? `اسکیما برای «${label}» فعال شد.` : `اسکیما برای «${label}» غیرفعال شد.` };
    });
  }

  async function setVehicleSchemas(actor: Actor, input: VehicleSchemasInput): Promise<{ message: string }> {
    await inTx(async (q, tx) => {
      await lockActivations(tx);
      await assign(tx, q, actor, input.assignments);
    });
    return { message: 'اسکیمای انواع خودرو به‌روز شد.' };
  }

  return { create, update, activate, setVehicleSchemas };
}
