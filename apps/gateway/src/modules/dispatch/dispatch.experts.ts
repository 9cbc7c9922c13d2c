import { sql } from 'kysely';
import { tehranDateKey } from '@panel/contracts/common';
import type { Actor } from '../../workflow';
import { TOUCH, changed, history, type Change, type Q } from './dispatch.cells';

// What the sheet does when the experts module adds, deactivates or reactivates an expert
// (decision 105), in the experts module's transaction. The day maker gives cells only to active
// experts, so days made later follow by themselves; these cover the days the sheet made already.

/** Orders an expert holds on a cell from today on that are still to be done (spec §2 "doing" group). */
const HOLDING_STATES = ['O', 'E', 'I', 'S', 'M', 'T'];

export function createExpertCells() {
  return {
    /** An active expert gets a cell in every shift of today and the days after that the sheet has made. */
    async joined(tx: Q, expertId: number): Promise<Change[]> {
      const rows = await sql<{ pk: number }>`
        INSERT INTO expert_timeslots (expert_id, shift_id)
        SELECT ${expertId}, s.pk FROM dispatch_shifts s WHERE s.date >= ${tehranDateKey(new Date())}::date
        ON CONFLICT (expert_id, shift_id) DO NOTHING
        RETURNING pk`.execute(tx);
      return rows.rows.length ? changed(tx, rows.rows.map((r) => r.pk)) : [];
    },

    /**
     * An expert leaving: the order codes they still hold from today on (then nothing changes, the
     * caller refuses), or their free cells from today on made unavailable, each with its history.
     */
    async left(tx: Q, actor: Actor, expertId: number): Promise<{ held: string[]; changes: Change[] }> {
      const today = tehranDateKey(new Date());
      const held = await tx
        .selectFrom('expert_timeslots as c')
        .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
        .innerJoin('inspections as i', 'i.pk', 'c.inspection_id')
        .select('i.code')
        .where('c.expert_id', '=', expertId)
        .where('s.date', '>=', today)
        .where('i.state', 'in', HOLDING_STATES)
        .orderBy('s.date')
        .orderBy('s.slot')
        .forUpdate()
        .execute();
      if (held.length) return { held: held.map((r) => r.code), changes: [] };
      const freed = await tx
        .updateTable('expert_timeslots as c')
        .from('dispatch_shifts as s')
        .set({ state: 1, ...TOUCH })
        .whereRef('s.pk', '=', 'c.shift_id')
        .where('c.expert_id', '=', expertId)
        .where('s.date', '>=', today)
        .where('c.state', '=', 0)
        .where('c.inspection_id', 'is', null)
        .returning('c.pk')
        .execute();
      for (const cell of freed) await history(tx, cell.pk, 'availability', actor, null, 'کارشناس غیرفعال شد');
      return { held: [], changes: freed.length ? await changed(tx, freed.map((r) => r.pk)) : [] };
    },
  };
}
