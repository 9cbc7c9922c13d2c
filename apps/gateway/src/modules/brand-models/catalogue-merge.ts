import { CATALOGUE_MESSAGES } from '@panel/contracts/brand-models';
import type { Queryable } from '../../db/db';
import { conflict } from '../../errors';

// Merging a duplicate model into another (decision 119). Whatever points at a model, in any
// module, follows it: the tables are found from the database's own foreign keys to `car_models`
// (so a module added later is covered without a list to keep), and every row re-pointed is kept
// by its primary key, so an undo moves exactly those rows back. Where the kept model already
// has the same link (a content tagged with both, a plan matching both), the duplicate's row is
// removed and kept whole, to come back on undo. Records keep their stored full name (decision 019).

/** One single-column foreign key to `car_models`, with what identifies a row of its table. */
export interface ModelReference {
  table: string;
  column: string;
  /** The table's primary key columns. */
  key: string[];
  /** Other columns of each unique key that holds `column` (the link a merge could duplicate). */
  uniques: string[][];
}

/** Tables a merge does not re-point: the model's own merge pointer and the merge records. */
const NOT_MOVED = new Set(['car_models', 'catalogue_merges']);

/** Identifiers come from the database's catalogue, never from a request; quoted all the same. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function modelReferences(tx: Queryable): Promise<ModelReference[]> {
  const foreign = await tx.query<{ rel: string; table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS rel, cl.relname AS table, a.attname AS column
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'car_models'::regclass AND cardinality(c.conkey) = 1
        AND pg_table_is_visible(c.conrelid)
      ORDER BY cl.relname, a.attname`,
  );
  const references: ModelReference[] = [];
  for (const ref of foreign) {
    if (NOT_MOVED.has(ref.table)) continue;
    const indexes = await tx.query<{ is_primary: boolean; columns: string[] }>(
      `SELECT i.indisprimary AS is_primary,
              ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
         FROM pg_index i
        WHERE i.indrelid = $1::regclass AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL`,
      [ref.rel],
    );
    const primary = indexes.find((i) => i.is_primary);
    if (!primary) throw new Error(`${ref.table} has no primary key: a merge could not record its rows`);
    const uniques = indexes.filter((i) => i.columns.includes(ref.column)).map((i) => i.columns.filter((c) => c !== ref.column));
    references.push({ table: ref.table, column: ref.column, key: primary.columns, uniques });
  }
  return references;
}

/** How many rows of each referring table point at `modelId`. */
export async function modelUsage(tx: Queryable, modelId: number): Promise<{ table: string; column: string; count: number }[]> {
  const usage = [];
  for (const ref of await modelReferences(tx)) {
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(ref.table)} WHERE ${ident(ref.column)} = $1`, [modelId]);
    usage.push({ table: ref.table, column: ref.column, count: Number(row?.n ?? 0) });
  }
  return usage;
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23503';

/** Re-points every reference from `source` to `target` in the caller's transaction; answers the rows moved per `table.column`. */
export async function moveReferences(tx: Queryable, mergeId: number, source: number, target: number): Promise<Record<string, number>> {
  const clash = await tx.query<{ name_fa: string }>(
    `SELECT s.name_fa FROM car_types s JOIN car_types t ON t.model_id = $2 AND t.name_fa = s.name_fa WHERE s.model_id = $1 ORDER BY s.name_fa`,
    [source, target],
  );
  if (clash.length) throw conflict(CATALOGUE_MESSAGES.mergeTypeClash(clash.map((c) => `«${c.name_fa}»`).join('، ')));
  const moved: Record<string, number> = {};
  for (const ref of await modelReferences(tx)) {
    const table = ident(ref.table);
    const column = ident(ref.column);
    for (const others of ref.uniques) {
      const same = others.map((c) => `o.${ident(c)} = s.${ident(c)}`).join(' AND ') || 'true';
      try {
        await tx.query(
          `WITH dropped AS (
             DELETE FROM ${table} AS s WHERE s.${column} = $2 AND EXISTS (SELECT 1 FROM ${table} AS o WHERE o.${column} = $3 AND ${same}) RETURNING s.*)
           INSERT INTO catalogue_merge_drops (merge_id, table_name, row_data) SELECT $1, $4, to_jsonb(d) FROM dropped d`,
          [mergeId, source, target, ref.table],
        );
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(CATALOGUE_MESSAGES.mergeBlocked);
        throw error;
      }
    }
    const [row] = await tx.query<{ n: number }>(
      `WITH moved AS (UPDATE ${table} SET ${column} = $3 WHERE ${column} = $2 RETURNING ${ref.key.map(ident).join(', ')}),
            kept AS (INSERT INTO catalogue_merge_moves (merge_id, table_name, column_name, row_key) SELECT $1, $4, $5, to_jsonb(moved) FROM moved RETURNING 1)
       SELECT count(*)::int AS n FROM kept`,
      [mergeId, source, target, ref.table, ref.column],
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) moved[`${ref.table}.${ref.column}`] = n;
  }
  return moved;
}

/**
 * Moves back what merge `mergeId` moved: the rows it re-pointed that still point at `target`
 * (a row changed since stays where it is), and the link rows it removed. Records made for
 * `target` after the merge stay with it. Answers the rows moved back.
 */
export async function moveReferencesBack(tx: Queryable, mergeId: number, source: number, target: number): Promise<number> {
  const keys = new Map((await modelReferences(tx)).map((ref) => [`${ref.table}.${ref.column}`, ref.key]));
  const groups = await tx.query<{ table_name: string; column_name: string }>(
    'SELECT DISTINCT table_name, column_name FROM catalogue_merge_moves WHERE merge_id = $1 ORDER BY table_name, column_name',
    [mergeId],
  );
  let back = 0;
  for (const group of groups) {
    const key = keys.get(`${group.table_name}.${group.column_name}`);
    if (!key) continue; // the table or its key to the catalogue is gone
    const table = ident(group.table_name);
    const column = ident(group.column_name);
    const same = key.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' AND ');
    const [row] = await tx.query<{ n: number }>(
      `WITH back AS (
         UPDATE ${table} AS t SET ${column} = $2
           FROM catalogue_merge_moves mv, jsonb_populate_record(NULL::${table}, mv.row_key) AS k
          WHERE mv.merge_id = $1 AND mv.table_name = $4 AND mv.column_name = $5 AND t.${column} = $3 AND ${same}
         RETURNING 1)
       SELECT count(*)::int AS n FROM back`,
      [mergeId, source, target, group.table_name, group.column_name],
    );
    back += Number(row?.n ?? 0);
  }
  const dropped = await tx.query<{ table_name: string }>('SELECT DISTINCT table_name FROM catalogue_merge_drops WHERE merge_id = $1 ORDER BY table_name', [mergeId]);
  for (const { table_name } of dropped) {
    const table = ident(table_name);
    const [row] = await tx.query<{ n: number }>(
      `WITH back AS (
         INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, d.row_data)).* FROM catalogue_merge_drops d WHERE d.merge_id = $1 AND d.table_name = $2
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM back`,
      [mergeId, table_name],
    );
    back += Number(row?.n ?? 0);
  }
  return back;
}
