import { sql, type Kysely } from 'kysely';
import {
  diffTrees,
  type Editor,
  type FieldImpact,
  type ReportSchema,
  type ReportSchemaDetail,
  type ReportSchemasListFilter,
  type ReportSchemasPage,
  type SchemaTree,
  type VehicleSchema,
} from '@panel/contracts/report-schemas';
import { VehicleTypeSchema, type VehicleType } from '@panel/contracts/common';
import type { Queryable } from '../../db/db';
import { likeContains, pagedList, sortOrder } from '../../db/list-query';
import { notFound } from '../../errors';
import type { Actor } from '../../workflow';
import type { ReportSchemasTables } from './report-schemas.tables';

// Reads of the schemas (issue 32, decision 110): the list filtered, sorted and paged in SQL; one
// schema with its latest tree and versions; the impact of a change on the reports that use it;
// who else has the editor open.

export type ReportSchemasDb = Kysely<ReportSchemasTables>;
export const SCHEMA_ENTITY = 'report_schema';
export const NOT_FOUND = 'اسکیما یافت نشد.';
/** How long an editor counts as present after its last heartbeat (the editor beats every 15 s). */
export const PRESENCE_SECONDS = 45;

const SORTS = { updated_at: ['t.updated_at', 't.id'], name: ['t.name', 't.id'], slug: ['t.slug', 't.id'] } as const;
const COLUMNS = ['t.id', 't.name', 't.slug', 't.vehicle_types', 't.active_for', 't.is_active', 't.version', 't.updated_at', 't.updated_by'] as const;

function filtered(q: ReportSchemasDb, filter: ReportSchemasListFilter) {
  let query = q.selectFrom('report_schemas as t');
  if (filter.search) {
    const like = likeContains(filter.search);
    query = query.where((eb) => eb.or([eb('t.name', 'ilike', like), eb('t.slug', 'ilike', like)]));
  }
  if (filter.active !== null) query = query.where('t.is_active', '=', filter.active);
  if (filter.vehicleType) query = query.where(sql<boolean>`t.vehicle_types @> ARRAY[${filter.vehicleType}::text]`);
  return query;
}

const asRow = (r: { vehicle_types: string[]; active_for: string[] } & Omit<ReportSchema, 'vehicle_types' | 'active_for'>): ReportSchema => ({
  ...r,
  vehicle_types: r.vehicle_types.map((v) => VehicleTypeSchema.parse(v)),
  active_for: r.active_for.map((v) => VehicleTypeSchema.parse(v)),
});

/** One page of the list in the upstream's envelope (§9: active by default, twenty to a page). */
export async function listReportSchemas(q: ReportSchemasDb, filter: ReportSchemasListFilter): Promise<ReportSchemasPage> {
  const page = await pagedList(filtered(q, filter), { key: 't.id', order: sortOrder(SORTS, filter.sort, filter.isAscending), columns: (query) => query.select([...COLUMNS]) }, filter);
  return { ...page, results: page.results.map(asRow) };
}

export async function schemaTree(q: ReportSchemasDb, id: number, version: number): Promise<SchemaTree> {
  const row = await q.selectFrom('report_schema_versions').select('tree').where('schema_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row.tree;
}

/** One schema with its latest tree and every version, newest first. */
export async function schemaDetail(q: ReportSchemasDb, id: number): Promise<ReportSchemaDetail> {
  const row = await q.selectFrom('report_schemas as t').select([...COLUMNS]).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  const versions = await q
    .selectFrom('report_schema_versions')
    .select(['version', 'created_at', 'created_by', 'note', 'field_count as fields'])
    .where('schema_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return { ...asRow(row), tree: await schemaTree(q, id, row.version), versions };
}

/** §7 "vehicle schemas": the active schema of each vehicle type. */
export async function vehicleSchemas(q: ReportSchemasDb): Promise<VehicleSchema[]> {
  const rows = await q
    .selectFrom('report_schema_activations as a')
    .innerJoin('report_schemas as s', 's.id', 'a.schema_id')
    .select(['a.vehicle_type', 'a.schema_id', 's.name as schema_name', 's.version'])
    .execute();
  return VehicleTypeSchema.options.map((type: VehicleType) => {
    const row = rows.find((r) => r.vehicle_type === type);
    return { vehicle_type: type, schema_id: row?.schema_id ?? null, schema_name: row?.schema_name ?? null, version: row?.version ?? null };
  });
}

/**
 * Impact before publish: for each field the new tree removes, renames, retypes or changes, how
 * many reports in progress and done stand on a version that has that field (by its stable key).
 */
export async function schemaImpact(q: ReportSchemasDb, id: number, tree: SchemaTree): Promise<FieldImpact[]> {
  const schema = await q.selectFrom('report_schemas').select('version').where('id', '=', id).executeTakeFirst();
  if (!schema) throw notFound(NOT_FOUND);
  const diffs = diffTrees(await schemaTree(q, id, schema.version), tree).filter((d) => d.change !== 'added');
  if (diffs.length === 0) return [];
  const counts = await q
    .selectFrom('report_schema_reports as r')
    .innerJoin('report_schema_versions as v', (join) => join.onRef('v.schema_id', '=', 'r.schema_id').onRef('v.version', '=', 'r.version'))
    .select(['r.version', 'r.state', (eb) => eb.fn.countAll<number>().as('n'), 'v.tree'])
    .where('r.schema_id', '=', id)
    .groupBy(['r.version', 'r.state', 'v.tree'])
    .execute();
  return diffs.map((d) => {
    const using = counts.filter((c) => c.tree.some((s) => s.fields.some((f) => f.key === d.key)));
    const sum = (state: string) => using.filter((c) => c.state === state).reduce((total, c) => total + Number(c.n), 0);
    return { key: d.key, label: d.label, change: d.change, in_progress: sum('in_progress'), done: sum('done') };
  });
}

/** Marks `actor` present in the editor of schema `id` and answers who else is (seen in the last 45 s). */
export async function beat(tx: Queryable, id: number, actor: Actor): Promise<Editor[]> {
  const [exists] = await tx.query('SELECT 1 FROM report_schemas WHERE id = $1', [id]);
  if (!exists) throw notFound(NOT_FOUND);
  await tx.query(
    `INSERT INTO report_schema_editors (schema_id, username, fullname, seen_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (schema_id, username) DO UPDATE SET fullname = EXCLUDED.fullname, seen_at = now()`,
    [id, actor.username, actor.fullname],
  );
  return tx.query<Editor>(
    `SELECT username, fullname, seen_at FROM report_schema_editors
      WHERE schema_id = $1 AND username <> $2 AND seen_at > now() - make_interval(secs => $3) ORDER BY seen_at DESC`,
    [id, actor.username, PRESENCE_SECONDS],
  );
}

/** The editor closed: no longer present. */
export async function leave(tx: Queryable, id: number, actor: Actor): Promise<void> {
  await tx.query('DELETE FROM report_schema_editors WHERE schema_id = $1 AND username = $2', [id, actor.username]);
}
