import type { Kysely } from 'kysely';
import type { ActionLogEntry } from '@panel/contracts/common';
import { ORIGINALITY_MESSAGES, describeMapChange, type OriginalityMap, type SaveOriginalityMapInput, type SaveOriginalityMapResult } from '@panel/contracts/originality-mapping';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { conflict } from '../../errors';
import { actionLog, logAction, type Actor } from '../../workflow';
import type { OriginalityMappingTables } from './originality-mapping.tables';

// The originality map (issue 16, decision 085). Car posts read `originality_rules` when they
// compute a post's label (car-posts.service `originalityLabel`), so a saved map labels the next
// post read. The map is saved whole: the rows are replaced in one transaction under the lock of
// the map's row, and a save that names an older version is the Persian 409.

export type OriginalityDb = Kysely<OriginalityMappingTables>;
export const ORIGINALITY_ENTITY = 'originality_map';
const MAP_ID = 1;

/** The map, highest priority first. */
export async function getOriginalityMap(q: OriginalityDb): Promise<OriginalityMap> {
  const [map, rules] = await Promise.all([
    q.selectFrom('originality_map').select(['version', 'updated_at', 'updated_by']).where('id', '=', MAP_ID).executeTakeFirstOrThrow(),
    q.selectFrom('originality_rules').select(['id', 'part', 'finding', 'label', 'severity as priority']).orderBy('severity', 'desc').orderBy('id').execute(),
  ]);
  return { ...map, rules };
}

export const originalityHistory = (db: Queryable): Promise<ActionLogEntry[]> => actionLog(db, ORIGINALITY_ENTITY, MAP_ID);

export async function saveOriginalityMap(db: Db, actor: Actor, input: SaveOriginalityMapInput): Promise<SaveOriginalityMapResult> {
  return db.transaction(async (tx) => {
    const q = kyselyOf<OriginalityMappingTables>(tx);
    const map = await q.selectFrom('originality_map').select(['version']).where('id', '=', MAP_ID).forUpdate().executeTakeFirstOrThrow();
    if (map.version !== input.version) throw conflict(ORIGINALITY_MESSAGES.stale);
    const before = await q.selectFrom('originality_rules').select(['part', 'finding', 'label', 'severity as priority']).orderBy('severity', 'desc').execute();
    const change = describeMapChange(before, input.rules);
    if (!change) return { version: map.version, message: ORIGINALITY_MESSAGES.unchanged };
    await q.deleteFrom('originality_rules').execute();
    await q
      .insertInto('originality_rules')
      .values(input.rules.map((r) => ({ part: r.part, finding: r.finding, label: r.label, severity: r.priority })))
      .execute();
    const saved = await q
      .updateTable('originality_map')
      .set({ version: map.version + 1, updated_at: new Date().toISOString(), updated_by: actor.fullname || actor.username })
      .where('id', '=', MAP_ID)
      .returning(['version'])
      .executeTakeFirstOrThrow();
    await logAction(tx, { entity: ORIGINALITY_ENTITY, entityId: MAP_ID, action: 'edit', actor, reason: change, details: { before, after: input.rules } });
    return { version: saved.version, message: ORIGINALITY_MESSAGES.saved };
  });
}
