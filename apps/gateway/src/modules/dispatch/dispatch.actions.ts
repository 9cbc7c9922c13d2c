import { sql } from 'kysely';
import type { Cell, Note } from '@panel/contracts/dispatch';
import type { Db } from '../../db/db';
import { kyselyOf } from '../../db/kysely';
import { badRequest, conflict, notFound } from '../../errors';
import type { Actor } from '../../workflow';
import {
  NO_HOLD,
  TOUCH,
  changed,
  changedCell,
  checkHoldIsNotOthers,
  checkVersion,
  checkVisitTime,
  expertName,
  heldBy,
  history,
  inspectionCode,
  lockCellByPk,
  lockInspection,
  lockShiftExpert,
  type Change,
  type LockedInspection,
  type MutationResult,
  type Q,
  type Tables,
} from './dispatch.cells';
import type { DayMaker } from './dispatch.day-maker';
import { SHIFT_TIMES, minutesOf, slotLabel } from './dispatch.days';
import { NOTE_COLUMNS } from './dispatch.reads';
import { PENALTY_STATES, VISIT_TIME_STATES, assertTransition, stateLabel } from './inspection-states';

// What the sheet does (spec §4, §5; DESIGN §6). Every action is one transaction that locks the
// rows it decides on (FOR UPDATE), so two dispatchers acting at once on one cell or one order get
// one success and one 409 naming what happened. The actions return the changed cells with their
// date; the caller publishes them after commit. The ports' actions run in the caller's transaction.

export function createDispatchActions(db: Db, { ensureDays }: DayMaker, options: { holdTtlSeconds: number }) {
  const q: Q = kyselyOf<Tables>(db);
  async function assignIn(
    trx: Q,
    actor: Actor,
    input: { inspectionId: number; timeslotId: number; visitTime: string; version?: number; replacesInspectionId?: number; fromOffer?: boolean },
  ): Promise<MutationResult<Cell>> {
    // Inspections first (in pk order), then the cell: every mutation that takes both kinds
    // of lock takes them in this order.
    const replacedPk = input.replacesInspectionId === input.inspectionId ? undefined : input.replacesInspectionId;
    const locked = new Map<number, LockedInspection>();
    for (const pk of [input.inspectionId, replacedPk ?? input.inspectionId].sort((x, y) => x - y)) {
      if (!locked.has(pk)) locked.set(pk, await lockInspection(trx, pk));
    }
    const inspection = locked.get(input.inspectionId)!;
    const replaced = replacedPk === undefined ? undefined : locked.get(replacedPk);
    const cell = await lockCellByPk(trx, input.timeslotId);
    const current = await trx.selectFrom('expert_timeslots').select('expert_id').where('inspection_id', '=', inspection.pk).executeTakeFirst();
    if (current) {
      throw conflict(`سفارش ${inspection.code} هم‌اکنون به کارشناس «${await expertName(trx, current.expert_id)}» تخصیص داده شده است.`);
    }
    checkVersion(cell, input.version);
    if (cell.inspection_id !== null && cell.inspection_id !== replaced?.pk) {
      throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(trx, cell.inspection_id)} را دارد.`);
    }
    if (replaced && cell.inspection_id === null) {
      throw conflict(`سفارش ${replaced.code} دیگر در این خانه نیست؛ وضعیت تازه خانه نمایش داده شد.`);
    }
    if (replaced) {
      // Spec §5: the picker is locked while the order is in final assignment.
      if (replaced.state === 'O') throw conflict(`سفارش ${replaced.code} در وضعیت «${stateLabel('O')}» است و جایگزین نمی‌شود.`);
      assertTransition(replaced.code, replaced.state, 'T');
    }
    checkHoldIsNotOthers(cell, actor);
    if (cell.state !== 0 && cell.state !== 2) throw conflict('کارشناس در این شیفت آزاد نیست.');
    // An order on hold (decision 032) waits: it is not assigned until its hold ends.
    if (inspection.held) throw conflict(`سفارش ${inspection.code} متوقف است و تا پایان توقف تخصیص داده نمی‌شود.`);
    // An order on offer is assigned only by an expert's acceptance (decision 033): P -> O is the
    // offer's move, outside the sheet's table (which refuses it from the sheet).
    if (input.fromOffer) {
      if (inspection.state !== 'P') throw conflict(`سفارش ${inspection.code} دیگر در پیشنهاد نیست.`);
    } else assertTransition(inspection.code, inspection.state, 'O');
    checkVisitTime(cell, input.visitTime);
    if (replaced) {
      await trx
        .updateTable('inspections')
        .set({ state: 'T', expert_id: null, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
        .where('pk', '=', replaced.pk)
        .execute();
      await history(trx, cell.pk, 'cancel_assignment', actor, replaced.code, `جایگزینی با سفارش ${inspection.code}`);
    }
    await trx
      .updateTable('inspections')
      .set({
        state: 'O',
        expert_id: cell.expert_id,
        visit_date: cell.date,
        time_slot: slotLabel(cell.slot),
        visit_time: input.visitTime,
        version: sql<number>`version + 1`,
        updated_at: sql<string>`now()`,
      })
      .where('pk', '=', inspection.pk)
      .execute();
    await trx
      .updateTable('expert_timeslots')
      .set({ inspection_id: inspection.pk, state: 2, ...NO_HOLD, ...TOUCH })
      .where('pk', '=', cell.pk)
      .execute();
    await history(trx, cell.pk, 'assign', actor, inspection.code, input.visitTime);
    return changedCell(trx, cell.pk);
  }

  return {
    async updateAvailability(actor: Actor, input: { expertId: number; shiftId: number; state: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null && input.state !== 2) {
          const code = await inspectionCode(trx, cell.inspection_id);
          throw conflict(`کارشناس در این شیفت سفارش ${code} را دارد؛ ابتدا تخصیص را لغو کنید.`);
        }
        // Turning a slot off also ends the dispatcher's own reserve on it.
        await trx
          .updateTable('expert_timeslots')
          .set({ state: input.state as Cell['state'], ...(input.state === 1 ? NO_HOLD : {}), ...TOUCH })
          .where('pk', '=', cell.pk)
          .execute();
        await history(trx, cell.pk, 'availability', actor, null, String(input.state));
        return changedCell(trx, cell.pk);
      });
    },

    async tempReserve(actor: Actor, input: { expertId: number; shiftId: number; version?: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        checkVersion(cell, input.version);
        checkHoldIsNotOthers(cell, actor);
        if (cell.inspection_id !== null) {
          throw conflict(`این خانه هم‌اکنون سفارش ${await inspectionCode(trx, cell.inspection_id)} را دارد و قابل رزرو نیست.`);
        }
        if (cell.state !== 0 && cell.state !== 2) throw conflict('کارشناس در این شیفت آزاد نیست و نمی‌توان آن را رزرو کرد.');
        await trx
          .updateTable('expert_timeslots')
          .set({
            hold_username: actor.username,
            hold_fullname: actor.fullname,
            hold_expires_at: sql<string>`clock_timestamp() + make_interval(secs => ${options.holdTtlSeconds})`,
            ...TOUCH,
          })
          .where('pk', '=', cell.pk)
          .execute();
        await history(trx, cell.pk, 'reserve', actor, null);
        return changedCell(trx, cell.pk);
      });
    },

    async cancelReserve(actor: Actor, input: { expertId: number; shiftId: number }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const cell = await lockShiftExpert(trx, input.shiftId, input.expertId);
        if (!cell.held) throw conflict('این خانه رزرو نشده است یا مهلت رزرو آن تمام شده است.');
        if (cell.hold_username !== actor.username) {
          throw conflict(`این خانه توسط «${cell.hold_fullname || cell.hold_username}» رزرو شده و فقط همان کاربر می‌تواند آن را آزاد کند.`);
        }
        await trx.updateTable('expert_timeslots').set({ ...NO_HOLD, ...TOUCH }).where('pk', '=', cell.pk).execute();
        await history(trx, cell.pk, 'cancel_reserve', actor, null);
        return changedCell(trx, cell.pk);
      });
    },

    assignOrder: (
      actor: Actor,
      input: { inspectionId: number; timeslotId: number; visitTime: string; version?: number; replacesInspectionId?: number },
    ): Promise<MutationResult<Cell>> => db.transaction((tx) => assignIn(kyselyOf<Tables>(tx), actor, input)),

    /**
     * An expert's acceptance of an offer (decision 033): the order goes onto the expert's cell of
     * the order's own shift by the same rules as the sheet's assignment, in the caller's
     * transaction (the caller locked the order and the offer).
     */
    async assignFromOffer(trx: Q, actor: Actor, input: { inspectionId: number; expertId: number }): Promise<MutationResult<Cell>> {
      const order = await trx.selectFrom('inspections').select(['code', 'visit_date', 'time_slot', 'visit_time']).where('pk', '=', input.inspectionId).executeTakeFirst();
      if (!order) throw notFound('سفارش موردنظر یافت نشد');
      const slot = SHIFT_TIMES.find((t) => slotLabel(t.slot) === order.time_slot);
      if (!order.visit_date || !slot) throw conflict(`سفارش ${order.code} زمان بازدید مشخصی ندارد و از پیشنهاد تخصیص داده نمی‌شود.`);
      await ensureDays([order.visit_date], trx);
      const cell = await trx
        .selectFrom('expert_timeslots as c')
        .innerJoin('dispatch_shifts as s', 's.pk', 'c.shift_id')
        .select('c.pk')
        .where('s.date', '=', order.visit_date)
        .where('s.slot', '=', slot.slot)
        .where('c.expert_id', '=', input.expertId)
        .executeTakeFirst();
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      const wanted = order.visit_time ? minutesOf(order.visit_time) : -1;
      const visitTime = wanted >= minutesOf(slot.start) && wanted < minutesOf(slot.end) ? order.visit_time!.slice(0, 5) : slot.start.slice(0, 5);
      return assignIn(trx, actor, { inspectionId: input.inspectionId, timeslotId: cell.pk, visitTime, fromOffer: true });
    },

    /**
     * A customer's reserve takes a free cell as "instant reserved" (availability 4), in the caller's
     * transaction. Decided under the cell's lock, as the sheet's actions are: a cell held on the
     * sheet is not free, whoever holds it (the staff member renewing a reserve too), since the hold
     * keeps it for an order and a cell carries one booking.
     */
    async reserveCell(trx: Q, actor: Actor, input: { cellPk: number; customer: string }): Promise<MutationResult<Cell>> {
      const cell = await lockCellByPk(trx, input.cellPk);
      if (cell.held) throw conflict(heldBy(cell));
      if (cell.inspection_id !== null || cell.state !== 0) throw conflict('این خانه دیگر آزاد نیست و رزرو نمی‌شود.');
      await trx.updateTable('expert_timeslots').set({ state: 4, ...TOUCH }).where('pk', '=', cell.pk).execute();
      await history(trx, cell.pk, 'customer_reserve', actor, null, input.customer);
      return changedCell(trx, cell.pk);
    },

    /** A reserve ended (released, expired): its cell is free again unless something else took it meanwhile. */
    async freeReservedCell(trx: Q, actor: Actor | null, input: { cellPk: number; details: string }): Promise<MutationResult<Cell | null>> {
      const cell = await lockCellByPk(trx, input.cellPk);
      if (cell.state !== 4 || cell.inspection_id !== null) return { value: null, changes: [] };
      await trx.updateTable('expert_timeslots').set({ state: 0, ...TOUCH }).where('pk', '=', cell.pk).execute();
      await history(trx, cell.pk, 'customer_reserve_end', actor, null, input.details);
      return changedCell(trx, cell.pk);
    },

    async updateVisitTime(actor: Actor, input: { inspectionId: number; visitTime: string }): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const inspection = await lockInspection(trx, input.inspectionId);
        const onCell = await trx.selectFrom('expert_timeslots').select('pk').where('inspection_id', '=', inspection.pk).executeTakeFirst();
        if (!onCell) throw conflict(`سفارش ${inspection.code} به کارشناسی تخصیص داده نشده است.`);
        const cell = await lockCellByPk(trx, onCell.pk);
        if (!(VISIT_TIME_STATES as readonly string[]).includes(inspection.state)) {
          throw conflict(`زمان بازدید سفارش ${inspection.code} در وضعیت «${stateLabel(inspection.state)}» قابل تغییر نیست.`);
        }
        checkVisitTime(cell, input.visitTime);
        await trx
          .updateTable('inspections')
          .set({ visit_time: input.visitTime, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
          .where('pk', '=', inspection.pk)
          .execute();
        await trx.updateTable('expert_timeslots').set(TOUCH).where('pk', '=', cell.pk).execute();
        await history(trx, cell.pk, 'visit_time', actor, inspection.code, input.visitTime);
        return changedCell(trx, cell.pk);
      });
    },

    async cancelAssignment(
      actor: Actor,
      input: { inspectionId: number; expertId: number; cancelByExpert: boolean; penalty: boolean; description?: string },
    ): Promise<MutationResult<Cell>> {
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const inspection = await lockInspection(trx, input.inspectionId);
        const onCell = await trx
          .selectFrom('expert_timeslots')
          .select(['pk', 'expert_id'])
          .where('inspection_id', '=', inspection.pk)
          .executeTakeFirst();
        if (!onCell || onCell.expert_id !== input.expertId) {
          throw conflict(`سفارش ${inspection.code} به این کارشناس تخصیص داده نشده است؛ احتمالا پیش‌تر لغو یا جابه‌جا شده است.`);
        }
        const cell = await lockCellByPk(trx, onCell.pk);
        assertTransition(inspection.code, inspection.state, 'T');
        if (input.penalty && !(PENALTY_STATES as readonly string[]).includes(inspection.state)) {
          throw badRequest({ penalty: ['برای این سفارش جریمه‌ای قابل اعمال نیست.'] });
        }
        await trx
          .updateTable('inspections')
          .set({ state: 'T', expert_id: null, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
          .where('pk', '=', inspection.pk)
          .execute();
        await trx.updateTable('expert_timeslots').set({ inspection_id: null, state: 0, ...TOUCH }).where('pk', '=', cell.pk).execute();
        const details = [
          input.cancelByExpert ? 'لغو توسط کارشناس' : 'لغو توسط پشتیبانی یا مشتری',
          input.penalty ? 'با جریمه' : 'بدون جریمه',
          input.description?.trim() ?? '',
        ]
          .filter(Boolean)
          .join('، ');
        await history(trx, cell.pk, 'cancel_assignment', actor, inspection.code, details, input.penalty === true);
        return changedCell(trx, cell.pk);
      });
    },


    async createNote(input: {
      agent_username: string;
      agent_fullname: string;
      content: string;
      is_active: boolean;
      shift: number;
      expert: number;
    }): Promise<Note> {
      const cell = await q
        .selectFrom('expert_timeslots')
        .select('pk')
        .where('shift_id', '=', input.shift)
        .where('expert_id', '=', input.expert)
        .executeTakeFirst();
      if (!cell) throw notFound('خانه موردنظر (کارشناس در این شیفت) یافت نشد');
      return q
        .insertInto('dispatch_notes')
        .values({
          agent_username: input.agent_username,
          agent_fullname: input.agent_fullname,
          content: input.content,
          is_active: input.is_active,
          shift_id: input.shift,
          expert_id: input.expert,
        })
        .returning(NOTE_COLUMNS)
        .executeTakeFirstOrThrow();
    },


    async duplicateTimeslot(actor: Actor, input: { fromDate: string; toDate: string }): Promise<MutationResult<{ updated: number }>> {
      await ensureDays([input.fromDate, input.toDate]);
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        // Availability only, onto cells that have no order and no live hold.
        const { rows } = await sql<{ pk: number }>`
          UPDATE expert_timeslots t SET state = src.state, version = t.version + 1, updated_at = clock_timestamp()
          FROM expert_timeslots src
          JOIN dispatch_shifts ss ON ss.pk = src.shift_id AND ss.date = ${input.fromDate}::date
          JOIN dispatch_shifts ts ON ts.date = ${input.toDate}::date AND ts.slot = ss.slot
          WHERE t.shift_id = ts.pk AND t.expert_id = src.expert_id AND src.state IN (0, 1) AND t.state <> src.state
            AND t.inspection_id IS NULL AND NOT (t.hold_expires_at IS NOT NULL AND t.hold_expires_at > now())
          RETURNING t.pk`.execute(trx);
        for (const row of rows) await history(trx, row.pk, 'duplicate', actor, null, input.fromDate);
        const changes = await changed(trx, rows.map((row) => row.pk));
        return { value: { updated: rows.length }, changes };
      });
    },

    /**
     * Releases every hold past its expiry; several gateway instances may run this at once. It runs
     * every second and almost always finds none: one look at the holds' index answers that, without
     * a transaction (on PGlite the transaction's four statements cost an idle gateway 2 % of a core).
     */
    async releaseExpiredHolds(): Promise<Change[]> {
      const due = await q.selectFrom('expert_timeslots').select('pk').where('hold_expires_at', '<=', sql<string>`now()`).limit(1).executeTakeFirst();
      if (!due) return [];
      return db.transaction(async (tx) => {
        const trx = kyselyOf<Tables>(tx);
        const rows = await trx
          .updateTable('expert_timeslots')
          .set({ ...NO_HOLD, ...TOUCH })
          .where('pk', 'in', (eb) =>
            eb.selectFrom('expert_timeslots').select('pk').where('hold_expires_at', '<=', sql<string>`now()`).forUpdate().skipLocked(),
          )
          .returning('pk')
          .execute();
        for (const row of rows) await history(trx, row.pk, 'hold_expired', null, null);
        return changed(trx, rows.map((row) => row.pk));
      });
    },

    /** The whole date as cells, for the live stream's first message. */
  };
}
