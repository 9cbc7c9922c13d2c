import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { createDispatchActions } from './dispatch.actions';
import type { Q, Tables } from './dispatch.cells';
import { createDayMaker } from './dispatch.day-maker';
import { createDispatchReads } from './dispatch.reads';

export type { Change, MutationResult } from './dispatch.cells';

// The dispatch rules (spec §4, §5; DESIGN §6): what the sheet reads (dispatch.reads.ts) and what
// it does (dispatch.actions.ts) on one database, sharing the days they create (dispatch.day-maker.ts)
// and the cell as it is read and locked (dispatch.cells.ts).

export function createDispatchService(db: Db, options: { holdTtlSeconds: number }) {
  const q: Q = kyselyOf<Tables>(db);
  const days = createDayMaker(q);
  return {
    ensureDays: days.ensureDays,
    holdTtlSeconds: options.holdTtlSeconds,
    ...createDispatchReads(q, days),
    ...createDispatchActions(db, days, options),
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
