import { CATALOGUE_MESSAGES } from '@panel/contracts/brand-models';
import type { Queryable } from '../../db/db';
import { conflict } from '../../errors';

// Merging a duplicate model into another (decision 119), or a duplicate brand (decision 127).
// Whatever points at the entry, in any module, follows it: the tables are found from the
// database's own foreign keys to `car_models` or `car_brands` (so a module added later is covered
// without a list to keep), and every row re-pointed is kept by its primary key, so an undo moves
// exactly those rows back. Where the kept entry already has the same link (a content tagged with
// both, a plan matching both), the duplicate's row is removed and kept whole, to come back on
// undo. Records keep their stored full name (decision 019).

/** What is merged: the table of its entries, what a merge leaves alone, and its own refusals. */
export interface MergeRule {
  table: 'car_models' | 'car_brands';
  /** Tables a merge does not re-point: the entry's own merge pointer and the merge records. */
  notMoved: ReadonlySet<string>;
  /** Refuses the merge before anything moves (a name both entries have). */
  check: (tx: Queryable, source: number, target: number) => Promise<void>;
  /** Per referring table, the rows (alias `s`; `$3` is the target) that stay with the merged entry. */
  stays?: Readonly<Record<string, string>>;
}

const quoted = (rows: { name_fa: string }[]) => rows.map((c) => `«${c.name_fa}»`).join('، ');

/** Two types of the same name on both models refuse the merge: a type carries car information that cannot be dropped. */
export const MODEL_LEVEL: MergeRule = {
  table: 'car_models',
  notMoved: new Set(['car_models', 'catalogue_merges']),
  check: async (tx, source, target) => {
    const clash = await tx.query<{ name_fa: string }>(
      `SELECT s.name_fa FROM car_types s JOIN car_types t ON t.model_id = $2 AND t.name_fa = s.name_fa WHERE s.model_id = $1 ORDER BY s.name_fa`,
      [source, target],
    );
    if (clash.length) throw conflict(CATALOGUE_MESSAGES.mergeTypeClash(quoted(clash)));
  },
};

/**
 * A brand's models go with it. A model of the same name in both brands refuses the merge (merge
 * the two models first, or rename one); a model already merged into another is only the record
 * of that merge, so where the kept brand has its name it stays with the merged brand.
 */
export const BRAND_LEVEL: MergeRule = {
  table: 'car_brands',
  notMoved: new Set(['car_brands', 'catalogue_merges']),
  check: async (tx, source, target) => {
    const clash = await tx.query<{ name_fa: string }>(
      `SELECT s.name_fa FROM car_models s JOIN car_models t ON t.brand_id = $2 AND t.name_fa = s.name_fa WHERE s.brand_id = $1 AND s.state <> 'merged' ORDER BY s.name_fa`,
      [source, target],
    );
    if (clash.length) throw conflict(CATALOGUE_MESSAGES.brandModelClash(quoted(clash)));
  },
  stays: { car_models: `s.state = 'merged' AND EXISTS (SELECT 1 FROM car_models AS o WHERE o.brand_id = $3 AND o.name_fa = s.name_fa)` },
};

/** One single-column foreign key to the merged table, with what identifies a row of its table. */
export interface EntryReference {
  table: string;
  column: string;
  /** The table's primary key columns. */
  key: string[];
  /** Other columns of each unique key that holds `column` (the link a merge could duplicate). */
  uniques: string[][];
}

/** Identifiers come from the database's catalogue, never from a request; quoted all the same. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function entryReferences(tx: Queryable, level: MergeRule): Promise<EntryReference[]> {
  const foreign = await tx.query<{ rel: string; table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS rel, cl.relname AS table, a.attname AS column
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND cardinality(c.conkey) = 1
        AND pg_table_is_visible(c.conrelid)
      ORDER BY cl.relname, a.attname`,
    [level.table],
  );
  const references: EntryReference[] = [];
  for (const ref of foreign) {
    if (level.notMoved.has(ref.table)) continue;
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

/** How many rows of each referring table point at model `modelId`. */
export async function modelUsage(tx: Queryable, modelId: number): Promise<{ table: string; column: string; count: number }[]> {
  const usage = [];
  for (const ref of await entryReferences(tx, MODEL_LEVEL)) {
    const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(ref.table)} WHERE ${ident(ref.column)} = $1`, [modelId]);
    usage.push({ table: ref.table, column: ref.column, count: Number(row?.n ?? 0) });
  }
  return usage;
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23503';

/** A row moved back would clash with a name given since (a model renamed in the kept brand): refused in Persian. */
async function backOrRefuse(tx: Queryable, text: string, params: unknown[]): Promise<{ n: number }[]> {
  try {
    return await tx.query<{ n: number }>(text, params);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') throw conflict(CATALOGUE_MESSAGES.undoBlocked);
    throw error;
  }
}

/** Re-points every reference from `source` to `target` in the caller's transaction (after the level's check); answers the rows moved per `table.column`. */
export async function moveReferences(tx: Queryable, level: MergeRule, mergeId: number, source: number, target: number): Promise<Record<string, number>> {
  await level.check(tx, source, target);
  const moved: Record<string, number> = {};
  for (const ref of await entryReferences(tx, level)) {
    const table = ident(ref.table);
    const column = ident(ref.column);
    const stays = level.stays?.[ref.table];
    const moves = stays ? `s.${column} = $2 AND NOT (${stays})` : `s.${column} = $2`;
    for (const others of ref.uniques) {
      const same = others.map((c) => `o.${ident(c)} = s.${ident(c)}`).join(' AND ') || 'true';
      try {
        await tx.query(
          `WITH dropped AS (
             DELETE FROM ${table} AS s WHERE ${moves} AND EXISTS (SELECT 1 FROM ${table} AS o WHERE o.${column} = $3 AND ${same}) RETURNING s.*)
           INSERT INTO catalogue_merge_drops (merge_id, table_name, row_data) SELECT $1, $4, to_jsonb(d) FROM dropped d`,
          [mergeId, source, target, ref.table],
        );
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict(CATALOGUE_MESSAGES.mergeBlocked);
        throw error;
      }
    }
    const [row] = await tx.query<{ n: number }>(
      `WITH moved AS (UPDATE ${table} AS s SET ${column} = $3 WHERE ${moves} RETURNING ${ref.key.map((k) => `s.${ident(k)}`).join(', ')}),
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
export async function moveReferencesBack(tx: Queryable, level: MergeRule, mergeId: number, source: number, target: number): Promise<number> {
  const keys = new Map((await entryReferences(tx, level)).map((ref) => [`${ref.table}.${ref.column}`, ref.key]));
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
    const [row] = await backOrRefuse(tx, 
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
