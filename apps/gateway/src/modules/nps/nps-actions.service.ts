import { sql } from 'kysely';
import { toPersianDigits } from '@panel/contracts/common';
import { NPS_MESSAGES, NPS_ROOT_CAUSES, NPS_TARGET_HOURS, NPS_WORKFLOW, type NpsOutcome, type NpsStepInput, type RecordNpsAnswerInput } from '@panel/contracts/nps';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict } from '../../errors';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { NPS_ENTITY, type NpsDb, type NpsTablesAll } from './nps.service';

// NPS changes (decision 115). Each runs in one transaction: it locks the answer, refuses a stale
// version (409), moves the declared table (roles, allowed moves and a required reason; the move
// writes the action log) and changes the row. Closing keeps the root cause; the first call back
// (or a close that comes first) ends a detractor's 48-hour target.

const locked = (q: NpsDb, id: number, version: number) => lockedRow(q, 'nps_answers', id, { notFound: NPS_MESSAGES.notFound, stale: NPS_MESSAGES.stale }, { version });

/** What the log keeps as the reason of a close: the root cause, then the note typed. */
const closeReason = (input: NpsStepInput) => [input.root_cause && `علت ریشه‌ای: ${NPS_ROOT_CAUSES[input.root_cause]}`, input.reason].filter(Boolean).join(' — ');

export function npsActions(db: Db) {
  const inTx = <T>(work: (q: NpsDb, tx: Queryable) => Promise<T>) => db.transaction((tx) => work(kyselyOf<NpsTablesAll>(tx), tx));

  return {
    /** A survey answer arrives (the survey's own call, or staff typing one given by phone): status B. */
    record: (actor: Actor, input: RecordNpsAnswerInput): Promise<NpsOutcome> =>
      inTx(async (q, tx) => {
        if (input.inspection_id !== null) {
          const order = await q.selectFrom('inspections').select('pk').where('pk', '=', input.inspection_id).executeTakeFirst();
          if (!order) throw badRequest({ inspection_id: [NPS_MESSAGES.noOrder] });
          const answered = await q.selectFrom('nps_answers').select('id').where('inspection_id', '=', input.inspection_id).forUpdate().executeTakeFirst();
          if (answered) throw conflict(NPS_MESSAGES.orderAnswered);
        }
        const row = await q
          .insertInto('nps_answers')
          .values({
            ...input,
            answered_at: sql<string>`now()`,
            due_at: input.score <= 6 ? sql<string>`now() + make_interval(hours => ${NPS_TARGET_HOURS})` : null,
            created_by: actor.username,
          })
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: NPS_ENTITY, entityId: row.id, action: 'answer', to: row.state, actor, reason: `امتیاز ${toPersianDigits(input.score)}` });
        return { ...row, message: NPS_MESSAGES.recorded };
      }),

    /** One move of the follow-up table. */
    step: (actor: Actor, input: NpsStepInput): Promise<NpsOutcome> =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.id, input.version);
        const close = input.action === 'close';
        const state = await move(tx, NPS_WORKFLOW, {
          entity: NPS_ENTITY,
          entityId: row.id,
          name: toPersianDigits(row.id),
          action: input.action,
          from: row.state,
          actor,
          reason: close ? closeReason(input) : input.reason,
          details: close ? { root_cause: input.root_cause } : undefined,
        });
        const responds = input.action === 'call_back' || close;
        const changed = await q
          .updateTable('nps_answers')
          .set({
            state,
            version: row.version + 1,
            root_cause: close ? input.root_cause : state === 'H' ? row.root_cause : null,
            responded_at: responds ? sql<string>`coalesce(responded_at, now())` : row.responded_at,
            updated_at: sql<string>`now()`,
          })
          .where('id', '=', row.id)
          .returning(['id', 'state', 'version'])
          .executeTakeFirstOrThrow();
        return { ...changed, message: NPS_MESSAGES.moved[input.action] };
      }),
  };
}
