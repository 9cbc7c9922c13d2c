import { sql } from 'kysely';
import {
  CMS_MESSAGES,
  normalizePersian,
  type AddCmsCategoryInput,
  type CmsCategoryOutcome,
  type CmsCategoryRefInput,
  type MoveCmsCategoryInput,
  type RenameCmsCategoryInput,
} from '@panel/contracts/cms';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict } from '../../errors';
import { type Actor, lockedRow, logAction, type LogEntry } from '../../workflow';
import { CMS_CATEGORY_ENTITY, type CmsDb, type CmsTablesAll } from './cms.service';

// Category changes (spec §7 CMS, decision 112). The tree changes rarely and a change reads its
// neighbours (a sibling's name, the next position), so every change takes one lock for the whole
// tree (an advisory lock of this module's number) and then the category's row; a stale version
// is a 409. A category is removed only when it holds no content and no subcategory.

const TREE_LOCK = 2200;

const locked = (q: CmsDb, id: number, version?: number) => lockedRow(q, 'cms_categories', id, { notFound: CMS_MESSAGES.categoryNotFound, stale: CMS_MESSAGES.staleCategory }, { version });

async function nameFree(q: CmsDb, parentId: number | null, name: string, except?: number) {
  let query = q.selectFrom('cms_categories').select('id').where('name', '=', name);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  if (except !== undefined) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [CMS_MESSAGES.duplicateCategory] });
}

export function cmsCategoryActions(db: Db) {
  const inTree = <T>(work: (q: CmsDb, tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [TREE_LOCK]);
      return work(kyselyOf<CmsTablesAll>(tx), tx);
    });
  /** A category's action; a rename logs its names as the move (its history reads «rename: old ← new»). */
  const log = (tx: Queryable, id: number, action: string, actor: Actor, extra: Pick<LogEntry, 'from' | 'to' | 'details'> = {}) =>
    logAction(tx, { entity: CMS_CATEGORY_ENTITY, entityId: id, action, actor, ...extra });

  return {
    add: (actor: Actor, input: AddCmsCategoryInput): Promise<CmsCategoryOutcome> =>
      inTree(async (q, tx) => {
        if (input.parent_id !== null) {
          const parent = await q.selectFrom('cms_categories').select('id').where('id', '=', input.parent_id).executeTakeFirst();
          if (!parent) throw badRequest({ parent_id: [CMS_MESSAGES.noParent] });
        }
        const name = normalizePersian(input.name);
        await nameFree(q, input.parent_id, name);
        let last = q.selectFrom('cms_categories').select((eb) => eb.fn.max('position').as('p'));
        last = input.parent_id === null ? last.where('parent_id', 'is', null) : last.where('parent_id', '=', input.parent_id);
        const position = Number((await last.executeTakeFirst())?.p ?? -1) + 1;
        const row = await q.insertInto('cms_categories').values({ name, parent_id: input.parent_id, position, created_by: actor.username }).returning('id').executeTakeFirstOrThrow();
        await log(tx, row.id, 'add', actor, { details: { name } });
        return { id: row.id, message: CMS_MESSAGES.categoryAdded };
      }),

    rename: (actor: Actor, input: RenameCmsCategoryInput): Promise<CmsCategoryOutcome> =>
      inTree(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const name = normalizePersian(input.name);
        await nameFree(q, row.parent_id, name, row.id);
        await q.updateTable('cms_categories').set({ name, version: row.version + 1 }).where('id', '=', row.id).execute();
        await log(tx, row.id, 'rename', actor, { from: row.name, to: name });
        return { id: row.id, message: CMS_MESSAGES.categoryRenamed };
      }),

    /** Swaps the category with its neighbour above or below among its siblings. */
    move: (actor: Actor, input: MoveCmsCategoryInput): Promise<CmsCategoryOutcome> =>
      inTree(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const up = input.direction === 'up';
        let next = q
          .selectFrom('cms_categories')
          .select(['id', 'position', 'version'])
          .where(sql<boolean>`(position, id) ${sql.raw(up ? '<' : '>')} (${row.position}, ${row.id})`)
          .orderBy('position', up ? 'desc' : 'asc')
          .orderBy('id', up ? 'desc' : 'asc')
          .limit(1);
        next = row.parent_id === null ? next.where('parent_id', 'is', null) : next.where('parent_id', '=', row.parent_id);
        const neighbour = await next.forUpdate().executeTakeFirst();
        if (!neighbour) throw conflict(CMS_MESSAGES.cannotMove);
        await q.updateTable('cms_categories').set({ position: neighbour.position, version: row.version + 1 }).where('id', '=', row.id).execute();
        await q.updateTable('cms_categories').set({ position: row.position, version: neighbour.version + 1 }).where('id', '=', neighbour.id).execute();
        await log(tx, row.id, up ? 'move_up' : 'move_down', actor);
        return { id: row.id, message: CMS_MESSAGES.categoryMoved };
      }),

    remove: (actor: Actor, input: CmsCategoryRefInput): Promise<CmsCategoryOutcome> =>
      inTree(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const [counts] = await tx.query<{ contents: number; children: number }>(
          `SELECT (SELECT count(*)::int FROM cms_contents WHERE category_id = $1) AS contents,
                  (SELECT count(*)::int FROM cms_categories WHERE parent_id = $1) AS children`,
          [row.id],
        );
        if (counts!.contents > 0 || counts!.children > 0) {
          throw conflict(CMS_MESSAGES.categoryNotEmpty(row.name, counts!.contents, counts!.children));
        }
        await q.deleteFrom('cms_categories').where('id', '=', row.id).execute();
        await log(tx, row.id, 'remove', actor, { details: { name: row.name } });
        return { id: row.id, message: CMS_MESSAGES.categoryRemoved };
      }),
  };
}
