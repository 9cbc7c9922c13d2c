import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import type { DispatchPort, Publish } from '../../deps';
import type { GatewayEnv } from '../../env';
import { createLiveChannel } from '../../live/live-channel';
import { createExpertCells } from './dispatch.experts';
import { dispatchChannel } from './dispatch.live';
import { createDispatchService, type Change, type MutationResult } from './dispatch.service';
import type { DispatchTables } from './dispatch.tables';
import type { CoreTables } from '../../db/core-tables';

/**
 * What the dispatch sheet does for other modules (decision 033), wired by the app layer: the
 * same rules as the sheet's own routes, run in the caller's transaction; the returned publish
 * tells the sheets watching `/ws/dispatch` (through NOTIFY, heard by every gateway instance).
 */
export function dispatchPort(db: Db, env: GatewayEnv): DispatchPort {
  const service = createDispatchService(db, { holdTtlSeconds: env.HOLD_TTL_SECONDS });
  // Publishing is a NOTIFY on the channel; the routes' own channel instance serves the sockets.
  const live = createLiveChannel(db, dispatchChannel(service.snapshot));
  const publishing =
    (changes: Change[]): Publish =>
    () =>
      live.publish(changes.map(({ date, cells }: Change) => ({ topic: date, items: cells })));
  const publisher = (result: MutationResult<unknown>): Publish => publishing(result.changes);
  const experts = createExpertCells();
  const q = kyselyOf<CoreTables & DispatchTables>;
  return {
    assignFromOffer: async (tx, actor, input) => publisher(await service.assignFromOffer(q(tx), actor, input)),
    reserveCell: async (tx, actor, input) => publisher(await service.reserveCell(q(tx), actor, input)),
    freeReservedCell: async (tx, actor, input) => publisher(await service.freeReservedCell(q(tx), actor, input)),
    expertJoined: async (tx, expertId) => publishing(await experts.joined(q(tx), expertId)),
    expertLeft: async (tx, actor, expertId) => {
      const { held, changes } = await experts.left(q(tx), actor, expertId);
      return { held, publish: publishing(changes) };
    },
    expertNames: async (tx, ids) => {
      if (ids.length === 0) return new Map();
      const rows = await q(tx).selectFrom('experts').select(['pk', 'report_name']).where('pk', 'in', [...ids]).execute();
      return new Map(rows.map((r) => [r.pk, r.report_name]));
    },
    // The cancel form records the penalty on the cell's history row (dispatch.actions.ts cancelAssignment).
    penalties: async (tx, { since, before }) =>
      q(tx)
        .selectFrom('dispatch_history as h')
        .innerJoin('expert_timeslots as t', 't.pk', 'h.timeslot_id')
        .innerJoin('inspections as i', 'i.code', 'h.inspection_code')
        .select(['h.pk as historyPk', 't.expert_id as expertId', 'i.pk as inspectionId', 'h.at'])
        .where('h.penalty', '=', true)
        .where('h.at', '<', before)
        .$if(since !== null, (w) => w.where('h.at', '>=', since!))
        .orderBy('h.at')
        .execute(),
  };
}
