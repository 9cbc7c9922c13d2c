import { sql } from 'kysely';
import { toPersianDigits } from '@panel/contracts/common';
import { EXPERT_WORKFLOW, EXPERTS_MESSAGES, expertState, type AddExpertInput, type ExpertFields, type ExpertOutcome, type ExpertStepInput, type UpdateExpertInput } from '@panel/contracts/experts';
import type { Db, Queryable } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import type { DispatchPort, Publish } from '../../deps';
import { badRequest, conflict } from '../../errors';
import { type Actor, lockedRow, logAction, move } from '../../workflow';
import { EXPERT_ENTITY, type ExpertsDb } from './experts.service';

// Adding, editing, deactivating and activating an expert (decision 105). Each runs in one
// transaction: it locks the expert, checks the version read (a stale one is a 409), writes the
// action log and the row, and tells the dispatch sheet through its port; the sheet's watchers
// hear it after the commit.

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

const locked = (q: ExpertsDb, pk: number, version?: number) => lockedRow(q, 'experts', pk, { notFound: EXPERTS_MESSAGES.notFound, stale: EXPERTS_MESSAGES.stale }, { version, key: 'pk' });

/** The form's fields checked against what the database holds: a free phone, areas of the chosen city. */
async function checkFields(q: ExpertsDb, fields: ExpertFields, self: number | null) {
  const phone = await q.selectFrom('experts').select('pk').where('phone_number', '=', fields.phone_number).executeTakeFirst();
  if (phone && phone.pk !== self) throw badRequest({ phone_number: [EXPERTS_MESSAGES.phoneTaken] });
  const areas = await sql<{ id: number }>`SELECT id FROM dispatch_areas WHERE id = ANY(${fields.areas}::int[]) AND city_id = ${fields.city}`.execute(q);
  if (areas.rows.length !== new Set(fields.areas).size) throw badRequest({ areas: [EXPERTS_MESSAGES.areaOutsideCity] });
}

const columns = (fields: ExpertFields) => {
  const { city, areas, ...rest } = fields;
  return { ...rest, city_id: city, areas: sql<number[]>`${[...new Set(areas)]}::int[]` };
};

export function expertActions(db: Db, dispatch: DispatchPort) {
  /** Runs the work in one transaction, then publishes what the sheet should hear. */
  async function inTx(work: (q: ExpertsDb, tx: Queryable) => Promise<{ outcome: ExpertOutcome; publish?: Publish }>): Promise<ExpertOutcome> {
    try {
      const { outcome, publish } = await db.transaction((tx) => work(kyselyOf(tx), tx));
      await publish?.();
      return outcome;
    } catch (error) {
      // Two staff adding the same phone at once: the unique index decides, the second hears why.
      if (isUniqueViolation(error)) throw badRequest({ phone_number: [EXPERTS_MESSAGES.phoneTaken] });
      throw error;
    }
  }
  const outcome = (row: { pk: number; is_active: boolean; version: number }, message: string): ExpertOutcome => ({ pk: row.pk, is_active: row.is_active, version: row.version, message });

  return {
    add: (actor: Actor, input: AddExpertInput) =>
      inTx(async (q, tx) => {
        await checkFields(q, input, null);
        const row = await q.insertInto('experts').values(columns(input)).returning(['pk', 'is_active', 'version']).executeTakeFirstOrThrow();
        // The expert app's account, as the seeded experts have (decision 033).
        await q.updateTable('experts').set({ username: `expert${row.pk}` }).where('pk', '=', row.pk).where('username', 'is', null).execute();
        await logAction(tx, { entity: EXPERT_ENTITY, entityId: row.pk, action: 'add', to: 'active', actor, reason: input.report_name });
        return { outcome: outcome(row, EXPERTS_MESSAGES.added), publish: await dispatch.expertJoined(tx, row.pk) };
      }),

    update: (actor: Actor, input: UpdateExpertInput) =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.pk, input.version);
        await checkFields(q, input.fields, row.pk);
        const before = { report_name: row.report_name, phone_number: row.phone_number, level: row.level, city: row.city_id, areas: row.areas };
        const changed = await q
          .updateTable('experts')
          .set({ ...columns(input.fields), version: row.version + 1, updated_at: sql<string>`now()` })
          .where('pk', '=', row.pk)
          .returning(['pk', 'is_active', 'version'])
          .executeTakeFirstOrThrow();
        await logAction(tx, { entity: EXPERT_ENTITY, entityId: row.pk, action: 'edit', actor, details: { before } });
        return { outcome: outcome(changed, EXPERTS_MESSAGES.updated) };
      }),

    /** Deactivate (refused while the expert holds an order from today on) or activate. */
    step: (actor: Actor, input: ExpertStepInput) =>
      inTx(async (q, tx) => {
        const row = await locked(q, input.pk, input.version);
        const to = await move(tx, EXPERT_WORKFLOW, { entity: EXPERT_ENTITY, entityId: row.pk, name: row.report_name, action: input.action, from: expertState(row), actor, reason: input.reason });
        let publish: Publish;
        if (to === 'inactive') {
          const left = await dispatch.expertLeft(tx, actor, row.pk);
          if (left.held.length) throw conflict(EXPERTS_MESSAGES.holdsOrders(left.held.length, toPersianDigits(left.held[0]!)));
          publish = left.publish;
        } else {
          publish = await dispatch.expertJoined(tx, row.pk);
        }
        const changed = await q
          .updateTable('experts')
          .set({ is_active: to === 'active', version: row.version + 1, updated_at: sql<string>`now()` })
          .where('pk', '=', row.pk)
          .returning(['pk', 'is_active', 'version'])
          .executeTakeFirstOrThrow();
        return { outcome: outcome(changed, to === 'active' ? EXPERTS_MESSAGES.activated : EXPERTS_MESSAGES.deactivated), publish };
      }),
  };
}
